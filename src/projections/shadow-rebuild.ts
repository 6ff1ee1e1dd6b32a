import knexFactory, { type Knex } from 'knex';
import { randomBytes } from 'node:crypto';
import type { EventStore, Position } from '../eventstore/port.ts';
import type { Logger } from '../platform/logger.ts';
import { CheckpointRunner, type CheckpointedHandler, type Projection } from './runner.ts';
import { accepts } from './batch.ts';
import { APPENDERS_LOCK } from '../eventstore/postgres-sql.ts';
import { checkCopyable, createCopies, grabLiveTables, makeLogged, swapTables, tableOf, type Table } from './shadow-tables.ts';

// Rebuild without downtime (npm run projections:rebuild -- --shadow). Fresh copies of the read-model
// tables are filled in a schema of their own, `rebuild_<time>_<random>`, while the servers keep answering
// from the live tables. Once the copies have caught up, one short transaction that holds every
// projection's advisory lock (the key of resetProjections and of the runners' batches) applies the
// events appended meanwhile, drops the old tables, moves the new ones where the old ones lived and moves the
// checkpoints. Readers see the old tables until that commit and the new ones after it.
//
// The projections write unqualified table names, so the replay runs on connections whose search_path
// puts the rebuild schema first: their writes land in the copies, and everything else (the event log,
// data keys) still resolves to `public`. The copy's checkpoints live in that schema too, under
// `rebuild:<name>`, so the replay never competes with the live runners for their locks.

const SHADOW = 'rebuild:';

export interface ShadowRebuildOptions {
  knex: Knex;
  url: string;
  /** The store the servers read (through the sealing layer: read models hold opened fields). */
  store: EventStore;
  projections: Projection[];
  /** The replay goes on until here before the switch (default: the head when it starts). */
  target?: Position | null;
  batchSize?: number;
  logger?: Logger;
  log?: (line: string) => void;
  /** Called after each batch of the replay commits, per read model (the command's progress bar). */
  onBatch?: (name: string, position: Position) => void;
  /** Called when the copies have caught up, just before the switch (tests look and write here). */
  beforeSwitch?: () => Promise<void>;
  /** How long the switch waits for a table a running query holds, before it gives up and retries. */
  lockTimeoutMs?: number;
}

export interface ShadowRebuildResult {
  schema: string;
  /** Events applied inside the switch transaction (appended during the replay). */
  appliedAtSwitch: number;
  ms: number;
}

export async function shadowRebuild(opts: ShadowRebuildOptions): Promise<ShadowRebuildResult> {
  const started = Date.now();
  const log = opts.log ?? (() => {});
  const { knex } = opts;
  const tables = [...new Set(opts.projections.flatMap((p) => p.tables))].map(tableOf);
  const schema = `rebuild_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}_${randomBytes(3).toString('hex')}`;
  await checkCopyable(knex, tables);
  await createCopies(knex, schema, tables);
  const shadow = shadowKnex(opts.url, schema);
  try {
    log(`Replaying the log into ${schema} (${tables.length} tables); the servers keep reading the current ones ...`);
    const target = opts.target !== undefined ? opts.target : await opts.store.head();
    const runner = new CheckpointRunner(shadow, opts.store, shadowHandlers(opts.projections), {
      table: 'projection_checkpoints', batchSize: opts.batchSize, onBatch: opts.onBatch,
      lease: false, // its own consumers (rebuild:<name>) in a schema of its own: no instance shares them
    }, opts.logger);
    runner.start();
    try {
      // With a progress report (onBatch) the "still replaying" lines would only interrupt it.
      while (!(await runner.waitFor(target, 5_000))) if (!opts.onBatch) log('  still replaying ...');
    } finally {
      await runner.stop();
    }
    log('Copies caught up; making them crash-safe ...');
    await makeLogged(knex, schema, tables);
    await opts.beforeSwitch?.();
    const appliedAtSwitch = await withRetries(() => switchOver(knex, opts.store, schema, opts.projections, tables, opts.lockTimeoutMs ?? 10_000), log);
    log(`Switched to the rebuilt tables (${appliedAtSwitch} events applied during the switch).`);
    return { schema, appliedAtSwitch, ms: Date.now() - started };
  } finally {
    await shadow.destroy();
    // After a switch only the copy's checkpoints are left there; after a failure, the copies.
    await knex.raw('drop schema if exists ?? cascade', [schema]);
  }
}

/** A switch that waited too long for a table (a long query on it) rolled back whole: try again. */
async function withRetries<T>(attempt: () => Promise<T>, log: (line: string) => void, tries = 40): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (err) {
      // lock_not_available (lock_timeout), or deadlock_detected against a query holding two tables
      if (!['55P03', '40P01'].includes((err as { code?: string }).code ?? '') || i >= tries) throw err;
      log(`  a table stayed busy too long; switching again (${i}/${tries - 1}) ...`);
      // A short, jittered pause: readers drain, and two waiting switches do not collide again in step.
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 400));
    }
  }
}

const shadowHandlers = (projections: Projection[]): CheckpointedHandler[] =>
  projections.map((p) => ({ name: `${SHADOW}${p.name}`, handles: p.handles, handle: (trx, e) => p.apply(trx, e), flush: p.flush && ((trx) => p.flush!(trx)) }));

/** A small pool whose connections see the rebuild schema first (settings as in createKnex). */
function shadowKnex(url: string, schema: string): Knex {
  return knexFactory({
    client: 'pg',
    connection: { connectionString: url, application_name: 'practice-rebuild' },
    pool: {
      min: 0,
      max: 4,
      afterCreate: (conn: { query: (sql: string, cb: (err: Error | null) => void) => void }, done: (err: Error | null, c: unknown) => void) => {
        conn.query(`set idle_in_transaction_session_timeout = '30s'; set timezone = 'UTC'; set search_path to "${schema}", public`, (err) => done(err, conn));
      },
    },
  });
}

/**
 * The switch: the appenders' lock (exclusive: inline read models are written by appends), every projection's lock (sorted, as resetProjections takes them, so neither can deadlock
 * the other), the events appended since the copies caught up, the table swap, the checkpoints. The
 * lock timeout bounds how long readers queue behind the swap if a long query holds an old table.
 */
async function switchOver(knex: Knex, store: EventStore, schema: string, projections: Projection[], tables: Table[], lockTimeoutMs: number): Promise<number> {
  return knex.transaction(async (trx) => {
    await trx.raw(`set local lock_timeout = ${Math.max(1, Math.floor(lockTimeoutMs))}`);
    // No append in flight, none starting, until the commit: inline read models are written by appends.
    await trx.raw('select pg_advisory_xact_lock(?)', [APPENDERS_LOCK]);
    for (const name of [...new Set(projections.map((p) => p.name))].sort()) {
      await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`projection_checkpoints:${name}`]);
    }
    await trx.raw('set local search_path to ??, public', [schema]);
    let applied = 0;
    const positions = new Map<string, Position | null>();
    for (const p of projections) {
      const { position, count } = await catchUp(trx, store, schema, p);
      positions.set(p.name, position);
      applied = Math.max(applied, count);
    }
    await grabLiveTables(trx, tables, projections, lockTimeoutMs);
    await swapTables(trx, schema, tables, projections);
    // The copies are at the moved checkpoints: an inline read model follows the log from there until its runner adopts it again.
    await trx.withSchema('public').table('inline_projections').whereIn('name', [...positions.keys()]).delete();
    for (const [name, position] of positions) {
      if (position === null) await trx.withSchema('public').table('projection_checkpoints').where({ name }).delete();
      else await trx.raw(
        `insert into public.projection_checkpoints (name, position, updated_at) values (?, ?, now())
         on conflict (name) do update set position = excluded.position, updated_at = now()`,
        [name, position],
      );
    }
    return applied;
  });
}

/** Applies to the copy what was appended after its runner stopped; returns where it ends. */
async function catchUp(trx: Knex.Transaction, store: EventStore, schema: string, p: Projection) {
  const row = await trx.withSchema(schema).table('projection_checkpoints').where({ name: `${SHADOW}${p.name}` }).first('position');
  let position: Position | null = row?.position ?? null;
  let count = 0;
  for (;;) {
    const page = await store.readAll(position, 500);
    if (page.events.length === 0) return { position, count };
    const handles = accepts(p.handles);
    for (const e of page.events) if (handles(e.type)) await p.apply(trx, e);
    await p.flush?.(trx);
    count += page.events.length;
    position = page.last;
  }
}
