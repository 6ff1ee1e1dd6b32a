import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectError, pacienteBody, uniqueEmail } from '../http/helpers.ts';
import { newPaciente, newPsicologo } from './support.ts';

const FIELDS = ['idAjuste', 'idUsuario', 'idioma', 'notificaciones', 'darkMode', 'timezone', 'recordatorios'];

describe('user settings (ajustes)', () => {
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

  const get = (token: string) => srv.request('GET', '/api/ajustes', { token });
  const put = (token: string, body: unknown) => srv.request('PUT', '/api/ajustes', { token, body });

  it('answers the defaults before any change (idAjuste null, the practice\'s zone), for every role', async () => {
    for (const [token, idUsuario] of [[paciente.token, paciente.idUsuario], [psicologo.token, psicologo.idUsuario]] as const) {
      const r = await get(token);
      expect(r.status, r.text).to.equal(200);
      expect(r.body).to.deep.equal({ idAjuste: null, idUsuario, idioma: 'es', notificaciones: true, darkMode: false, timezone: 'Europe/Madrid', recordatorios: [24] });
    }
    const a = await get(admin);
    expect(a.status).to.equal(200);
    expect(a.body).to.include({ idioma: 'es', timezone: 'Europe/Madrid' });
  });

  it('updates any subset of the fields and answers the whole settings, the same as the next GET', async () => {
    const r = await put(paciente.token, { idioma: 'en' });
    expect(r.status, r.text).to.equal(200);
    expect(r.body).to.have.all.keys(...FIELDS);
    expect(r.body).to.include({ idUsuario: paciente.idUsuario, idioma: 'en', notificaciones: true, darkMode: false, timezone: 'Europe/Madrid' });
    expect(r.body.idAjuste).to.be.a('number');
    const r2 = await put(paciente.token, { darkMode: true, notificaciones: false, timezone: 'America/Mexico_City' });
    expect(r2.body).to.deep.equal({ ...r.body, darkMode: true, notificaciones: false, timezone: 'America/Mexico_City' });
    expect((await get(paciente.token)).body).to.deep.equal(r2.body);
    // An empty body changes nothing: refused like the other partial updates (minProperties 1), and nothing is stored.
    expectError(await put(paciente.token, {}), 400, /al menos un campo/);
    expect((await get(paciente.token)).body).to.deep.equal(r2.body);
  });

  it('keeps each user\'s settings apart and takes idUsuario from the token only', async () => {
    expectError(await put(psicologo.token, { idUsuario: paciente.idUsuario, idioma: 'en' }), 400, /idUsuario/);
    expectError(await put(psicologo.token, { idAjuste: 1 }), 400, /idAjuste/);
    const r = await put(psicologo.token, { darkMode: true });
    expect(r.body).to.include({ idUsuario: psicologo.idUsuario, idioma: 'es', darkMode: true });
    expect((await get(paciente.token)).body.idUsuario).to.equal(paciente.idUsuario);
  });

  it('stores the canonical zone name', async () => {
    const r = await put(psicologo.token, { timezone: 'europe/lisbon' });
    expect(r.status, r.text).to.equal(200);
    expect(r.body.timezone).to.equal('Europe/Lisbon');
    expect((await put(psicologo.token, { timezone: 'UTC' })).body.timezone).to.equal('UTC');
  });

  it('rejects a zone outside the tz database, a bad idioma and wrong types with 400', async () => {
    for (const timezone of ['Mars/Olympus_Mons', 'Europe/Madird', '+01:00', 'GMT+1 ', '', 'x'.repeat(65)]) {
      expectError(await put(paciente.token, { timezone }), 400);
    }
    expectError(await put(paciente.token, { timezone: 'Nowhere/City' }), 400, 'timezone: se esperaba una zona horaria IANA, p. ej. Europe/Madrid');
    for (const idioma of ['fr', 'ES', '', null]) expectError(await put(paciente.token, { idioma }), 400, /idioma/);
    expectError(await put(paciente.token, { darkMode: 'true' }), 400);
    expectError(await put(paciente.token, { notificaciones: 1 }), 400);
    expectError(await put(paciente.token, { tema: 'oscuro' }), 400, /tema/);
    expect((await get(paciente.token)).body.timezone).to.equal('America/Mexico_City');
  });

  it('writes the ajustes table the mail and push reactors read, by id_usuario', async () => {
    const row = await srv.db.knex('ajustes').where({ id_usuario: paciente.idUsuario }).first('idioma', 'notificaciones', 'dark_mode', 'timezone');
    expect(row).to.deep.equal({ idioma: 'en', notificaciones: false, dark_mode: true, timezone: 'America/Mexico_City' });
  });

  it('lists the stored settings to an ADMIN in id order (users who never changed theirs are absent)', async () => {
    const other = await newPaciente(srv);
    const r = await srv.request('GET', '/api/admin/ajustes', { token: admin });
    expect(r.status, r.text).to.equal(200);
    for (const a of r.body) expect(a).to.have.all.keys(...FIELDS);
    const users = r.body.map((a: any) => a.idUsuario);
    expect(users).to.include.members([paciente.idUsuario, psicologo.idUsuario]);
    expect(users).not.to.include(other.idUsuario);
    const ids = r.body.map((a: any) => a.idAjuste);
    expect(ids).to.deep.equal([...ids].sort((x: number, y: number) => x - y));
  });

  it('gives one idAjuste even to concurrent first changes', async () => {
    const fresh = await newPaciente(srv);
    const rs = await Promise.all([{ idioma: 'en' }, { darkMode: true }, { notificaciones: false }].map((b) => put(fresh.token, b)));
    rs.forEach((r) => expect(r.status, r.text).to.equal(200));
    const final = (await get(fresh.token)).body;
    expect(final).to.include({ idioma: 'en', darkMode: true, notificaciones: false });
    expect(new Set(rs.map((r) => r.body.idAjuste))).to.deep.equal(new Set([final.idAjuste]));
  });

  it('answers 401 without a valid token and 403 to non-admins on the admin listing', async () => {
    expectError(await srv.request('GET', '/api/ajustes'), 401);
    expectError(await srv.request('PUT', '/api/ajustes', { body: { idioma: 'en' } }), 401);
    expectError(await srv.request('GET', '/api/admin/ajustes'), 401);
    expectError(await srv.request('GET', '/api/ajustes', { token: `${paciente.token}x` }), 401);
    expectError(await srv.request('GET', '/api/admin/ajustes', { token: paciente.token }), 403);
    expectError(await srv.request('GET', '/api/admin/ajustes', { token: psicologo.token }), 403);
  });

  it('leaves a newly registered user without stored settings', async () => {
    const body = pacienteBody({}, { email: uniqueEmail('nuevo') });
    const r = await srv.request('POST', '/auth/register-paciente', { body });
    expect(r.status).to.equal(200);
    expect((await get(r.body.token)).body.idAjuste).to.equal(null);
  });
});
