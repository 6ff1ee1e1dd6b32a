// The event store port. Adapters: PostgreSQL (default) and KurrentDB.

/** Expected state of a stream before an append. Revisions are 0-based (first event = 0). */
export type ExpectedRevision = 'any' | 'noStream' | 'streamExists' | bigint;

/** Opaque, totally ordered token of a place in the global log. Compare with `store.compare`. */
export type Position = string;

export interface EventMetadata {
  eventId: string;
  actor: { idUsuario: number | null; rol: string | null };
  correlationId: string;
  causationId: string | null;
  occurredAt: string; // ISO 8601 instant (UTC)
  /** Set by the sealing layer: whose keys sealed which fields (see src/eventstore/sealing.ts). */
  sealing?: { subject: string; fields: Record<string, 'identity' | 'clinical'> };
}

export interface NewEvent<T extends string = string, D = Record<string, unknown>> {
  type: T;
  data: D;
  metadata: EventMetadata;
}

export interface StoredEvent<T extends string = string, D = Record<string, unknown>> {
  type: T;
  data: D;
  metadata: EventMetadata;
  streamId: string;
  revision: bigint;
  position: Position;
  /** Personal fields whose data key was destroyed: they read as null. */
  erased?: string[];
}

/** A unique value claimed atomically with an append (e-mail, licencia, nombre). */
export interface Reservation {
  scope: string;
  /** Keyed hash of the normalised value: never the plaintext. */
  key: string;
  /** true: free the value (it may be claimed again). */
  release?: boolean;
}

export interface StreamWrite {
  streamId: string;
  events: NewEvent[];
  expected: ExpectedRevision;
}

export interface AppendResult {
  /** Revision of the last event appended, per stream. */
  revisions: Record<string, bigint>;
  /** Position of the last event appended. */
  position: Position;
}

export interface ReadAllResult {
  events: StoredEvent[];
  /** Position to resume from (the last event's, or `from` when none). */
  last: Position | null;
}

export interface Subscription {
  stop(): Promise<void>;
}

export interface SubscribeOptions {
  /** Largest batch given to the handler. */
  batchSize?: number;
  /** Called when the handler throws; the subscription retries the same batch after a delay. */
  onError?: (err: unknown) => void;
}

/** What `streamsOf` looks for in the events' metadata: `sealing.subject` or `actor.idUsuario`. */
export interface StreamsOfQuery {
  sealedFor: string;
  actor: number;
}

/** Whether an event's metadata is one `streamsOf` looks for (the stores that scan use this). */
export const matchesStreamsOf = (m: EventMetadata, q: StreamsOfQuery): boolean =>
  m.sealing?.subject === q.sealedFor || m.actor?.idUsuario === q.actor;

export interface EventStore {
  /**
   * A command may skip reading a stream whose id it has just taken from a sequence (Step.fresh): the
   * append's own 'noStream' check is the safety, and a refusal is retried with a read. Not KurrentDB:
   * there the read keeps the client's channel working after a failed discovery (an election).
   */
  readonly skipsFreshReads?: boolean;
  /** Appends to one or more streams atomically; all expected revisions must hold. */
  append(writes: StreamWrite[], reservations?: Reservation[]): Promise<AppendResult>;
  readStream(streamId: string): Promise<StoredEvent[]>;
  /**
   * Several streams at once, in one round trip where the store can (a command's streams): each
   * stream's events as readStream gives them, in the order of `streamIds` (a missing stream: []).
   */
  readStreams(streamIds: readonly string[]): Promise<StoredEvent[][]>;
  /**
   * The stream exactly as stored, personal fields still sealed: what the audit's leaves and a
   * signed record's `huella` are computed over. A raw store reads it as readStream does; the
   * sealing layer skips opening; wrappers pass it through.
   */
  readStreamAsStored?(streamId: string): Promise<StoredEvent[]>;
  /**
   * The last event of each stream (null: no such stream), in the order of `streamIds`, in one round
   * trip where the store can: for a state that is its stream's last event (an invoice series' last
   * number, a chain's tip), without reading a stream that grows with every invoice. Optional: use
   * `lastEvents`, which falls back on reading the whole streams.
   */
  readLastEvents?(streamIds: readonly string[]): Promise<(StoredEvent | null)[]>;
  /**
   * Every stream holding an event sealed under `sealedFor`'s keys or done by user `actor` (a
   * person's data export), sorted. Optional for stores that cannot say: use `streamsOf`, which
   * refuses rather than answer with less (an export that silently misses streams).
   */
  streamsOf?(query: StreamsOfQuery): Promise<string[]>;
  /** Events after `from` (exclusive; null = from the start) in global order. */
  readAll(from: Position | null, limit: number): Promise<ReadAllResult>;
  /** Catch-up subscription that goes live. The handler gets batches in global order. */
  subscribe(
    from: Position | null,
    handler: (events: StoredEvent[]) => Promise<void>,
    options?: SubscribeOptions,
  ): Subscription;
  /** Resolves when a new event may be readable (notification or poll tick). */
  waitForEvents(timeoutMs: number): Promise<void>;
  compare(a: Position | null, b: Position | null): number;
  /** Position of the newest readable event (null = empty log). */
  head(): Promise<Position | null>;
  close(): Promise<void>;
}

/**
 * `instanceof` on the port's errors goes by name: the KurrentDB adapter is imported dynamically
 * (open.ts), and under the test runner's loader (require for the rest) it may get its own copy of
 * this module, whose classes a plain instanceof would not recognise (a taken e-mail answered 500).
 */
const byName = (x: unknown, name: string) => x instanceof Error && x.name === name;

export class WrongExpectedRevisionError extends Error {
  static override [Symbol.hasInstance](x: unknown): boolean { return byName(x, 'WrongExpectedRevisionError'); }

  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | null,
  ) {
    super(`stream ${streamId}: expected ${String(expected)}, actual ${actual === null ? 'none' : actual}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export class ReservationTakenError extends Error {
  static override [Symbol.hasInstance](x: unknown): boolean { return byName(x, 'ReservationTakenError'); }
  constructor(readonly scope: string) {
    super(`value already reserved in ${scope}`);
    this.name = 'ReservationTakenError';
  }
}

/**
 * The store refused an append as too large (KurrentDB's MaxAppendSize, 1 MiB of events by default):
 * nothing was written. Writers that batch split the append (appendInParts) and send it again.
 */
export class AppendTooLargeError extends Error {
  static override [Symbol.hasInstance](x: unknown): boolean { return byName(x, 'AppendTooLargeError'); }
  constructor(readonly maxBytes: number | null) {
    super(`append refused: larger than the event store's maximum append size${maxBytes ? ` (${maxBytes} bytes)` : ''}`);
    this.name = 'AppendTooLargeError';
  }
}

/**
 * The event store did not answer (a KurrentDB cluster without a leader for longer than the adapter
 * retries, a server down): nothing is known to be written; the request may be sent again.
 */
export class EventStoreUnavailableError extends Error {
  static override [Symbol.hasInstance](x: unknown): boolean { return byName(x, 'EventStoreUnavailableError'); }
  constructor(override readonly cause: unknown) {
    super(`event store unavailable: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'EventStoreUnavailableError';
  }
}

/** Each stream's last event (see `readLastEvents`), by reading the whole streams where the store has no shortcut. */
export async function lastEvents(store: EventStore, streamIds: readonly string[]): Promise<(StoredEvent | null)[]> {
  if (store.readLastEvents) return store.readLastEvents(streamIds);
  return (await store.readStreams(streamIds)).map((events) => events[events.length - 1] ?? null);
}

/** The stream as stored (see `readStreamAsStored`); a store that cannot say is a wiring error, never a silent fallback to opened data. */
export function asStored(store: EventStore, streamId: string): Promise<StoredEvent[]> {
  if (!store.readStreamAsStored) throw new Error('this event store cannot read a stream as stored (readStreamAsStored)');
  return store.readStreamAsStored(streamId);
}

/** The streams about a person (see `streamsOf`); a store that cannot say is a wiring error, never a silent shorter answer. */
export function streamsOf(store: EventStore, query: StreamsOfQuery): Promise<string[]> {
  if (!store.streamsOf) throw new Error('this event store cannot find the streams about a person (streamsOf)');
  return store.streamsOf(query);
}
