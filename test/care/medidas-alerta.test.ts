import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { stomp, type StompUser } from '../realtime/support.ts';
import { readMail } from '../notifications/support.ts';
import { waitFor } from '../mensajes/support.ts';
import { storedEvents } from '../support/log.ts';
import { cuestionariosReactor } from '../../src/reactors/notifications/cuestionarios.ts';
import { reactorHandlers } from '../../src/reactors/reactor.ts';
import { asignarInstrumento, huella, mundo, responder, todas, type Mundo } from './medidas-support.ts';

// docs/care.md "Safety alert": a PHQ-9 item-9 answer of 1 or more reaches the assigned
// psychologist at once over STOMP, and by mail and push through the outbox exactly once; the patient
// is marked in the psychologist's list until acknowledged; the patient is told where to get help.
const AYUDA = 'Llame al 024 o a la consulta: 900 000 000.';

describe('care: the safety alert', function () {
  this.timeout(60_000);
  let srv: TestServer;
  let w: Mundo;
  let socket: StompUser;
  let otro: StompUser;
  const wsUrl = () => `${srv.url.replace(/^http/, 'ws')}/ws`;

  before(async () => {
    srv = await startTestServer({ env: { CARE_URGENT_HELP_TEXT: AYUDA } });
    w = await mundo(srv);
    expect((await srv.request('POST', '/api/dispositivos', { token: w.psi.token, body: { token: 'psi-device-1' } })).status).to.be.oneOf([200, 201]);
    socket = await stomp(wsUrl(), w.psi.token);
    otro = await stomp(wsUrl(), w.otroPsi.token);
  });
  after(async () => {
    await socket?.close();
    await otro?.close();
    await srv.stop();
  });

  const alertaRows = () => srv.deps.knex('outbox').where('dedupe_key', 'like', 'cuestionario:alerta-%').orderBy('dedupe_key');
  const listaPaciente = async () => (await srv.request('GET', '/api/psicologo/pacientes/getAll', { token: w.psi.token })).body
    .find((p: any) => p.idPaciente === w.pac.idPaciente);

  it('no alert when item 9 is 0, whatever the total; the patient is told of the request by mail', async () => {
    await asignarInstrumento(srv, w.psi, w.pac.idPaciente, 'PHQ-9');
    const mail = await waitFor(() => srv.smtp.mails.find((m) => readMail(m).subject.includes('PHQ-9')), 10_000, 'the request mail');
    expect(readMail(mail).subject).to.equal('Tiene un cuestionario pendiente: PHQ-9');
    const inbox = socket.subscribe('/user/queue/alertas');
    const r = await responder(srv, w.pac, 'PHQ-9', { ...todas(9, 3), 9: 0 });
    expect(r.status, r.text).to.equal(201);
    expect(r.body).to.include({ puntuacion: 24, banda: 'GRAVE', alertaSeguridad: false, ayudaUrgente: null });
    await inbox.none(300);
    expect(await alertaRows()).to.have.length(0);
    expect((await listaPaciente()).alertaSeguridad).to.equal(false);
  });

  it('alerts the assigned psychologist over STOMP, mail and push exactly once, and tells the patient where to get help', async () => {
    const inbox = socket.subscribe('/user/queue/alertas');
    const otroInbox = otro.subscribe('/user/queue/alertas');
    await asignarInstrumento(srv, w.psi, w.pac.idPaciente, 'PHQ-9');
    const r = await responder(srv, w.pac, 'PHQ-9', { ...todas(9, 0), 9: 1 });
    expect(r.status, r.text).to.equal(201);
    expect(r.body).to.include({ puntuacion: 1, banda: 'MINIMA', alertaSeguridad: true, ayudaUrgente: AYUDA });

    const msg = JSON.parse((await inbox.next(5000)).body);
    expect(msg).to.deep.include({ tipo: 'AlertaSeguridad', idRespuesta: r.body.idRespuesta, idPaciente: w.pac.idPaciente, instrumento: 'PHQ-9' });
    await otroInbox.none(300);

    const mail = await waitFor(() => srv.smtp.mails.find((m) => readMail(m).subject === 'Alerta de seguridad en un cuestionario'), 10_000, 'the alert mail');
    expect(mail.to).to.deep.equal([w.psi.email]);
    expect(readMail(mail).text).to.include('Ana');
    const push = await waitFor(() => srv.push.sent.find((p) => p.data?.tipo === 'AlertaSeguridad'), 10_000, 'the alert push');
    expect(push.token).to.equal('psi-device-1');
    expect((await alertaRows()).map((row: any) => row.kind)).to.deep.equal(['mail', 'push']);

    // The open alert marks the patient and is listed until acknowledged.
    expect((await listaPaciente()).alertaSeguridad).to.equal(true);
    const abiertas = await srv.request('GET', '/api/psicologo/alertas-seguridad', { token: w.psi.token });
    expect(abiertas.body.map((a: any) => a.idRespuesta)).to.deep.equal([r.body.idRespuesta]);
    expect((await srv.request('GET', '/api/psicologo/alertas-seguridad', { token: w.otroPsi.token })).body).to.deep.equal([]);
  });

  it('queues the alert once even if its event is handled again (a restart, a purged marker)', async () => {
    const rows = await alertaRows();
    const events = await srv.deps.store.readAll(null, 10_000);
    const alerta = events.events.find((e) => e.type === 'AlertaSeguridadEmitida')!;
    const reactor = cuestionariosReactor('Europe/Madrid');
    await srv.deps.knex.transaction(async (trx) => {
      await reactorHandlers([reactor])[0].handle(trx, alerta); // the processed-event table says seen
      await reactor.react(trx, alerta); // and without it, the outbox's dedupe keys
    });
    expect((await alertaRows()).map((row: any) => row.id)).to.deep.equal(rows.map((row: any) => row.id));
    expect(srv.smtp.mails.filter((m) => readMail(m).subject === 'Alerta de seguridad en un cuestionario')).to.have.length(1);
  });

  it('is acknowledged by its psychologist only, once, with who and when, in the audit log', async () => {
    const [a] = (await srv.request('GET', '/api/psicologo/alertas-seguridad', { token: w.psi.token })).body;
    const path = `/api/psicologo/alertas-seguridad/${a.idRespuesta}/reconocimiento`;
    const before = await huella(srv);
    expect((await srv.request('POST', path, { token: w.otroPsi.token })).status).to.equal(404);
    expect((await srv.request('POST', path, { token: w.pac.token })).status).to.equal(403);
    expect((await srv.request('POST', '/api/psicologo/alertas-seguridad/999999/reconocimiento', { token: w.psi.token })).status).to.equal(404);
    expect(await huella(srv)).to.equal(before);

    const ok = await srv.request('POST', path, { token: w.psi.token });
    expect(ok.status, ok.text).to.equal(200);
    expect(ok.body.reconocidaPor).to.equal(w.psi.idUsuario);
    expect(ok.body.reconocidaFecha).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect((await srv.request('POST', path, { token: w.psi.token })).status).to.equal(409);
    expect((await srv.request('GET', '/api/psicologo/alertas-seguridad', { token: w.psi.token })).body).to.deep.equal([]);
    expect((await listaPaciente()).alertaSeguridad).to.equal(false);

    const stream = await srv.deps.store.readStream(`cuestionario-${a.idAsignacion}`);
    const emitida = stream.find((e) => e.type === 'AlertaSeguridadEmitida')!;
    const reconocida = stream.find((e) => e.type === 'AlertaSeguridadReconocida')!;
    expect(reconocida.metadata.actor).to.deep.equal({ idUsuario: w.psi.idUsuario, rol: 'PSICOLOGO' });
    await waitFor(async () => (await srv.deps.knex('audit_leaves').whereIn('event_id', [emitida.metadata.eventId, reconocida.metadata.eventId])).length === 2, 10_000, 'both in the audit log');
  });

  it('reaches STOMP while the reactors are stopped (a slow or stalled consumer); mail and push follow once, when they run again', async () => {
    const inbox = socket.subscribe('/user/queue/alertas');
    await asignarInstrumento(srv, w.psi, w.pac.idPaciente, 'PHQ-9');
    const mails = () => srv.smtp.mails.filter((m) => readMail(m).subject === 'Alerta de seguridad en un cuestionario').length;
    const before = mails();
    await srv.reactors.stop();
    try {
      const r = await responder(srv, w.pac, 'PHQ-9', { ...todas(9, 0), 9: 2 });
      expect(r.body.alertaSeguridad).to.equal(true);
      expect(JSON.parse((await inbox.next(5000)).body).idRespuesta).to.equal(r.body.idRespuesta);
      expect((await alertaRows()).filter((row: any) => row.dedupe_key.startsWith(`cuestionario:alerta-${r.body.idRespuesta}:`))).to.have.length(0);
    } finally {
      srv.reactors.start();
    }
    await waitFor(() => mails() === before + 1, 10_000, 'the alert mail after the restart');
    await waitFor(async () => (await alertaRows()).length === 4, 10_000, 'mail and push rows of both alerts');
  });

  it('is in the patient\'s export and in the auditor\'s view of the patient\'s events', async () => {
    const exp = await srv.request('GET', `/api/pacientes/${w.pac.idPaciente}/exportacion`, { token: w.pac.token });
    expect(exp.status, exp.text).to.equal(200);
    expect(exp.body.cuestionarios.map((c: any) => [c.instrumento, c.alertaSeguridad])).to.deep.equal([['PHQ-9', false], ['PHQ-9', true], ['PHQ-9', true]]);
    const tipos = exp.body.eventos.map((e: any) => e.type);
    for (const t of ['CuestionarioAsignado', 'CuestionarioSolicitado', 'CuestionarioRespondido', 'AlertaSeguridadEmitida', 'AlertaSeguridadReconocida']) expect(tipos, t).to.include(t);
    const audit = await srv.request('GET', `/api/admin/auditoria/pacientes/${w.pac.idPaciente}/eventos`, { token: w.admin });
    expect(audit.status, audit.text).to.equal(200);
    const reconocida = audit.body.find((e: any) => e.type === 'AlertaSeguridadReconocida');
    expect(reconocida.actor).to.deep.equal({ idUsuario: w.psi.idUsuario, rol: 'PSICOLOGO' });
    expect(audit.body.filter((e: any) => e.type === 'CuestionarioRespondido').map((e: any) => e.data.puntuacion)).to.deep.equal([24, 1, 2]);
  });

  it('leaves the psychologist\'s lists when the patient is erased', async () => {
    expect((await srv.request('DELETE', `/api/pacientes/${w.pac.idPaciente}`, { token: w.admin })).status).to.be.oneOf([200, 204]);
    for (const t of ['cuestionario_asignaciones', 'cuestionario_solicitudes', 'cuestionario_respuestas', 'alertas_seguridad']) {
      expect(await srv.deps.knex(t).where({ id_paciente: w.pac.idPaciente }), t).to.deep.equal([]);
    }
    expect((await srv.request('GET', '/api/psicologo/cuestionarios/resumen', { token: w.psi.token })).body).to.deep.equal([]);
  });

  it('seals the answers in the log: the stored event holds no readable score', async () => {
    // As stored, whichever store holds the log (test/support/log.ts).
    const [stored] = await storedEvents(srv, { type: 'CuestionarioRespondido' });
    const data = stored.data as Record<string, unknown>;
    expect(typeof data.puntuacion).to.equal('string');
    expect(typeof data.respuestas).to.equal('string');
  });
});
