import { expect } from 'chai';
import { DateTime } from 'luxon';
import { startTestServer, type TestServer } from '../support/server.ts';
import { storedEvents } from '../support/log.ts';
import { expectError } from '../http/helpers.ts';
import { asignar, newPaciente, newPsicologo, pushHandled, waitFor, type Persona } from './support.ts';
import { Y } from '../citas/support.ts';

const KEYS = ['idMensaje', 'senderId', 'receiverId', 'idCita', 'mensaje', 'enviadoEn', 'leido'];

describe('messages over REST', () => {
  let srv: TestServer;
  let admin: string;
  let adminId: number;
  let psi: Persona;
  let otroPsi: Persona;
  let p1: Persona & { idPaciente: number };
  let p2: Persona & { idPaciente: number };
  const send = (token: string, body: unknown, path = '/api/mensajes') => srv.request('POST', path, { token, body });

  before(async () => {
    srv = await startTestServer();
    admin = await srv.adminToken();
    adminId = (await srv.request('POST', '/auth/login', { body: { email: 'admin@test.local', password: 'Admin12345' } })).body.idUsuario;
    psi = await newPsicologo(srv, admin);
    otroPsi = await newPsicologo(srv, admin);
    p1 = await newPaciente(srv);
    p2 = await newPaciente(srv);
    await asignar(srv, admin, p1.idPaciente, psi.idPsicologo!);
  });
  after(async () => { await srv?.stop(); });

  it('POST stores a message from the caller and answers 201 with the record', async () => {
    const r = await send(p1.token, { receiverId: psi.idUsuario, mensaje: '  Hola, ¿podemos hablar?  ' });
    expect(r.status, r.text).to.equal(201);
    expect(r.body).to.have.all.keys(...KEYS);
    expect(r.body).to.include({ senderId: p1.idUsuario, receiverId: psi.idUsuario, idCita: null, mensaje: 'Hola, ¿podemos hablar?', leido: false });
    expect(r.body.enviadoEn).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    const sent = DateTime.fromISO(r.body.enviadoEn, { zone: 'Europe/Madrid' });
    expect(Math.abs(sent.diffNow('seconds').seconds)).to.be.below(60);
    const mine = await srv.request('GET', '/api/mensajes', { token: p1.token });
    expect(mine.body.map((m: { idMensaje: number }) => m.idMensaje)).to.include(r.body.idMensaje);
  });

  it('takes senderId from the token, never from the body', async () => {
    expectError(await send(p1.token, { senderId: p2.idUsuario, receiverId: psi.idUsuario, mensaje: 'x' }), 400, /senderId/);
  });

  it('rejects bad bodies, unknown or out-of-reach receivers and appointments with 400', async () => {
    const cases: unknown[] = [
      {}, { receiverId: psi.idUsuario }, { mensaje: 'hola' }, { receiverId: psi.idUsuario, mensaje: '' },
      { receiverId: psi.idUsuario, mensaje: '   ' }, { receiverId: String(psi.idUsuario), mensaje: 'x' },
      { receiverId: 1.5, mensaje: 'x' }, { receiverId: psi.idUsuario, mensaje: 'x'.repeat(5001) },
      { receiverId: psi.idUsuario, mensaje: 'a\u0000b' },
    ];
    for (const body of cases) expectError(await send(p1.token, body), 400);
    expectError(await send(p1.token, { receiverId: 999999, mensaje: 'x' }), 400, 'El destinatario no existe');
    expectError(await send(p1.token, { receiverId: p1.idUsuario, mensaje: 'x' }), 400);
    // Another patient reads as a receiver that does not exist.
    expectError(await send(p1.token, { receiverId: p2.idUsuario, mensaje: 'x' }), 400, 'El destinatario no existe');
    expectError(await send(p1.token, { receiverId: psi.idUsuario, mensaje: 'x', idCita: 999999 }), 400, 'La cita no existe');
  });

  it('accepts idCita only for an appointment of one of the two people', async () => {
    const cita = await srv.request('POST', '/api/citas', {
      token: p1.token, body: { idPsicologo: psi.idPsicologo, startDatetime: `${Y}-03-04T10:00:00`, durationMinutes: 50, motivo: 'Primera visita' },
    });
    expect(cita.status, cita.text).to.equal(201);
    const ok = await send(p1.token, { receiverId: psi.idUsuario, mensaje: 'Sobre la cita', idCita: cita.body.idCita });
    expect(ok.status, ok.text).to.equal(201);
    expect(ok.body.idCita).to.equal(cita.body.idCita);
    expectError(await send(p2.token, { receiverId: otroPsi.idUsuario, mensaje: 'x', idCita: cita.body.idCita }), 400, 'La cita no existe');
  });

  it('keeps each role on its own paths: 401 without a token, 403 for another role', async () => {
    expectError(await srv.request('GET', '/api/mensajes'), 401);
    expectError(await srv.request('GET', '/api/mensajes', { token: psi.token }), 403);
    expectError(await send(psi.token, { receiverId: p1.idUsuario, mensaje: 'x' }), 403);
    expectError(await srv.request('GET', '/api/psicologo/mensajes', { token: p1.token }), 403);
    expectError(await srv.request('GET', '/api/admin/mensajes', { token: p1.token }), 403);
  });

  it('lets a psychologist write to their own patients and to whoever wrote to them, no one else', async () => {
    const own = await send(psi.token, { receiverId: p1.idUsuario, mensaje: 'Claro, mañana a las diez' }, '/api/psicologo/mensajes');
    expect(own.status, own.text).to.equal(201);
    expect(own.body.senderId).to.equal(psi.idUsuario);
    expectError(await send(psi.token, { receiverId: p2.idUsuario, mensaje: 'x' }, '/api/psicologo/mensajes'), 400);
    expect((await send(p2.token, { receiverId: psi.idUsuario, mensaje: 'Busco terapeuta' })).status).to.equal(201);
    expect((await send(psi.token, { receiverId: p2.idUsuario, mensaje: 'Le respondo' }, '/api/psicologo/mensajes')).status).to.equal(201);
    expect((await send(psi.token, { receiverId: otroPsi.idUsuario, mensaje: 'Colega' }, '/api/psicologo/mensajes')).status).to.equal(201);
    expect((await send(p1.token, { receiverId: adminId, mensaje: 'Consulta administrativa' })).status).to.equal(201);
  });

  it('lists only the caller\'s conversations, by enviadoEn; the administrator sees all', async () => {
    const own = (await srv.request('GET', '/api/mensajes', { token: p1.token })).body as { senderId: number; receiverId: number; enviadoEn: string; idMensaje: number }[];
    expect(own.length).to.be.at.least(3);
    for (const m of own) expect([m.senderId, m.receiverId]).to.include(p1.idUsuario);
    const order = own.map((m) => `${m.enviadoEn}#${String(m.idMensaje).padStart(10, '0')}`);
    expect(order).to.deep.equal([...order].sort());
    const other = (await srv.request('GET', '/api/mensajes', { token: p2.token })).body as { senderId: number; receiverId: number }[];
    for (const m of other) expect([m.senderId, m.receiverId]).to.include(p2.idUsuario);
    const psiList = (await srv.request('GET', '/api/psicologo/mensajes', { token: psi.token })).body as unknown[];
    expect(psiList.length).to.be.at.least(5);
    const all = (await srv.request('GET', '/api/admin/mensajes', { token: admin })).body as unknown[];
    expect(all.length).to.be.at.least(own.length + other.length - 1);
    expect(all[0]).to.have.all.keys(...KEYS);
  });

  it('PUT .../leido: only the receiver marks a message read (200, idempotent); anyone else gets 404', async () => {
    const m = (await send(p1.token, { receiverId: psi.idUsuario, mensaje: 'Léame' })).body;
    expectError(await srv.request('PUT', `/api/mensajes/${m.idMensaje}/leido`, { token: p1.token }), 404);
    expectError(await srv.request('PUT', `/api/mensajes/${m.idMensaje}/leido`, { token: p2.token }), 404);
    expectError(await srv.request('PUT', `/api/psicologo/mensajes/${m.idMensaje}/leido`, { token: otroPsi.token }), 404);
    expectError(await srv.request('PUT', '/api/psicologo/mensajes/999999/leido', { token: psi.token }), 404);
    for (let i = 0; i < 2; i++) {
      const r = await srv.request('PUT', `/api/psicologo/mensajes/${m.idMensaje}/leido`, { token: psi.token });
      expect(r.status, r.text).to.equal(200);
      expect(r.body).to.include({ idMensaje: m.idMensaje, leido: true });
    }
    const seen = (await srv.request('GET', '/api/mensajes', { token: p1.token })).body.find((x: { idMensaje: number }) => x.idMensaje === m.idMensaje);
    expect(seen.leido).to.equal(true);
  });

  it('seals the text in the log with the patient\'s clinical key (the sender\'s between staff)', async () => {
    const withPatient = (await send(p1.token, { receiverId: psi.idUsuario, mensaje: 'texto clínico reservado' })).body;
    const betweenStaff = (await send(psi.token, { receiverId: otroPsi.idUsuario, mensaje: 'nota entre colegas' }, '/api/psicologo/mensajes')).body;
    const row = async (id: number) => (await storedEvents(srv, { type: 'MensajeEnviado' })).find((e) => e.data.idMensaje === id)!;
    const a = await row(withPatient.idMensaje);
    expect(JSON.stringify(a.data)).to.not.contain('reservado');
    expect(a.metadata.sealing).to.deep.equal({ subject: `usuario-${p1.idUsuario}`, fields: { mensaje: 'clinical' } });
    expect(a.data.idPaciente).to.equal(p1.idPaciente);
    const b = await row(betweenStaff.idMensaje);
    expect(b.metadata.sealing?.subject).to.equal(`usuario-${psi.idUsuario}`);
    expect(b.data.idPaciente).to.equal(null);
  });

  it('pushes to an offline receiver\'s devices once, without the text; none when notifications are off', async () => {
    const token = `device-${Date.now()}`;
    expect((await srv.request('POST', '/api/dispositivos', { token: p1.token, body: { token } })).status).to.be.oneOf([200, 201]);
    const m = (await send(psi.token, { receiverId: p1.idUsuario, mensaje: 'secreto terapéutico' }, '/api/psicologo/mensajes')).body;
    const push = await waitFor(() => srv.push.sent.find((p) => p.token === token && p.data?.idMensaje === String(m.idMensaje)));
    expect(push.title).to.equal('Nuevo mensaje');
    expect(push.body).to.contain('Laura');
    expect(JSON.stringify(push)).to.not.contain('secreto');
    expect(push.data).to.deep.equal({ tipo: 'MensajeEnviado', idMensaje: String(m.idMensaje), senderId: String(psi.idUsuario) });

    expect((await srv.request('PUT', '/api/ajustes', { token: p1.token, body: { notificaciones: false } })).status).to.equal(200);
    const quiet = (await send(psi.token, { receiverId: p1.idUsuario, mensaje: 'sin aviso' }, '/api/psicologo/mensajes')).body;
    await pushHandled(srv.deps, quiet.idMensaje);
    await new Promise((r) => setTimeout(r, 600)); // the outbox worker polls every 250 ms
    expect(srv.push.sent.filter((p) => p.data?.idMensaje === String(quiet.idMensaje))).to.have.length(0);
    expect(srv.push.sent.filter((p) => p.data?.idMensaje === String(m.idMensaje))).to.have.length(1);
  });
});
