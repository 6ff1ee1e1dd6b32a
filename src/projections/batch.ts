import type { Knex } from 'knex';
import type { Position, StoredEvent } from '../eventstore/port.ts';
import { ApplyError } from './failures.ts';
import { fence, FENCE_SQL } from './leases.ts';

/** A filter on event types: a list, a predicate, or absent for every event. */
export type EventFilter = readonly string[] | ((type: string) => boolean);

export interface CheckpointedHandler {
  name: string;
  /** The event types it handles; others are not given to it (absent: every event). */
  handles?: EventFilter;
  /** Handles one event inside the batch transaction. */
  handle(trx: Knex.Transaction, event: StoredEvent): Promise<void>;
  /** Writes what `handle` deferred in this transaction (set-based work, once per batch). */
  flush?(trx: Knex.Transaction): Promise<void>;
  /**
   * Whether a write waits for it before answering (absent: true). False: no client reads it back
   * right after a write, so it commits after the others, in a transaction of its own.
   */
  readYourWrites?: boolean;
}

export function accepts(filter: EventFilter | undefined): (type: string) => boolean {
  if (filter === undefined) return () => true;
  if (typeof filter === 'function') return filter;
  const set = new Set(filter);
  return (type) => set.has(type);
}

/** One consumer's share of a batch: it applies the events before `upto` and then stands at the last of them. */
export interface Part {
  handler: CheckpointedHandler;
  accepts: (type: string) => boolean;
  /** Where the consumer stands before the batch (checked under the lock). */
  from: Position | null;
  upto: number;
  /** Flush after every event, so that a failure of the deferred work names its event. */
  eager?: boolean;
}

export type CommitOutcome =
  | { kind: 'committed'; positions: Map<string, Position> }
  /** Another process holds one of the consumers: it does this batch. */
  | { kind: 'locked' }
  /** A checkpoint moved since it was read (another process, a reset): read them again. */
  | { kind: 'moved' }
  /** These consumers' leases no longer name this instance (or ran out): nothing was written. */
  | { kind: 'lost'; names: string[] };

/** Thrown inside the batch transaction so that it rolls back. */
class LeaseLost extends Error {
  constructor(readonly names: string[]) {
    super(`leases lost: ${names.join(', ')}`);
  }
}

const lockKey = (table: string, name: string) => `${table}:${name}`;

/**
 * Applies a batch to several consumers in one transaction: their advisory locks (the keys of
 * resetProjections and of the shadow rebuild), a check that every checkpoint is where the batch
 * starts, each event to each consumer that handles it, with `owner` the fence (every consumer's
 * lease still names this instance, checked last and held until the commit), and every checkpoint
 * in one statement. A consumer's failure rolls the whole transaction back as an ApplyError naming
 * it and the event.
 */
export async function commitBatch(knex: Knex, table: string, parts: Part[], events: StoredEvent[], owner?: string): Promise<CommitOutcome> {
  const live = parts.filter((p) => p.upto > 0);
  if (live.length === 0) return { kind: 'committed', positions: new Map() };
  return knex.transaction<CommitOutcome>(async (trx) => {
    // Read models are derived: a batch lost in a crash is lost with its checkpoint and applied
    // again, so its commit need not wait for the disk (set in the locks' statement: a round trip
    // less). Reactors' outbox rows do wait.
    const lazy = table === 'projection_checkpoints' ? "set_config('synchronous_commit', 'off', true), " : '';
    const names = live.map((p) => p.handler.name);
    // The locks first, then the checkpoints in a statement of its own: read in the same statement, the
    // checkpoint came from a snapshot taken before the lock, so a batch another process committed just
    // before we got the lock looked unapplied and was applied twice.
    const { rows: locks } = await trx.raw(
      `select ${lazy}bool_and(pg_try_advisory_xact_lock(hashtext(? || ':' || k.name))) as locked from unnest(?::text[]) as k(name)`,
      [table, names],
    );
    if (locks[0].locked !== true) return { kind: 'locked' } as const;
    const { rows: current } = await trx.raw(
      `select k.name, c.position from unnest(?::text[]) as k(name) left join ${table} c on c.name = k.name`,
      [names],
    );
    const at = new Map<string, Position | null>(current.map((r: { name: string; position: Position | null }) => [r.name, r.position]));
    if (live.some((p) => (at.get(p.handler.name) ?? null) !== p.from)) return { kind: 'moved' } as const;
    await applyEvents(trx, live, events);
    const positions = new Map(live.map((p) => [p.handler.name, events[p.upto - 1].position]));
    await writeCheckpoints(trx, table, positions, owner);
    return { kind: 'committed', positions } as const;
  }).catch((err) => {
    if (err instanceof LeaseLost) return { kind: 'lost', names: err.names } as const;
    throw err;
  });
}

/**
 * Every checkpoint in one statement; with `owner`, behind the fence in the same statement (a round
 * trip less): a consumer whose lease ended or was taken over while its batch ran (a paused process
 * that woke up) writes nothing and rolls the batch back. The lease rows stay locked (FOR SHARE) to
 * the commit, as `fence` leaves them.
 */
async function writeCheckpoints(trx: Knex.Transaction, table: string, positions: Map<string, Position>, owner?: string): Promise<void> {
  const names = [...positions.keys()];
  const upsert = `insert into ${table} (name, position, updated_at) select n, p, now() from unnest(?::text[], ?::text[]) as x(n, p)`;
  const onConflict = 'on conflict (name) do update set position = excluded.position, updated_at = excluded.updated_at';
  if (owner === undefined) {
    await trx.raw(`${upsert} ${onConflict}`, [names, [...positions.values()]]);
    return;
  }
  const { rows } = await trx.raw(
    `with held as materialized (${FENCE_SQL}),
     written as (${upsert} where (select count(*) from held) = ? ${onConflict})
     select coalesce((select array_agg(name) from held), '{}') as held`,
    [table, names, owner, names, [...positions.values()], names.length],
  );
  const held = new Set<string>(rows[0].held);
  const gone = names.filter((n) => !held.has(n));
  if (gone.length > 0) throw new LeaseLost(gone);
}

/** Index of an ApplyError raised by deferred work of the whole batch: no single event to blame yet. */
export const BATCH_FLUSH = -1;

async function applyEvents(trx: Knex.Transaction, parts: Part[], events: StoredEvent[]): Promise<void> {
  for (let i = 0; i < events.length; i++) {
    const event = events[i];
    for (const p of parts) {
      if (i >= p.upto || !p.accepts(event.type)) continue;
      try {
        await p.handler.handle(trx, event);
        if (p.eager) await p.handler.flush?.(trx);
      } catch (err) {
        throw new ApplyError(p.handler.name, i, err);
      }
    }
  }
  for (const p of parts) {
    if (p.eager || !p.handler.flush) continue;
    try {
      await p.handler.flush(trx);
    } catch (err) {
      throw new ApplyError(p.handler.name, BATCH_FLUSH, err);
    }
  }
}

/**
 * Moves one consumer past an event it cannot apply, with its dead letter, in one transaction
 * (with `owner`, only while the consumer's lease names that instance).
 */
export async function skipPast(
  knex: Knex,
  table: string,
  name: string,
  from: Position | null,
  to: Position,
  record: (trx: Knex.Transaction) => Promise<number>,
  owner?: string,
): Promise<number | null> {
  return knex.transaction(async (trx) => {
    const { rows: lock } = await trx.raw('select pg_try_advisory_xact_lock(hashtext(?)) as locked', [lockKey(table, name)]);
    if (lock[0].locked !== true) return null;
    const row = await trx(table).where({ name }).first('position');
    if ((row?.position ?? null) !== from) return null;
    if (owner !== undefined && !(await fence(trx, table, [name], owner)).has(name)) return null;
    const id = await record(trx);
    await trx.raw(
      `insert into ${table} (name, position, updated_at) values (?, ?, now())
       on conflict (name) do update set position = excluded.position, updated_at = now()`,
      [name, to],
    );
    return id;
  });
}
