import { expect } from 'chai';
import type { Knex } from 'knex';
import pg from 'pg';
import { PostgresEventStore } from '../../src/eventstore/postgres.ts';
import { createKnex } from '../../src/platform/database.ts';
import { CheckpointRunner, projectionHandlers, type Projection } from '../../src/projections/runner.ts';
import { unreadAfter } from '../../src/projections/wakeups.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { newEvent } from './support.ts';

// What the engine pays per batch, and what waits for what: the two transactions of a batch (the
// read models writes wait for, the others) run at once on two connections; a batch's transaction
// sends five statements besides its read models' own; a catch-up takes larger batches.

/** A read model writing one row per event into its own table. */
function counter(name: string, table: string, readYourWrites: boolean): Projection {
  return {
    name, tables: [table], readYourWrites,
    async apply(trx, e) {
      await trx(table).insert({ n: (e.data as { n: number }).n });
    },
  };
}

async function appendMany(store: PostgresEventStore, count: number, from = 0): Promise<string> {
  let last = '';
  for (let i = from; i < from + count; i += 2_000) {
    const writes = Array.from({ length: Math.min(2_000, from + count - i) }, (_, k) => ({ streamId: `t-${i + k}`, expected: 'noStream' as const, events: [newEvent('Tick', { n: i + k })] }));
    last = (await store.append(writes)).position;
  }
  return last;
}

describe('projection engine: concurrent lanes, statements per batch, catch-up batches', function () {
  this.timeout(60_000);
  let db: TestDatabase;
  let store: PostgresEventStore;
  let knex: Knex;

  beforeEach(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.knex, db.url);
    knex = createKnex(db.url, 6);
    for (const t of ['pace_lee', 'pace_otro']) await db.knex.raw('create table ?? (n int not null)', [t]);
  });
  afterEach(async () => {
    await knex.destroy();
    await store.close();
    await db.drop();
  });

  it('commits a batch for the read models no write waits for while those a write waits for are held', async () => {
    const runner = new CheckpointRunner(knex, store, projectionHandlers([counter('lee', 'pace_lee', true), counter('otro', 'pace_otro', false)]), { table: 'projection_checkpoints' });
    const blocker = new pg.Client({ connectionString: db.url });
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('lock table pace_lee in share mode'); // inserts into it wait
    try {
      runner.start();
      const position = await appendMany(store, 1);
      expect(await runner.waitFor(position, 3_000, undefined), 'both while one is held').to.equal(false);
      const checkpoints = await runner.checkpoints();
      expect(checkpoints.get('otro'), 'the other lane committed meanwhile').to.equal(position);
      expect(checkpoints.get('lee')).to.equal(null);
    } finally {
      await blocker.query('commit');
      await blocker.end();
    }
    expect(await runner.waitFor(await store.head(), 10_000)).to.equal(true);
    await runner.stop();
    expect((await db.knex('pace_lee').count({ n: '*' }).first())!.n).to.equal('1');
  });

  it("sends five statements per batch transaction besides the read models' own (begin, locks, checkpoints, fence with checkpoints, commit)", async () => {
    const perTx = new Map<string, string[]>();
    knex.on('query', (q: { __knexTxId?: string; sql: string }) => {
      if (q.__knexTxId) perTx.set(q.__knexTxId, [...(perTx.get(q.__knexTxId) ?? []), q.sql]);
    });
    const runner = new CheckpointRunner(knex, store, projectionHandlers([counter('lee', 'pace_lee', true)]), { table: 'projection_checkpoints' });
    runner.start();
    try {
      for (let i = 0; i < 3; i++) expect(await runner.waitFor(await appendMany(store, 1, i), 10_000)).to.equal(true);
    } finally {
      await runner.stop();
    }
    const batches = [...perTx.values()].filter((sqls) => sqls.some((s) => /insert into "pace_lee"/.test(s)));
    expect(batches).to.have.length.of.at.least(1);
    // BEGIN, the locks (synchronous_commit set with them), the checkpoints, the read model's
    // insert, the fence with the checkpoints, COMMIT: 6 (it was 8, both of those apart).
    for (const sqls of batches) expect(sqls, sqls.join('\n')).to.have.length(6);
  });

  it('catches up 12,000 events in batches that grow past the first 1,000, each event once', async () => {
    const head = await appendMany(store, 12_000);
    const batches: string[] = [];
    const runner = new CheckpointRunner(knex, store, projectionHandlers([counter('lee', 'pace_lee', true)]), { table: 'projection_checkpoints', onBatch: (_n, p) => batches.push(p) });
    runner.start();
    try {
      expect(await runner.waitFor(head, 30_000)).to.equal(true);
    } finally {
      await runner.stop();
    }
    expect(batches.length, 'batches of 1,000 would take 12').to.be.at.most(5);
    const { rows } = await db.knex.raw('select count(*)::int as total, count(distinct n)::int as distinct from pace_lee');
    expect(rows[0]).to.deep.equal({ total: 12_000, distinct: 12_000 });
  });

  it('looks for events held back behind an open transaction through the log index, not by scanning the log', async () => {
    // After every short batch of a live runner: planned as a sequential scan it took 25-60 ms at 100,000 events.
    const head = await appendMany(store, 20_000);
    const { rows: near } = await db.knex.raw("select tx_id::text || '/' || global_position as p from events order by tx_id desc, global_position desc limit 1 offset 2");
    // A connection of its own: the transaction's counts hold its backend's statements only.
    const solo = createKnex(db.url, 1);
    try {
      await solo.transaction(async (trx) => {
        expect(await unreadAfter(trx, near[0].p)).to.equal(true);
        expect(await unreadAfter(trx, head)).to.equal(false);
        const { rows } = await trx.raw("select seq_scan::int as seq from pg_stat_xact_user_tables where relname = 'events'");
        expect(rows[0].seq, 'sequential scans of the log').to.equal(0);
      });
    } finally {
      await solo.destroy();
    }
  });

  it('gathers events after a short batch for the consumers no write waits for (CONSUMER_COALESCE_MS), the first at once', async () => {
    const runner = new CheckpointRunner(knex, store, projectionHandlers([counter('otro', 'pace_otro', false)]), { table: 'projection_checkpoints', coalesceMs: 3_000, servesWrites: true });
    runner.start();
    try {
      expect(await runner.waitFor(await appendMany(store, 1), 5_000), 'the first after a quiet spell: at once').to.equal(true);
      const second = await appendMany(store, 1, 1);
      expect(await runner.waitFor(second, 500), 'gathered with what follows').to.equal(false);
      expect(await runner.waitFor(second, 10_000), 'within the window').to.equal(true);
    } finally {
      await runner.stop();
    }
  });

  it('never gathers while it runs a read model a write waits for (servesWrites): the write is not kept waiting', async () => {
    const runner = new CheckpointRunner(knex, store, projectionHandlers([counter('lee', 'pace_lee', true), counter('otro', 'pace_otro', false)]), {
      table: 'projection_checkpoints', coalesceMs: 10_000, servesWrites: true,
    });
    runner.start();
    try {
      expect(await runner.waitForReads(await appendMany(store, 1), 5_000)).to.equal(true);
      expect(await runner.waitForReads(await appendMany(store, 1, 1), 5_000), 'not held for the 10 s window').to.equal(true);
    } finally {
      await runner.stop();
    }
  });
});
