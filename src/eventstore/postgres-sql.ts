import type { ExpectedRevision, Reservation, StoredEvent, StreamWrite } from './port.ts';
import type { KeyRows } from './key-rows.ts';
import { pgPosition } from './position.ts';

// The PostgreSQL store's SQL and the mapping of its rows (postgres.ts runs them): the statements
// in one place, so the store's file keeps to connections, retries and announcements.

export interface EventRow {
  global_position: string;
  tx_id: string;
  event_id: string;
  stream_id: string;
  stream_revision: string;
  type: string;
  data: Record<string, unknown>;
  metadata: StoredEvent['metadata'];
}

export const COLUMNS = 'global_position, tx_id::text as tx_id, event_id, stream_id, stream_revision, type, data, metadata';
// ORDER BY must name the table's columns: a bare `tx_id` there would mean the text alias above,
// and text order puts tx 1000 before tx 999.
export const LOG_ORDER = 'events.tx_id, events.global_position';

export function toStored(row: EventRow): StoredEvent {
  return {
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    revision: BigInt(row.stream_revision),
    position: pgPosition(row.tx_id, row.global_position),
  };
}

export function uniqueViolation(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string };
  return e?.code === '23505' ? (e.constraint ?? '') : null;
}

export interface AppendRow {
  failed_write: number | null;
  actual_revision: string | null;
  new_revisions: string[] | null;
  last_tx: string | null;
  last_position: string | null;
}

/** The append, one statement: see migrations 015_event_store_append, 044_append_key_rows and 062_inline_append. */
export const APPEND_SQL = `select * from practice_append($1::text[], $2::text[], $3::int[], $4::jsonb, $5::text[], $6::text[], $7::boolean[],
  $8::text[], $9::text[], $10::bytea[], $11::text[], $12::text[], $13::text[], $14::boolean)`;
/** The argument types of APPEND_SQL, for the same call with literals (inline.ts's one round trip). */
export const APPEND_TYPES = ['text[]', 'text[]', 'int[]', 'jsonb', 'text[]', 'text[]', 'boolean[]', 'text[]', 'text[]', 'bytea[]', 'text[]', 'text[]', 'text[]', 'boolean'];

/** practice_append's refusal in strict mode (062): which write, at which revision the stream is. */
export function strictFailure(err: unknown): { write: number; actual: bigint | null } | null {
  const e = err as { code?: string; detail?: string };
  if (e?.code !== 'PR409' || !e.detail) return null;
  const [write, actual] = e.detail.split(':');
  return { write: Number(write), actual: actual ? BigInt(actual) : null };
}
export const READ_STREAM_SQL = `select ${COLUMNS} from events where stream_id = $1 order by stream_revision`;
export const READ_STREAMS_SQL = `select ${COLUMNS} from events where stream_id = any($1::text[]) order by stream_id, stream_revision`;
// Each stream's last revision by the (stream_id, stream_revision) unique index: one row per stream.
export const READ_LAST_SQL = `select ${COLUMNS} from unnest($1::text[]) as s(id)
  cross join lateral (select * from events where stream_id = s.id order by stream_revision desc limit 1) e`;
// The horizon (migration 062): below the oldest append in flight, whatever else is writing.
export const READ_ALL_SQL = `select ${COLUMNS} from events
  where (tx_id, global_position) > ($1::text::xid8, $2::bigint)
    and tx_id < (select practice_log_horizon())
  order by ${LOG_ORDER} limit $3`;
export const HEAD_SQL = `select global_position, tx_id::text as tx_id from events
  where tx_id < (select practice_log_horizon())
  order by events.tx_id desc, events.global_position desc limit 1`;
// A subscription's read: READ_ALL's rows, and one more row (held = true, nothing else) when
// committed events after `from` are hidden by the horizon (an older append still in flight): the
// reader looks again shortly, with no second statement to ask (UNREAD_SQL) after each short read.
export const READ_TAIL_SQL = `with h as materialized (select practice_log_horizon() as horizon)
  (select ${COLUMNS}, false as held from events
    where (tx_id, global_position) > ($1::text::xid8, $2::bigint) and tx_id < (select horizon from h)
    order by ${LOG_ORDER} limit $3)
  union all
  select null, null, null, null, null, null, null, null, true
  where (select 1 from events where (tx_id, global_position) > ($1::text::xid8, $2::bigint) and tx_id >= (select horizon from h)
    order by tx_id, global_position limit 1) is not null`;
// The first such row in the index's order, not `exists`: planned as a sequential scan, `exists`
// met the rows last (tens of ms on a log of 100,000 events, src/projections/wakeups.ts says more).
export const UNREAD_SQL = `select (select 1 from events where (tx_id, global_position) > ($1::text::xid8, $2::bigint)
  order by tx_id, global_position limit 1) is not null as unread`;
// A NOTIFY commits a transaction of its own (it takes an xid), but a wake-up need not be durable:
// with synchronous_commit off for that one transaction its commit does not wait for a WAL flush.
export const NOTIFY_SQL = "select set_config('synchronous_commit', 'off', true), pg_notify($1, $2)";

export function expectedText(expected: ExpectedRevision): string {
  return typeof expected === 'bigint' ? expected.toString() : expected;
}

export function reservationScope(err: unknown, reservations: Reservation[]): string {
  const detail = (err as { detail?: string }).detail ?? '';
  return reservations.find((r) => detail.includes(`(${r.scope},`))?.scope ?? reservations[0]?.scope ?? 'unknown';
}

/**
 * The appenders' lock (migration 062, the same key): every append holds it shared; an adoption of
 * inline read models, a reset and a shadow switch take it exclusively, to see no append in flight.
 */
export const APPENDERS_LOCK = 4_143_001;

/** APPEND_SQL's parameters: the writes, their events as one JSON array, the reservations, the new key rows, strict. */
export function appendValues(writes: StreamWrite[], reservations: Reservation[], rows: KeyRows, strict: boolean): unknown[] {
  const events = writes.flatMap((write, i) =>
    write.events.map((e, k) => ({ w: i + 1, k: k + 1, id: e.metadata.eventId, type: e.type, data: e.data, metadata: e.metadata })));
  return [
    writes.map((w) => w.streamId),
    writes.map((w) => expectedText(w.expected)),
    writes.map((w) => w.events.length),
    JSON.stringify(events),
    reservations.map((r) => r.scope),
    reservations.map((r) => r.key),
    reservations.map((r) => r.release === true),
    rows.keys.map((k) => k.subject),
    rows.keys.map((k) => k.purpose),
    rows.keys.map((k) => k.wrapped),
    rows.keys.map((k) => k.masterKeyId),
    rows.aliases.map((a) => a.alias),
    rows.aliases.map((a) => a.subject),
    strict,
  ];
}
