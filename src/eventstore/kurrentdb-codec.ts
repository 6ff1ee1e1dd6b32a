import {
  ANY, NO_STREAM, STREAM_EXISTS, eventTypeFilter, jsonEvent, streamNameFilter,
  type AppendStreamState, type EventData, type Filter, type JSONType,
} from '@kurrent/kurrentdb-client';
import type { EventMetadata, ExpectedRevision, NewEvent, Position, StoredEvent } from './port.ts';

// The pure half of the KurrentDB adapter: positions, expected states, and how events and their
// metadata are written and read. Kept apart so that it can be tested without a server.

export const RESERVATION_PREFIX = 'reservation-';
export const CLAIMED = 'ReservationClaimed';
export const RELEASED = 'ReservationReleased';
/**
 * multiStreamAppend accepts only string-valued metadata, so every event's metadata is written as
 * this one key holding the JSON of EventMetadata (on single-stream appends too: one format to read).
 */
export const META_KEY = 'eventMetadata';
/** What servers before 22.6 give as the position of an event read from a stream: unknown. */
export const NO_POSITION = 18446744073709551615n;

/**
 * The log as the port sees it: no system events ($-types) and no reservation events. Filtered on the
 * server (a .NET regex, lookaheads allowed) so that reads do not page through thousands of reservation
 * events; readers still check `visible` in case a server ignores part of the filter.
 */
export const LOG_FILTER: Filter = eventTypeFilter({ regex: `^(?!\\$)(?!(${CLAIMED}|${RELEASED})$)` });

export interface KurrentPosition {
  commit: bigint;
  prepare: bigint;
}

/** A recorded event as the client returns it (stream read or $all read). */
export interface Recorded {
  streamId: string;
  id: string;
  type: string;
  revision: bigint;
  data: unknown;
  metadata?: unknown;
  position?: KurrentPosition;
}

/** Positions are "<commit>/<prepare>" in decimal: 64-bit values kept exact, never Numbers. */
export const positionToken = (p: KurrentPosition): Position => `${p.commit}/${p.prepare}`;

export function parseKurrentPosition(p: Position): KurrentPosition {
  const m = /^(\d{1,20})\/(\d{1,20})$/.exec(p);
  if (!m) throw new Error(`not a KurrentDB log position: ${p}`);
  return { commit: BigInt(m[1]), prepare: BigInt(m[2]) };
}

export function compareKurrentPositions(a: Position | null, b: Position | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  const [x, y] = [parseKurrentPosition(a), parseKurrentPosition(b)];
  if (x.commit !== y.commit) return x.commit < y.commit ? -1 : 1;
  return x.prepare === y.prepare ? 0 : x.prepare < y.prepare ? -1 : 1;
}

/** The port's expected revision as the client's stream state (revisions are 0-based in both). */
export function toStreamState(expected: ExpectedRevision): AppendStreamState {
  if (expected === 'any') return ANY;
  if (expected === 'noStream') return NO_STREAM;
  if (expected === 'streamExists') return STREAM_EXISTS;
  if (expected < 0n) throw new Error(`expected revision must be >= 0, got ${expected}`);
  return expected;
}

/** Whether a stream whose last revision is `actual` (null: missing) meets the expectation. */
export function satisfies(expected: ExpectedRevision, actual: bigint | null): boolean {
  if (expected === 'any') return true;
  if (expected === 'noStream') return actual === null;
  return expected === 'streamExists' ? actual !== null : actual === expected;
}

export const isSystemOrReservation = (e: { type: string; streamId: string }) =>
  e.type.startsWith('$') || e.streamId.startsWith(RESERVATION_PREFIX);

export const reservationStream = (scope: string, key: string) => `${RESERVATION_PREFIX}${scope}-${key}`;

export function toEventData(e: NewEvent): EventData {
  return jsonEvent({ id: e.metadata.eventId, type: e.type, data: e.data as JSONType, metadata: { [META_KEY]: JSON.stringify(e.metadata) } });
}

const json = (v: unknown): unknown => (v instanceof Uint8Array ? JSON.parse(Buffer.from(v).toString('utf8')) : v);

/** Metadata as written by toEventData, or (events written by other tools) the plain JSON object. */
function readMetadata(raw: unknown): EventMetadata {
  const meta = json(raw) as Record<string, unknown> | undefined;
  const flat = meta?.[META_KEY];
  return (typeof flat === 'string' ? JSON.parse(flat) : (meta ?? {})) as EventMetadata;
}

export function toStored(e: Recorded): StoredEvent {
  return {
    type: e.type,
    data: json(e.data) as Record<string, unknown>,
    metadata: readMetadata(e.metadata),
    streamId: e.streamId,
    revision: e.revision,
    position: positionToken(e.position ?? { commit: NO_POSITION, prepare: NO_POSITION }),
  };
}

/**
 * Stream names on the server. With `streamPrefix=<p>` in KURRENTDB_URL (removed before the client
 * parses it), this store's streams are `<p>/<stream>` and it sees no others: several practices (or
 * test servers) can share one KurrentDB, each with its own PostgreSQL. Without it, names are as given.
 */
export class StreamNames {
  readonly filter: Filter;

  constructor(readonly prefix: string | null) {
    if (prefix !== null && !/^[A-Za-z0-9_-]{1,64}$/.test(prefix)) throw new Error('streamPrefix: 1 to 64 letters, digits, _ or -');
    this.filter = prefix === null ? LOG_FILTER : streamNameFilter({ regex: `^${prefix}/(?!${RESERVATION_PREFIX})` });
  }

  /** Splits our `streamPrefix` parameter off a connection string. */
  static fromConnectionString(url: string): { connection: string; names: StreamNames } {
    const m = /([?&])streamPrefix=([^&#]*)&?/.exec(url);
    if (!m) return { connection: url, names: new StreamNames(null) };
    const connection = (url.slice(0, m.index) + (m[0].endsWith('&') ? m[1] : '') + url.slice(m.index + m[0].length)).replace(/\?$/, '');
    return { connection, names: new StreamNames(decodeURIComponent(m[2])) };
  }

  out(streamId: string): string {
    return this.prefix === null ? streamId : `${this.prefix}/${streamId}`;
  }

  /** The port's stream id of a server stream of ours; null for anyone else's. */
  in(name: string): string | null {
    if (this.prefix === null) return name;
    return name.startsWith(`${this.prefix}/`) ? name.slice(this.prefix.length + 1) : null;
  }

  /** A recorded event of this store's log (ours, not a system or reservation event) as the port's. */
  decode(e: Recorded): StoredEvent | null {
    const streamId = this.in(e.streamId);
    if (streamId === null || isSystemOrReservation({ type: e.type, streamId })) return null;
    return toStored({ ...e, streamId });
  }
}
