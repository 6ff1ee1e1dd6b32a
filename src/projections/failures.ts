import type { Knex } from 'knex';
import type { Position, StoredEvent } from '../eventstore/port.ts';
import { CHECKPOINT_CHANNEL } from './watcher.ts';

/** Which runner a consumer belongs to, as the dead-letter table names it. */
export type ConsumerKind = 'projection' | 'reactor';

export const kindOf = (table: string): ConsumerKind => (table === 'reactor_checkpoints' ? 'reactor' : 'projection');

/** A consumer's apply threw on one event of a batch (its index in the batch). */
export class ApplyError extends Error {
  constructor(
    readonly consumer: string,
    readonly index: number,
    override readonly cause: unknown,
  ) {
    super(`${consumer} failed on event ${index} of its batch`);
  }
}

// SQLSTATE classes of failures that are not the event's fault: connection (08), transaction
// rollback such as serialisation and deadlock (40), resources (53), operator intervention (57),
// system (58). Retried without blame; the rest counts against the event.
const TRANSIENT_SQLSTATE = /^(08|40|53|57|58)/;
const TRANSIENT_MESSAGE = /Connection terminated|ECONNRESET|ECONNREFUSED|EPIPE|Timeout acquiring a connection|Client has encountered a connection error|Connection ended/i;

/** True when the database or the network failed, not the consumer's handling of the event. */
export function isTransient(err: unknown): boolean {
  const e = (err instanceof ApplyError ? err.cause : err) as { code?: unknown; message?: unknown } | null;
  if (typeof e?.code === 'string' && TRANSIENT_SQLSTATE.test(e.code)) return true;
  return typeof e?.message === 'string' && TRANSIENT_MESSAGE.test(e.message);
}

/**
 * A description of a failure that is safe to store and log: the SQLSTATE and the message with
 * quoted values removed (PostgreSQL quotes the offending value, which can be health data).
 */
export function describeFailure(err: unknown): string {
  const e = (err instanceof ApplyError ? err.cause : err) as { code?: unknown; message?: unknown; name?: unknown } | null;
  const message = typeof e?.message === 'string' ? e.message : String(e);
  const scrubbed = message.replace(/"[^"]*"|'[^']*'|\([^)]*\)=\([^)]*\)/g, '…').slice(0, 300);
  const code = typeof e?.code === 'string' ? `${e.code} ` : '';
  const name = typeof e?.name === 'string' && e.name !== 'Error' && e.name !== 'error' ? `${e.name}: ` : '';
  return `${code}${name}${scrubbed}`;
}

/** A consumer stuck on one event, between its attempts. */
export interface Failure {
  event: StoredEvent;
  /** The consumer's checkpoint before the event. */
  after: Position | null;
  attempts: number;
  first: Date;
  last: Date;
  error: string;
  /** Epoch ms of the next attempt. */
  nextAt: number;
}

export interface RetryPolicy {
  /** Attempts in all before the event is parked. */
  attempts: number;
  /** Pause before the 2nd, 3rd, ... attempt (the last value repeats). */
  backoffMs: number[];
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 5, backoffMs: [100, 300, 800, 1_500] };

/** The failure after one more failed attempt on `event` (a new failure when it is another event). */
export function recordAttempt(prev: Failure | undefined, event: StoredEvent, after: Position | null, err: unknown, policy: RetryPolicy, now = new Date()): Failure {
  const same = prev !== undefined && prev.event.metadata.eventId === event.metadata.eventId;
  const attempts = same ? prev.attempts + 1 : 1;
  const pause = policy.backoffMs[Math.min(attempts - 1, policy.backoffMs.length - 1)] ?? 1_000;
  return {
    event, after, attempts, first: same ? prev.first : now, last: now, error: describeFailure(err), nextAt: now.getTime() + pause,
  };
}

/** The dead letter's statement and its bindings (an inline read model's is sent with the append: src/projections/inline.ts). */
export function parkedInsert(kind: ConsumerKind, consumer: string, f: Failure): [string, Knex.RawBinding[]] {
  return [
    `insert into parked_events (kind, consumer, position, after, event_id, event_type, stream_id, error, attempts, first_failure_at, last_failure_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (kind, consumer, event_id) do update set
       status = 'PARKED', resolved_at = null, error = excluded.error, attempts = parked_events.attempts + excluded.attempts,
       last_failure_at = excluded.last_failure_at`,
    [kind, consumer, f.event.position, f.after, f.event.metadata.eventId, f.event.type, f.event.streamId, f.error, f.attempts, f.first, f.last],
  ];
}

/** Records the dead letter inside the transaction that moves the consumer past the event. */
export async function insertParked(trx: Knex.Transaction, kind: ConsumerKind, consumer: string, f: Failure): Promise<number> {
  const [sql, bindings] = parkedInsert(kind, consumer, f);
  const { rows } = await trx.raw(`${sql} returning id`, bindings);
  await announceParked(trx);
  return Number(rows[0].id);
}

/** Payload on the checkpoint channel when a parked event is added, retried or skipped (by any process). */
export const PARKED_PAYLOAD = 'parked_events';

/** Tells every process that the parked events changed (their /metrics counts read them again); sent on commit. */
export async function announceParked(db: Knex | Knex.Transaction): Promise<void> {
  await db.raw('select pg_notify(?, ?)', [CHECKPOINT_CHANNEL, PARKED_PAYLOAD]);
}

/** Parked events not yet retried or skipped, per consumer (for /health and the counts behind /metrics). */
export async function parkedCounts(knex: Knex): Promise<{ kind: ConsumerKind; consumer: string; n: number }[]> {
  const { rows } = await knex.raw(
    "select kind, consumer, count(*)::int as n from parked_events where status = 'PARKED' group by kind, consumer order by kind, consumer",
  );
  return rows;
}
