import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectError } from '../http/helpers.ts';
import { newPaciente, newPsicologo } from './support.ts';
import { storedEvents } from '../support/log.ts';

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

  it('accepts tokens up to 512 characters and rejects longer, empty, missing or mistyped ones with 400', async () => {
    const long = `${fcmToken()}${'y'.repeat(512)}`.slice(0, 512);
    expect((await register(paciente.token, long)).status).to.equal(201);
    expect((await remove(paciente.token, long)).status).to.equal(204);
    expectError(await register(paciente.token, `${long}z`), 400, 'El campo token admite como máximo 512 caracteres');
    expectError(await register(paciente.token, 'x'.repeat(4000)), 400, /512/);
    const doc = await srv.request('GET', '/v3/api-docs');
    expect(doc.body.components.schemas.DispositivoRegistro.properties.token.maxLength).to.equal(512);
    expectError(await register(paciente.token, ''), 400);
    expectError(await register(paciente.token, '   '), 400);
    expectError(await register(paciente.token, 42), 400);
    expectError(await srv.request('POST', '/api/dispositivos', { token: paciente.token, body: {} }), 400, /token/);
    expectError(await srv.request('POST', '/api/dispositivos', { token: paciente.token, body: { token: fcmToken(), idUsuario: 1 } }), 400, /idUsuario/);
  });

  it('keeps at most 10 devices per user: the 11th evicts the oldest, recorded as a removal (SUSTITUIDO)', async () => {
    const eva = await newPaciente(srv);
    const tokens = Array.from({ length: 12 }, fcmToken);
    for (const t of tokens) expect((await register(eva.token, t)).status).to.equal(201);
    const kept = await srv.db.knex('dispositivos').where({ id_usuario: eva.idUsuario }).orderBy('created_at').pluck('token');
    expect(kept).to.have.members(tokens.slice(2));
    // A token re-sent by its app (known) evicts nothing.
    expect((await register(eva.token, tokens[5])).status).to.equal(200);
    expect(await srv.db.knex('dispositivos').where({ id_usuario: eva.idUsuario }).count({ n: '*' })).to.deep.equal([{ n: '10' }]);
    const log = await srv.deps.store.readStream(`dispositivos-usuario-${eva.idUsuario}`);
    const removed = log.filter((e) => e.type === 'DispositivoEliminado').map((e) => e.data);
    expect(removed).to.deep.equal([0, 1].map((i) => ({ idUsuario: eva.idUsuario, token: tokens[i], motivo: 'SUSTITUIDO' })));
    // The evicted device can come back: it is simply the newest again, and the oldest left goes.
    expect((await register(eva.token, tokens[0])).status).to.equal(201);
    expect(await srv.db.knex('dispositivos').where({ id_usuario: eva.idUsuario }).pluck('token')).to.have.members([tokens[0], ...tokens.slice(3)]);
    expectError(await remove(eva.token, tokens[2]), 404);
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
    const rows = await storedEvents(srv, { type: ['DispositivoRegistrado', 'DispositivoEliminado'] });
    expect(rows.length).to.be.at.least(1);
    expect(JSON.stringify(rows.map((e) => e.data))).not.to.include(token.slice(0, 30));
  });

  it('answers 401 without a valid token', async () => {
    expectError(await srv.request('POST', '/api/dispositivos', { body: { token: fcmToken() } }), 401);
    expectError(await srv.request('DELETE', '/api/dispositivos/abc'), 401);
    expectError(await srv.request('DELETE', '/api/dispositivos/abc', { token: 'Bearer' }), 401);
  });
});
