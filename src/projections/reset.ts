import type { Knex } from 'knex';
import type { CheckpointedHandler } from './batch.ts';
import type { Projection } from './runner.ts';
import { forgetCheckpoints } from './watcher.ts';
import { APPENDERS_LOCK } from '../eventstore/postgres-sql.ts';

/** Adapts projections to the runner. */
export function projectionHandlers(projections: Projection[]): CheckpointedHandler[] {
  return projections.map((p) => ({ name: p.name, handles: p.handles, handle: (trx, e) => p.apply(trx, e), flush: p.flush && ((trx) => p.flush!(trx)), readYourWrites: p.readYourWrites }));
}

/**
 * Empties every read model and its checkpoint; runners replay from the start (an inline one too,
 * until it is adopted again: inline-adoption.ts). Takes the appenders' lock, then every
 * projection's lock first (in one order) and only then the tables, so the rebuild never holds a
 * table while it waits for a batch.
 */
export async function resetProjections(knex: Knex, projections: Projection[]): Promise<void> {
  const names = [...new Set(projections.map((p) => p.name))].sort();
  // A transaction that read one of the tables and then waits for the appenders' lock (an append after
  // a read) deadlocks with the truncate: PostgreSQL ends one of the two; this one tries again.
  for (let attempt = 1; ; attempt++) {
    try {
      await resetOnce(knex, projections, names);
      break;
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01' || attempt >= 5) throw err;
    }
  }
  forgetCheckpoints('projection_checkpoints', names);
}

async function resetOnce(knex: Knex, projections: Projection[], names: string[]): Promise<void> {
  await knex.transaction(async (trx) => {
    // No append in flight while inline read models are emptied (the order of inline-adoption.ts: this lock first).
    await trx.raw('select pg_advisory_xact_lock(?)', [APPENDERS_LOCK]);
    for (const name of names) await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`projection_checkpoints:${name}`]);
    const tables = [...new Set(projections.flatMap((p) => p.tables))];
    if (tables.length > 0) await trx.raw(`truncate table ${tables.map(() => '??').join(', ')} restart identity`, tables);
    await trx('projection_checkpoints').whereIn('name', names).delete();
    // Inline ones follow the log again from the start, until their runner adopts them again.
    await trx('inline_projections').whereIn('name', names).delete();
    await trx.raw("select pg_notify('practice_checkpoints', 'projection_checkpoints')");
  });
}
