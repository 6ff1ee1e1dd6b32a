import type { Knex } from 'knex';
import type { CheckpointedHandler } from './batch.ts';
import type { Projection } from './runner.ts';
import { forgetCheckpoints } from './watcher.ts';

/** Adapts projections to the runner. */
export function projectionHandlers(projections: Projection[]): CheckpointedHandler[] {
  return projections.map((p) => ({ name: p.name, handles: p.handles, handle: (trx, e) => p.apply(trx, e), flush: p.flush && ((trx) => p.flush!(trx)), readYourWrites: p.readYourWrites }));
}

/**
 * Empties every read model and its checkpoint; runners replay from the start. Takes every
 * projection's lock first (in one order) and only then the tables, so the rebuild never holds a
 * table while it waits for a batch.
 */
export async function resetProjections(knex: Knex, projections: Projection[]): Promise<void> {
  const names = [...new Set(projections.map((p) => p.name))].sort();
  await knex.transaction(async (trx) => {
    for (const name of names) await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`projection_checkpoints:${name}`]);
    const tables = [...new Set(projections.flatMap((p) => p.tables))];
    if (tables.length > 0) await trx.raw(`truncate table ${tables.map(() => '??').join(', ')} restart identity`, tables);
    await trx('projection_checkpoints').whereIn('name', names).delete();
    await trx.raw("select pg_notify('practice_checkpoints', 'projection_checkpoints')");
  });
  forgetCheckpoints('projection_checkpoints', names);
}
