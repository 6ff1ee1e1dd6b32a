import { expect } from 'chai';
import pg from 'pg';
import { createExtraReadModelTable, EXTRA_READ_MODEL_TABLE, extraReadModel } from '../../bench/lib/extra-read-model.ts';
import { newPaciente } from '../clinico/support.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

// The bench's "adding a read model" figure (bench/extra-read-model.ts) rests on this: a read model a
// developer adds with readYourWrites: false (here the bench's own, an upsert per diary entry into a
// table of its own) is not waited for by any write. Its table is locked by another session (SHARE
// mode, as a plain CREATE INDEX takes: inserts wait): a diary entry still answers at once and is
// listed, and the read model catches up once the lock is gone. (Not ACCESS EXCLUSIVE: that lock
// takes a transaction id, and an open transaction holding one hides every later event from every
// read model, the log being read below pg_snapshot_xmin: docs/architecture.md.)

const TIMEOUT_MS = 2_500;
/** Well under the read-your-writes timeout: the answer did not wait for it to run out. */
const PROMPT_MS = 1_200;

/** Locks the table in another session until released (every insert into it waits meanwhile). */
async function lockTable(srv: TestServer, table: string): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: srv.db.url });
  await client.connect();
  await client.query('begin');
  await client.query(`lock table ${table} in share mode`);
  return async () => {
    await client.query('commit');
    await client.end();
  };
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; r: T }> {
  const t0 = Date.now();
  const r = await fn();
  return { ms: Date.now() - t0, r };
}

describe('an extra read model no write waits for (readYourWrites: false)', function () {
  this.timeout(60_000);
  let srv: TestServer;

  before(async () => {
    srv = await startTestServer({ env: { READ_YOUR_WRITES_TIMEOUT_MS: String(TIMEOUT_MS) }, extraProjections: [extraReadModel] });
    await createExtraReadModelTable(srv.deps.knex); // before any diary entry: nothing for it to apply yet
  });
  after(async () => srv?.stop());

  it('runs beside the service\'s read models, and writes do not wait for it', () => {
    expect(srv.deps.projections.owned()).to.include(extraReadModel.name);
    expect(srv.deps.projections.readers()).to.not.include(extraReadModel.name);
  });

  it('POST /api/diario-emocional answers at once while its table is locked, the next GET lists it, and it catches up once released', async () => {
    const paciente = await newPaciente(srv);
    const release = await lockTable(srv, EXTRA_READ_MODEL_TABLE);
    let idDiario: number;
    try {
      const { ms, r } = await timed(() => srv.request('POST', '/api/diario-emocional', { token: paciente.token, body: { emocion: 'Calma', intensidad: 4 } }));
      expect(r.status, r.text).to.equal(201);
      expect(ms, 'the diary entry waited for the extra read model').to.be.below(PROMPT_MS);
      idDiario = r.body.idDiario;
      const mine = await srv.request('GET', '/api/diario-emocional', { token: paciente.token });
      expect(mine.body.map((d: { idDiario: number }) => d.idDiario)).to.include(idDiario);
    } finally {
      await release();
    }
    expect(await srv.deps.projections.waitFor(await srv.deps.store.head(), 10_000), 'the extra read model caught up').to.equal(true);
    const row = await srv.deps.knex(EXTRA_READ_MODEL_TABLE).where({ id_diario: idDiario }).first();
    expect(row).to.include({ emocion: 'Calma', intensidad: 4 });
  });

  // Once held up by the loop (it committed the second transaction of a batch, the read models no
  // write waits for, before reading the next). On PostgreSQL the read models a write waits for are
  // written in the append's own transaction; on KurrentDB the loop still runs them, and commits the
  // others apart from itself (src/projections/group-batch.ts `detach`): neither waits for the lock.
  it('later writes answer at once too while its table stays locked', async function () {
    const paciente = await newPaciente(srv);
    const release = await lockTable(srv, EXTRA_READ_MODEL_TABLE);
    const ids: number[] = [];
    try {
      for (let i = 0; i < 3; i++) {
        const { ms, r } = await timed(() => srv.request('POST', '/api/diario-emocional', { token: paciente.token, body: { emocion: 'Calma', intensidad: 4 } }));
        expect(r.status, r.text).to.equal(201);
        expect(ms, `write ${i + 1} waited for the extra read model`).to.be.below(PROMPT_MS);
        ids.push(r.body.idDiario);
      }
    } finally {
      await release();
    }
    // Released: it takes up where it stood, every entry once.
    expect(await srv.deps.projections.waitFor(await srv.deps.store.head(), 10_000), 'the extra read model caught up').to.equal(true);
    const rows = await srv.deps.knex(EXTRA_READ_MODEL_TABLE).whereIn('id_diario', ids).select('id_diario');
    expect(rows.map((r: { id_diario: number }) => r.id_diario).sort((a: number, b: number) => a - b)).to.deep.equal(ids);
  });
});
