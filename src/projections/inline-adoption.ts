import type { Knex } from 'knex';
import type { EventStore, Position } from '../eventstore/port.ts';
import { APPENDERS_LOCK } from '../eventstore/postgres-sql.ts';
import { accepts, type CheckpointedHandler } from './batch.ts';
import { CHECKPOINT_CHANNEL } from './watcher.ts';

// A read model becomes inline (docs/read-models.md "Inline and asynchronous") once it has followed
// the log to its end: at a first start, after an upgrade, after a reset or a shadow switch, its
// runner replays it asynchronously as before, then adopts it. The adoption is one transaction that
// holds the appenders' lock exclusively (so no append is in flight and none starts: a few
// milliseconds, bounded by lock_timeout), applies what was appended since the read model's
// checkpoint, drops the checkpoint and records it in inline_projections. From the next append on
// (practice_inline_check tells each store) it is written in the appends' own transactions.

export type Adoption = 'adopted' | 'busy' | 'moved';

export interface AdoptOptions {
  /** How long to wait for the appends in flight (and the batch of another process) before trying later. */
  lockTimeoutMs?: number;
}

export async function adoptInline(knex: Knex, store: EventStore, handler: CheckpointedHandler, from: Position | null, opts: AdoptOptions = {}): Promise<Adoption> {
  const name = handler.name;
  const takes = accepts(handler.handles);
  return knex.transaction<Adoption>(async (trx) => {
    await trx.raw(`set local lock_timeout = ${Math.max(1, Math.floor(opts.lockTimeoutMs ?? 2_000))}`);
    await trx.raw('select pg_advisory_xact_lock(?)', [APPENDERS_LOCK]);
    const { rows } = await trx.raw('select pg_try_advisory_xact_lock(hashtext(?)) as locked', [`projection_checkpoints:${name}`]);
    if (rows[0].locked !== true) return 'busy';
    const row = await trx('projection_checkpoints').where({ name }).first('position');
    let position: Position | null = row?.position ?? null;
    if (position !== from) return 'moved';
    for (;;) {
      const page = await store.readAll(position, 1_000);
      if (page.events.length === 0) break;
      for (const e of page.events) if (takes(e.type)) await handler.handle(trx, e);
      await handler.flush?.(trx);
      position = page.last;
    }
    await trx('projection_checkpoints').where({ name }).delete();
    await trx('inline_projections').insert({ name, since: position }).onConflict('name').merge();
    await trx.raw('select pg_notify(?, ?)', [CHECKPOINT_CHANNEL, 'projection_checkpoints']);
    return 'adopted';
  }).catch((err) => {
    if ((err as { code?: string }).code === '55P03') return 'busy' as const; // lock_timeout: appends or a rebuild hold it
    throw err;
  });
}

/**
 * The inline read models follow the log again from its head (a checkpoint there each), until their
 * runner adopts them again: before events are appended by a writer that does not write them (the
 * importer appends events as stored, sealed). Returns how many there were.
 */
export async function demoteInline(knex: Knex, store: EventStore): Promise<number> {
  return knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [APPENDERS_LOCK]);
    const names: string[] = (await trx('inline_projections').select('name')).map((r: { name: string }) => r.name);
    if (names.length === 0) return 0;
    const head = await store.head(); // no append in flight under the lock: every event is readable
    await trx.raw(
      `insert into projection_checkpoints (name, position, updated_at) select n, ?, now() from unnest(?::text[]) as n
       on conflict (name) do update set position = excluded.position, updated_at = now()`,
      [head, names],
    );
    await trx('inline_projections').delete();
    await trx.raw('select pg_notify(?, ?)', [CHECKPOINT_CHANNEL, 'projection_checkpoints']);
    return names.length;
  });
}

/** The read models among `names` that are inline now. */
export async function adoptedAmong(knex: Knex, names: readonly string[]): Promise<Set<string>> {
  const rows: { name: string }[] = await knex('inline_projections').whereIn('name', [...names]).select('name');
  return new Set(rows.map((r) => r.name));
}
