import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { ManualClock } from '../../src/platform/clock.ts';
import { loadConfig, ConfigError } from '../../src/platform/config.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { at, JITSI, paciente, psicologo, refused, reservar, salaDe, setClock, verificarComoJitsi, type Persona } from './online-support.ts';

// Online sessions (docs/care.md "Online sessions"): modality on booking, the Jitsi room of an
// ONLINE appointment and its window, tokens as Jitsi checks them, and a move or cancellation.

describe('online sessions: modality, rooms and Jitsi tokens', function () {
  this.timeout(120_000);
  const clock = new ManualClock(at('2030-01-10T08:00:00Z'));
  let srv: TestServer;
  let admin: string;
  let psi: Persona;
  let otroPsi: Persona;
  let ana: Persona;
  let luis: Persona;
  let sinVideo: Persona;

  const mover = (iso: string) => setClock(srv, clock, iso, [psi, otroPsi, ana, luis, sinVideo]);
  const sala = (p: Persona, idCita: number) => srv.request('GET', `/api/citas/${idCita}/sala`, { token: p.token });
  const citasDe = async (p: Persona) => (await srv.request('GET', '/api/citas', { token: p.token })).body;
  const online = async (startDatetime: string) => {
    await mover('2030-01-10T08:00:00Z');
    const r = await reservar(srv, ana, psi.idPsicologo, startDatetime, 'ONLINE');
    expect(r.status, r.text).to.equal(201);
    return r.body.idCita as number;
  };

  before(async () => {
    srv = await startTestServer({ clock, env: JITSI });
    admin = await srv.adminToken();
    psi = await psicologo(srv, admin);
    otroPsi = await psicologo(srv, admin);
    ana = await paciente(srv);
    luis = await paciente(srv);
    sinVideo = await paciente(srv, false);
  });
  after(async () => {
    await srv?.stop();
  });

  it('books PRESENCIAL by default and ONLINE on request; the Cita says which, never the room', async () => {
    const presencial = await reservar(srv, ana, psi.idPsicologo, '2030-01-14T10:00:00');
    expect(presencial.status, presencial.text).to.equal(201);
    expect(presencial.body.modalidad).to.equal('PRESENCIAL');
    const idCita = await online('2030-01-14T12:00:00');
    const room = await salaDe(srv, idCita);
    expect(room).to.match(/^[0-9a-f]{32}$/);
    const mias = await citasDe(ana);
    expect(mias.find((c: any) => c.idCita === idCita).modalidad).to.equal('ONLINE');
    const suyas = await srv.request('GET', '/api/psicologo/citas', { token: psi.token });
    const todas = await srv.request('GET', '/api/admin/citas', { token: admin });
    for (const list of [JSON.stringify(mias), suyas.text, todas.text]) expect(list).to.not.include(room!);
  });

  it('refuses ONLINE for a patient who did not accept videoconference (409 naming it), storing nothing', async () => {
    const r = await reservar(srv, sinVideo, psi.idPsicologo, '2030-01-14T16:00:00', 'ONLINE');
    refused(r, 409, /aceptaVideoconferencia/);
    expect(await citasDe(sinVideo)).to.deep.equal([]);
    const presencial = await reservar(srv, sinVideo, psi.idPsicologo, '2030-01-14T16:00:00');
    expect(presencial.status, presencial.text).to.equal(201);
  });

  it('lets a psychologist offer only one modality, and refuses the other with 409', async () => {
    const get = await srv.request('GET', '/api/psicologo/modalidades', { token: otroPsi.token });
    expect(get.body).to.deep.equal({ modalidades: ['PRESENCIAL', 'ONLINE'] });
    for (const bad of [[], ['ONLINE', 'ONLINE'], ['VIDEO']]) {
      expect((await srv.request('PUT', '/api/psicologo/modalidades', { token: otroPsi.token, body: { modalidades: bad } })).status, JSON.stringify(bad)).to.equal(400);
    }
    const put = await srv.request('PUT', '/api/psicologo/modalidades', { token: otroPsi.token, body: { modalidades: ['ONLINE'] } });
    expect(put.status, put.text).to.equal(200);
    expect(put.body).to.deep.equal({ modalidades: ['ONLINE'] });
    // Patients see it in the directory before booking.
    const directorio = (await srv.request('GET', '/api/psicologos/directorio?limit=100', { token: ana.token })).body;
    expect(directorio.find((p: any) => p.idPsicologo === otroPsi.idPsicologo).modalidades).to.deep.equal(['ONLINE']);
    expect(directorio.find((p: any) => p.idPsicologo === psi.idPsicologo).modalidades).to.deep.equal(['PRESENCIAL', 'ONLINE']);
    refused(await reservar(srv, ana, otroPsi.idPsicologo, '2030-01-14T09:00:00'), 409, /no ofrece citas en modalidad PRESENCIAL/);
    expect((await reservar(srv, ana, otroPsi.idPsicologo, '2030-01-14T09:00:00', 'ONLINE')).status).to.equal(201);
    await srv.request('PUT', '/api/psicologo/modalidades', { token: otroPsi.token, body: { modalidades: ['PRESENCIAL'] } });
    refused(await reservar(srv, ana, otroPsi.idPsicologo, '2030-01-14T11:00:00', 'ONLINE'), 409, /no ofrece citas en modalidad ONLINE/);
    expect((await srv.request('GET', '/api/psicologo/modalidades', { token: ana.token })).status).to.equal(403);
  });

  it('answers the room only inside its window: 409 with the opening time before, tokens as Jitsi checks them inside, 409 after', async () => {
    const idCita = await online('2030-01-15T10:00:00'); // 09:00Z, 50 minutes; opens 08:50Z
    await mover('2030-01-15T08:49:00Z');
    const early = await sala(ana, idCita);
    refused(early, 409, /abre el 2030-01-15T09:50:00 .*2030-01-15T08:50:00.000Z/);
    expect(early.headers.get('retry-after')).to.equal('60');
    await mover('2030-01-15T08:50:00Z');
    const [pac, mod] = [await sala(ana, idCita), await sala(psi, idCita)];
    expect(pac.status, pac.text).to.equal(200);
    expect(pac.headers.get('cache-control')).to.equal('no-store');
    expect(pac.body).to.include({ abreEn: '2030-01-15T09:50:00', cierraEn: '2030-01-15T10:50:00', moderador: false });
    expect(mod.body.moderador).to.equal(true);
    const now = clock.now();
    const [cp, cm] = [verificarComoJitsi(pac.body.url, now), verificarComoJitsi(mod.body.url, now)];
    expect(cp.room).to.equal(await salaDe(srv, idCita));
    expect(cm.room).to.equal(cp.room);
    expect(cp.nbf).to.equal(Date.parse('2030-01-15T08:50:00Z') / 1000);
    expect(cp.exp).to.equal(Date.parse('2030-01-15T09:50:00Z') / 1000);
    expect(cp.context.user).to.include({ id: `usuario-${ana.idUsuario}`, moderator: false, affiliation: 'member' });
    expect(cm.context.user).to.include({ id: `usuario-${psi.idUsuario}`, moderator: true, affiliation: 'owner' });
    // What Jitsi refuses: another secret, another algorithm, before nbf, at exp.
    const token = new URL(pac.body.url).searchParams.get('jwt')!;
    expect(() => jwt.verify(token, 'x'.repeat(43), { algorithms: ['HS256'] })).to.throw(/signature/);
    expect(() => jwt.verify(token, JITSI.JITSI_APP_SECRET, { algorithms: ['HS512'] })).to.throw(/algorithm/);
    expect(() => jwt.verify(token, JITSI.JITSI_APP_SECRET, { algorithms: ['HS256'], clockTimestamp: cp.nbf! - 1 })).to.throw(/not active/);
    expect(() => jwt.verify(token, JITSI.JITSI_APP_SECRET, { algorithms: ['HS256'], clockTimestamp: cp.exp! })).to.throw(/expired/);
    await mover('2030-01-15T09:50:00Z');
    refused(await sala(ana, idCita), 409, /terminado/);
  });

  it('answers the two participants only: 404 to others as if missing, 403 to the administrator, 409 for PRESENCIAL', async () => {
    const idCita = await online('2030-01-16T10:00:00');
    await mover('2030-01-16T08:55:00Z');
    expect((await sala(luis, idCita)).status).to.equal(404);
    expect((await sala(otroPsi, idCita)).status).to.equal(404);
    expect((await sala(luis, 999_999)).status).to.equal(404);
    expect((await srv.request('GET', `/api/citas/${idCita}/sala`, { token: await srv.adminToken() })).status).to.equal(403);
    expect((await srv.request('GET', `/api/citas/${idCita}/sala`)).status).to.equal(401);
    await mover('2030-01-10T08:00:00Z');
    const presencial = await reservar(srv, ana, psi.idPsicologo, '2030-01-16T12:00:00');
    await mover('2030-01-16T10:55:00Z');
    refused(await sala(ana, presencial.body.idCita), 409, /PRESENCIAL/);
  });

  it('a move gives the appointment a new room, so a token from before names another room; after a cancellation, 409', async () => {
    const idCita = await online('2030-01-17T10:00:00');
    await mover('2030-01-17T08:55:00Z');
    const antes = verificarComoJitsi((await sala(psi, idCita)).body.url, clock.now());
    const moved = await srv.request('PUT', `/api/citas/${idCita}`, { token: ana.token, body: { startDatetime: '2030-01-18T10:00:00' } });
    expect(moved.status, moved.text).to.equal(200);
    await mover('2030-01-18T08:55:00Z');
    const despues = verificarComoJitsi((await sala(psi, idCita)).body.url, clock.now());
    expect(despues.room).to.not.equal(antes.room);
    expect(despues.room).to.equal(await salaDe(srv, idCita));
    // A change of reason only keeps the schedule, and the room.
    await srv.request('PUT', `/api/citas/${idCita}`, { token: ana.token, body: { motivo: 'Seguimiento' } });
    expect(await salaDe(srv, idCita)).to.equal(despues.room);
    expect((await srv.request('DELETE', `/api/citas/${idCita}`, { token: ana.token })).status).to.equal(204);
    refused(await sala(ana, idCita), 409, /CANCELADA/);
    refused(await sala(psi, idCita), 409, /CANCELADA/);
  });

  it('books ONLINE series with a room of each occurrence', async () => {
    await mover('2030-01-10T08:00:00Z');
    const assign = await srv.request('POST', '/api/admin/psicologos/asignar-psicologo', { token: await srv.adminToken(), body: { idPaciente: ana.idPaciente, idPsicologo: psi.idPsicologo } });
    expect(assign.status, assign.text).to.equal(200);
    await mover('2030-01-10T08:00:00Z');
    const r = await srv.request('POST', '/api/citas/series', {
      token: ana.token, body: { idPsicologo: psi.idPsicologo, startDatetime: '2030-02-04T10:00:00', frecuencia: 'SEMANAL', repeticiones: 3, modalidad: 'ONLINE' },
    });
    expect(r.status, r.text).to.equal(201);
    expect(r.body.citas.map((c: any) => c.modalidad)).to.deep.equal(['ONLINE', 'ONLINE', 'ONLINE']);
    const rooms = await Promise.all(r.body.citas.map((c: any) => salaDe(srv, c.idCita)));
    expect(new Set(rooms).size).to.equal(3);
    refused(await srv.request('POST', '/api/citas/series', {
      token: sinVideo.token, body: { idPsicologo: psi.idPsicologo, startDatetime: '2030-02-04T12:00:00', frecuencia: 'SEMANAL', repeticiones: 2, modalidad: 'ONLINE' },
    }), 409, /aceptaVideoconferencia|asignado/);
  });
});

describe('online sessions without JITSI_*', function () {
  this.timeout(60_000);
  let srv: TestServer;
  before(async () => { srv = await startTestServer(); });
  after(async () => { await srv?.stop(); });

  it('refuses ONLINE bookings with a message naming the missing configuration; PRESENCIAL works', async () => {
    const admin = await srv.adminToken();
    const [psi, ana] = [await psicologo(srv, admin), await paciente(srv)];
    const year = new Date().getUTCFullYear() + 1;
    refused(await reservar(srv, ana, psi.idPsicologo, `${year}-03-04T10:00:00`, 'ONLINE'), 409, /JITSI_/);
    expect((await srv.request('GET', '/api/citas', { token: ana.token })).body).to.deep.equal([]);
    expect((await reservar(srv, ana, psi.idPsicologo, `${year}-03-04T10:00:00`)).status).to.equal(201);
  });

  it('refuses to start with a partial or weak Jitsi configuration, and never with the secret in the message', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/online-config-test' };
    const load = (env: Record<string, string>) => () => loadConfig({ ...base, ...env });
    expect(load({ JITSI_DOMAIN: 'meet.example.com' })).to.throw(ConfigError, /go together/);
    expect(load({ ...JITSI, JITSI_APP_SECRET: 'corto' })).to.throw(ConfigError, /at least 32/);
    expect(load({ ...JITSI, JITSI_DOMAIN: 'https://meet.example.com/x' })).to.throw(ConfigError, /host name/);
    try {
      loadConfig({ ...base, ...JITSI, JITSI_DOMAIN: 'bad domain' });
    } catch (err) {
      expect(String(err)).to.not.include(JITSI.JITSI_APP_SECRET);
    }
    const ok = loadConfig({ ...base, ...JITSI }).jitsi!;
    expect(ok).to.include({ domain: 'meet.consulta.test', audience: 'jitsi', subject: 'meet.consulta.test', openMinutesBefore: 10 });
    expect(loadConfig(base).jitsi).to.equal(null);
  });
});
