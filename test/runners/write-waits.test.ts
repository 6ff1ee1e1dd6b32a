import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { allProjections } from '../../src/projections/index.ts';
import { asignar, newPaciente, newPsicologo } from '../clinico/support.ts';
import { Y } from '../citas/support.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

// A write waits only for the read models a client reads back (readYourWrites; on PostgreSQL those
// are written in the append's own transaction, docs/read-models.md "Inline and asynchronous"); the analysts'
// tables and the workers' bookkeeping catch up behind it. Here `analitica` is held by another
// connection (its advisory lock, the one a reset or a shadow rebuild of it takes): bookings and
// diary entries still answer at once, and the next read shows them.

const TIMEOUT_MS = 2_500;
/** Well under the read-your-writes timeout: the answer did not wait for it to run out. */
const PROMPT_MS = 1_200;

/** Holds a read model's lock (the key of resetProjections and the runner's batches) until released. */
async function hold(srv: TestServer, consumer: string): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: srv.db.url });
  await client.connect();
  await client.query('select pg_advisory_lock(hashtext($1))', [`projection_checkpoints:${consumer}`]);
  return async () => {
    await client.query('select pg_advisory_unlock(hashtext($1))', [`projection_checkpoints:${consumer}`]);
    await client.end();
  };
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; r: T }> {
  const t0 = Date.now();
  const r = await fn();
  return { ms: Date.now() - t0, r };
}

describe('a write waits only for the read models that serve read-your-writes', function () {
  this.timeout(60_000);
  let srv: TestServer;
  let admin: string;

  before(async () => {
    srv = await startTestServer({ env: { READ_YOUR_WRITES_TIMEOUT_MS: String(TIMEOUT_MS) } });
    admin = await srv.adminToken();
  });
  after(async () => srv?.stop());

  it('every read model says whether it serves read-your-writes, and docs/read-models.md says the same', () => {
    const doc = readFileSync(new URL('../../docs/read-models.md', import.meta.url), 'utf8');
    for (const p of allProjections(srv.config)) {
      expect(p.readYourWrites, p.name).to.be.a('boolean');
      expect(doc, `docs/read-models.md row of ${p.name}`).to.match(new RegExp(`^\\| \`${p.name}\` \\| ${p.readYourWrites ? 'yes' : 'no'} \\|`, 'm'));
    }
    expect(srv.deps.projections.readers()).to.not.include.members(['analitica']);
    // Inline on PostgreSQL (written in the append's transaction: nothing to wait for), waited for on KurrentDB.
    const served = [...srv.deps.projections.readers(), ...srv.deps.projections.inline()];
    expect(served).to.include.members(['citas', 'diario', 'sesiones', 'mensajes', 'lista-espera', 'progreso']);
    expect(served).to.not.include.members(['analitica', 'fhir']);
  });

  it('POST /api/citas answers at once while analitica is held, the next GET shows it, and analitica catches up once released', async () => {
    const psi = await newPsicologo(srv, admin);
    const paciente = await newPaciente(srv);
    await asignar(srv, admin, paciente.idPaciente, psi.idPsicologo);
    const release = await hold(srv, 'analitica');
    let idCita: number;
    try {
      const { ms, r } = await timed(() => srv.request('POST', '/api/citas', {
        token: paciente.token, body: { idPsicologo: psi.idPsicologo, startDatetime: `${Y}-05-06T10:00:00`, motivo: 'Primera visita' },
      }));
      expect(r.status, r.text).to.equal(201);
      expect(ms, 'the booking waited for analitica').to.be.below(PROMPT_MS);
      idCita = r.body.idCita;
      const list = await srv.request('GET', '/api/citas', { token: paciente.token });
      expect(list.status, list.text).to.equal(200);
      expect(list.body.map((c: { idCita: number }) => c.idCita)).to.include(idCita);
      const facts = await srv.deps.knex('analitica.hechos_citas').count({ n: '*' }).first();
      expect(Number(facts!.n), 'analitica is held: no fact yet').to.equal(0);
    } finally {
      await release();
    }
    expect(await srv.deps.projections.waitFor(await srv.deps.store.head(), 10_000), 'analitica caught up').to.equal(true);
    const facts = await srv.deps.knex('analitica.hechos_citas').count({ n: '*' }).first();
    expect(Number(facts!.n)).to.equal(1);
  });

  it('POST /api/diario-emocional answers at once while analitica is held, and waited for the diary: the next GET lists the entry', async () => {
    const paciente = await newPaciente(srv);
    const release = await hold(srv, 'analitica');
    try {
      const { ms, r } = await timed(() => srv.request('POST', '/api/diario-emocional', { token: paciente.token, body: { emocion: 'Calma', intensidad: 4 } }));
      expect(r.status, r.text).to.equal(201);
      expect(ms, 'the diary entry waited for analitica').to.be.below(PROMPT_MS);
      const mine = await srv.request('GET', '/api/diario-emocional', { token: paciente.token });
      expect(mine.body.map((d: { idDiario: number }) => d.idDiario)).to.include(r.body.idDiario);
    } finally {
      await release();
    }
  });

  it('PostgreSQL: a diary entry is written with its read model, so holding the diary runner\'s lock delays nothing and the entry is listed at once', async function () {
    if (!srv.deps.projections.inline().includes('diario')) this.skip(); // KurrentDB: the next test
    const paciente = await newPaciente(srv);
    const release = await hold(srv, 'diario');
    try {
      const { ms, r } = await timed(() => srv.request('POST', '/api/diario-emocional', { token: paciente.token, body: { emocion: 'Calma', intensidad: 4 } }));
      expect(r.status, r.text).to.equal(201);
      expect(ms, 'the diary entry waited for a runner').to.be.below(PROMPT_MS);
      const mine = await srv.request('GET', '/api/diario-emocional', { token: paciente.token });
      expect(mine.body.map((d: { idDiario: number }) => d.idDiario)).to.include(r.body.idDiario);
    } finally {
      await release();
    }
  });

  it('KurrentDB: a diary entry still waits for the diary read model while that one is held', async function () {
    if (srv.deps.projections.inline().includes('diario')) this.skip(); // PostgreSQL: the test above
    const paciente = await newPaciente(srv);
    const release = await hold(srv, 'diario');
    let listed: number[];
    let idDiario: number;
    try {
      const { ms, r } = await timed(() => srv.request('POST', '/api/diario-emocional', { token: paciente.token, body: { emocion: 'Calma', intensidad: 4 } }));
      expect(r.status, r.text).to.equal(201);
      expect(ms, 'answered before the timeout: it did not wait for the diary').to.be.at.least(TIMEOUT_MS - 100);
      idDiario = r.body.idDiario;
    } finally {
      await release();
    }
    expect(await srv.deps.projections.waitForReads(await srv.deps.store.head(), 10_000)).to.equal(true);
    listed = (await srv.request('GET', '/api/diario-emocional', { token: paciente.token })).body.map((d: { idDiario: number }) => d.idDiario);
    expect(listed).to.include(idDiario);
  });
});
