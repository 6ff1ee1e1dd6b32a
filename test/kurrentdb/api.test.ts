import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { asignar, at, book, newPaciente, newPsicologo } from '../citas/support.ts';

// The API on KurrentDB. `npm run test:kurrentdb` (KURRENTDB_URL set) runs EVERY test file with
// TEST_EVENT_STORE=kurrentdb: test/support/server.ts then starts each test server on KurrentDB, in
// streams of its own. This file is the marker of that switch in a plain `npm test`: without
// KURRENTDB_URL it reports the suite as skipped; with it, it checks that a server really keeps its
// events in KurrentDB and serves the API from the PostgreSQL read models.
const url = process.env.KURRENTDB_URL;

describe('full API suite on KurrentDB', function () {
  this.timeout(120_000);
  let srv: TestServer | undefined;

  before(async function () {
    if (!url) return this.skip();
    const prefix = `api_${process.pid}_${Date.now()}`;
    const env: Record<string, string> = process.env.TEST_EVENT_STORE === 'kurrentdb'
      ? {}
      : { EVENT_STORE: 'kurrentdb', KURRENTDB_URL: `${url}${url.includes('?') ? '&' : '?'}streamPrefix=${prefix}` };
    srv = await startTestServer({ env });
  });
  after(async function () {
    await srv?.stop();
  });

  if (!url) {
    it('full API suite on KurrentDB: skipped, KURRENTDB_URL not set', function () {});
    return;
  }

  it('serves the API with the events in KurrentDB and only read models, keys and checkpoints in PostgreSQL', async function () {
    const s = srv!;
    expect(s.config.eventStore).to.equal('kurrentdb');
    const admin = await s.adminToken();
    const psi = await newPsicologo(s, admin);
    const pac = await newPaciente(s);
    await asignar(s, admin, pac.idPaciente, psi.idPsicologo);
    const cita = await book(s, pac, psi.idPsicologo, at('03-10', '10:00'));
    const r = await s.request('GET', '/api/admin/citas', { token: admin });
    expect(r.status, r.text).to.equal(200);
    expect(r.body.map((c: { idCita: number }) => c.idCita)).to.deep.equal([cita.idCita]);
    const { rows } = await s.deps.knex.raw('select count(*)::int as n from events');
    expect(rows[0].n, 'PostgreSQL events table').to.equal(0);
    const stream = await s.deps.store.readStream(`usuario-${pac.idUsuario}`);
    expect(stream.map((e) => e.type)).to.include('UsuarioRegistrado');
    const dup = await s.request('POST', '/auth/register-psicologo', { token: admin, body: { nombre: 'Otra', apellido: 'Vez', email: (await s.deps.knex('usuarios').where({ id_usuario: psi.idUsuario }).first('email')).email, password: 'terapia2024', experiencia: 3 } });
    expect(dup.status, 'the e-mail reservation holds on KurrentDB').to.equal(409);
  });
});
