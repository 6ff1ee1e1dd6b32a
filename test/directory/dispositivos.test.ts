import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectError } from '../http/helpers.ts';
import { newPaciente, newPsicologo } from './support.ts';

// FCM registration tokens look like this: letters, digits, '-', '_' and a ':'.
let n = 0;
const fcmToken = () => `dQw4w9WgXcQ:APA91b${Date.now().toString(36)}_${++n}-${'x'.repeat(120)}`;

describe('push device tokens (dispositivos)', () => {
  let srv: TestServer;
  let admin: string;
  let paciente: { token: string; idUsuario: number };
  let psicologo: { token: string; idUsuario: number };

  before(async () => {
    srv = await startTestServer();
    admin = await srv.adminToken();
    paciente = await newPaciente(srv);
    psicologo = await newPsicologo(srv, admin);
  });
  after(async () => { await srv?.stop(); });

  const register = (auth: string, token: unknown) => srv.request('POST', '/api/dispositivos', { token: auth, body: { token } });
  const remove = (auth: string, token: string) => srv.request('DELETE', `/api/dispositivos/${encodeURIComponent(token)}`, { token: auth });
  const stored = (token: string) => srv.db.knex('dispositivos').where({ token }).select('id_usuario', 'token', 'created_at');

  it('registers a token for the caller (201), and answers 200 when it is registered again', async () => {
    const token = fcmToken();
    const r = await register(paciente.token, token);
    expect(r.status, r.text).to.equal(201);
    expect(r.body).to.have.all.keys('token', 'idUsuario', 'creadoEn');
    expect(r.body).to.include({ token, idUsuario: paciente.idUsuario });
    expect(r.body.creadoEn).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    const again = await register(paciente.token, token);
    expect(again.status, again.text).to.equal(200);
    expect(again.body).to.deep.equal(r.body);
    const rows = await stored(token);
    expect(rows).to.have.length(1);
    expect(rows[0].id_usuario).to.equal(paciente.idUsuario);
  });

  it('works for every role, each user keeping several devices', async () => {
    for (const auth of [admin, psicologo.token, psicologo.token]) expect((await register(auth, fcmToken())).status).to.equal(201);
    const { count } = (await srv.db.knex('dispositivos').where({ id_usuario: psicologo.idUsuario }).count({ count: '*' }))[0];
    expect(Number(count)).to.equal(2);
  });

  it('moves a token to the user who registers it last (the device changed hands)', async () => {
    const token = fcmToken();
    expect((await register(paciente.token, token)).status).to.equal(201);
    const r = await register(psicologo.token, token);
    expect(r.status, r.text).to.equal(201);
    expect(r.body.idUsuario).to.equal(psicologo.idUsuario);
    expect((await stored(token)).map((x) => x.id_usuario)).to.deep.equal([psicologo.idUsuario]);
    expectError(await remove(paciente.token, token), 404);
    expect((await remove(psicologo.token, token)).status).to.equal(204);
  });

  it('accepts tokens up to 4096 characters and rejects longer, empty, missing or mistyped ones with 400', async () => {
    const long = `${fcmToken()}${'y'.repeat(4096)}`.slice(0, 4096);
    expect((await register(paciente.token, long)).status).to.equal(201);
    expect((await remove(paciente.token, long)).status).to.equal(204);
    expectError(await register(paciente.token, `${long}z`), 400);
    expectError(await register(paciente.token, ''), 400);
    expectError(await register(paciente.token, '   '), 400);
    expectError(await register(paciente.token, 42), 400);
    expectError(await srv.request('POST', '/api/dispositivos', { token: paciente.token, body: {} }), 400, /token/);
    expectError(await srv.request('POST', '/api/dispositivos', { token: paciente.token, body: { token: fcmToken(), idUsuario: 1 } }), 400, /idUsuario/);
  });

  it('deletes the caller\'s own token (204); unknown or already removed ones are 404', async () => {
    const token = fcmToken();
    await register(paciente.token, token);
    const r = await remove(paciente.token, token);
    expect(r.status, r.text).to.equal(204);
    expect(await stored(token)).to.deep.equal([]);
    expectError(await remove(paciente.token, token), 404, 'Dispositivo no encontrado');
    expectError(await remove(paciente.token, 'never-registered'), 404);
    expectError(await srv.request('DELETE', '/api/dispositivos/a%00b', { token: paciente.token }), 400); // NUL: refused at the door (docs/limits.md)
    expectError(await srv.request('DELETE', '/api/dispositivos/%E0%A4%A', { token: paciente.token }), 404);
  });

  it('answers 404 when deleting another user\'s token, and leaves it registered', async () => {
    const token = fcmToken();
    await register(psicologo.token, token);
    expectError(await remove(paciente.token, token), 404);
    expect((await stored(token)).map((x) => x.id_usuario)).to.deep.equal([psicologo.idUsuario]);
  });

  it('keeps the token sealed in the event log', async () => {
    const token = fcmToken();
    await register(paciente.token, token);
    const rows = await srv.db.knex('events').whereIn('type', ['DispositivoRegistrado', 'DispositivoEliminado']).select('data');
    expect(rows.length).to.be.at.least(1);
    expect(JSON.stringify(rows)).not.to.include(token.slice(0, 30));
  });

  it('answers 401 without a valid token', async () => {
    expectError(await srv.request('POST', '/api/dispositivos', { body: { token: fcmToken() } }), 401);
    expectError(await srv.request('DELETE', '/api/dispositivos/abc'), 401);
    expectError(await srv.request('DELETE', '/api/dispositivos/abc', { token: 'Bearer' }), 401);
  });
});
