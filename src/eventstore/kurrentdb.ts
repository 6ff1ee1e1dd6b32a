import {
  ANY, BACKWARDS, END, NO_STREAM, START, STREAM_EXISTS, KurrentDBClient, StreamNotFoundError, UnsupportedError,
  WrongExpectedVersionError, convertToCommandError, excludeSystemEvents, jsonEvent,
  type AllStreamResolvedEvent, type AllStreamSubscription, type AppendStreamState, type EventData, type JSONType,
} from '@kurrent/kurrentdb-client';
import {
  type AppendResult, type EventStore, type ExpectedRevision, type NewEvent, type Position, type ReadAllResult,
  type Reservation, ReservationTakenError, type StoredEvent, type StreamWrite, type SubscribeOptions, type Subscription,
  WrongExpectedRevisionError,
} from './port.ts';

// Event store on KurrentDB. Positions are "<commit>/<prepare>" (decimal) of the event in $all.
// Reservations live in streams `reservation-<scope>-<key>`: a claim appends ReservationClaimed expecting
// the stream to be missing, or to end with a ReservationReleased (expected = that event's revision), so
// two concurrent claims cannot both win; a release appends ReservationReleased. Readers of the whole log
// skip these streams and system events.

const RESERVATION = 'reservation-';
const CLAIMED = 'ReservationClaimed';
const RELEASED = 'ReservationReleased';
/** multiStreamAppend only takes string-valued metadata: there the metadata is this one key, as JSON. */
const META_KEY = 'eventMetadata';
const NO_POSITION = 18446744073709551615n; // what older servers give for positions on stream reads
const RETRY_MS = 250;

interface Recorded { streamId: string; type: string; revision: bigint; data: unknown; metadata?: unknown; position?: { commit: bigint; prepare: bigint } }
interface ReservationWrite { stream: string; scope: string; event: EventData; expected: AppendStreamState }

const token = (p: { commit: bigint; prepare: bigint }): Position => `${p.commit}/${p.prepare}`;
function parse(p: Position): { commit: bigint; prepare: bigint } {
  const m = /^(\d+)\/(\d+)$/.exec(p);
  if (!m) throw new Error(`not a KurrentDB log position: ${p}`);
  return { commit: BigInt(m[1]), prepare: BigInt(m[2]) };
}
const visible = (e: Recorded) => !e.type.startsWith('$') && !e.streamId.startsWith(RESERVATION);
const json = (v: unknown): unknown => (v instanceof Uint8Array ? JSON.parse(Buffer.from(v).toString('utf8')) : v);

function toStored(e: Recorded): StoredEvent {
  const meta = json(e.metadata) as Record<string, unknown>;
  return {
    type: e.type,
    data: json(e.data) as Record<string, unknown>,
    metadata: (typeof meta?.[META_KEY] === 'string' ? JSON.parse(meta[META_KEY] as string) : meta) as StoredEvent['metadata'],
    streamId: e.streamId,
    revision: e.revision,
    position: token(e.position ?? { commit: NO_POSITION, prepare: NO_POSITION }),
  };
}

function toEventData(e: NewEvent, flatMetadata: boolean): EventData {
  const metadata = flatMetadata ? { [META_KEY]: JSON.stringify(e.metadata) } : (e.metadata as unknown as JSONType);
  return jsonEvent({ id: e.metadata.eventId, type: e.type, data: e.data as JSONType, metadata });
}

function toState(expected: ExpectedRevision): AppendStreamState {
  if (expected === 'any') return ANY;
  if (expected === 'noStream') return NO_STREAM;
  return expected === 'streamExists' ? STREAM_EXISTS : expected;
}

function satisfied(expected: ExpectedRevision, actual: bigint | null): boolean {
  if (expected === 'any') return true;
  if (expected === 'noStream') return actual === null;
  return expected === 'streamExists' ? actual !== null : actual === expected;
}

export class KurrentEventStore implements EventStore {
  private readonly client: KurrentDBClient;
  private multiAppend: boolean | null = null; // null: not known yet whether the server has multiStreamAppend
  private watcher: AllStreamSubscription | null = null;
  private readonly waiters = new Set<() => void>();
  private readonly subscriptions = new Set<Subscription>();
  private closed = false;

  constructor(connectionString: string) {
    this.client = KurrentDBClient.connectionString(connectionString);
  }

  async append(writes: StreamWrite[], reservations: Reservation[] = []): Promise<AppendResult> {
    if (new Set(writes.map((w) => w.streamId)).size !== writes.length) throw new Error('a stream appears more than once in one append');
    const claims: ReservationWrite[] = [];
    const releases: ReservationWrite[] = [];
    for (const r of reservations) {
      const stream = `${RESERVATION}${r.scope}-${r.key}`;
      const event = jsonEvent({ type: r.release ? RELEASED : CLAIMED, data: { scope: r.scope, key: r.key, streamId: writes[0]?.streamId ?? null } });
      if (r.release) {
        releases.push({ stream, scope: r.scope, event, expected: ANY });
        continue;
      }
      const last = await this.lastEvent(stream);
      if (last && last.type !== RELEASED) throw new ReservationTakenError(r.scope);
      claims.push({ stream, scope: r.scope, event, expected: last ? last.revision : NO_STREAM });
    }
    const revisions: Record<string, bigint> = {};
    try {
      if (writes.length === 1 && reservations.length === 0) {
        const w = writes[0];
        const r = await this.client.appendToStream(w.streamId, w.events.map((e) => toEventData(e, false)), { streamState: toState(w.expected) });
        revisions[w.streamId] = r.nextExpectedRevision;
      } else {
        try {
          if (this.multiAppend === false) throw new UnsupportedError('multiStreamAppend', '25.1');
          const reservationWrites = [...claims, ...releases].map((c) => ({ streamName: c.stream, events: [c.event], expectedState: c.expected }));
          const r = await this.client.multiStreamAppend([
            ...writes.map((w) => ({ streamName: w.streamId, events: w.events.map((e) => toEventData(e, true)), expectedState: toState(w.expected) })),
            ...reservationWrites,
          ]);
          this.multiAppend = true;
          for (const w of writes) revisions[w.streamId] = r.responses.find((x) => x.streamName === w.streamId)?.revision ?? -1n;
        } catch (err) {
          const unimplemented = (err as { code?: number } | null)?.code === 12; // gRPC UNIMPLEMENTED
          if (!(err instanceof UnsupportedError) && !unimplemented) throw err;
          this.multiAppend = false;
          Object.assign(revisions, await this.appendSequentially(writes, claims, releases));
        }
      }
    } catch (err) {
      throw this.conflict(err, writes, claims);
    }
    this.wakeAll();
    const position = await this.appendPosition(writes, revisions).catch(() => null);
    return { revisions, position: position ?? (await this.head()) ?? '0/0' };
  }

  /**
   * Servers before 25.1 have no multi-stream append. NOT ATOMIC: the expectations are checked first, then
   * claims, writes and releases go one by one. A concurrent writer between the check and a write, or a
   * crash half-way, leaves the earlier streams written (claims made before a failed write are released).
   */
  private async appendSequentially(writes: StreamWrite[], claims: ReservationWrite[], releases: ReservationWrite[]) {
    for (const w of writes) {
      const actual = (await this.lastEvent(w.streamId))?.revision ?? null;
      if (!satisfied(w.expected, actual)) throw new WrongExpectedRevisionError(w.streamId, w.expected, actual);
    }
    const revisions: Record<string, bigint> = {};
    const claimed: ReservationWrite[] = [];
    try {
      for (const c of claims) {
        await this.client.appendToStream(c.stream, c.event, { streamState: c.expected });
        claimed.push(c);
      }
      for (const w of writes) {
        const r = await this.client.appendToStream(w.streamId, w.events.map((e) => toEventData(e, false)), { streamState: toState(w.expected) });
        revisions[w.streamId] = r.nextExpectedRevision;
      }
    } catch (err) {
      for (const c of claimed) await this.client.appendToStream(c.stream, jsonEvent({ type: RELEASED, data: { scope: c.scope } })).catch(() => {});
      throw err;
    }
    for (const r of releases) await this.client.appendToStream(r.stream, r.event);
    return revisions;
  }

  /** The client's wrong-expected-version error as the port's error. */
  private conflict(raw: unknown, writes: StreamWrite[], claims: ReservationWrite[]): unknown {
    const err = raw instanceof Error ? convertToCommandError(raw) : raw;
    if (!(err instanceof WrongExpectedVersionError)) return err;
    const claim = claims.find((c) => c.stream === err.streamName);
    if (claim) return new ReservationTakenError(claim.scope);
    const w = writes.find((x) => x.streamId === err.streamName) ?? (writes.length === 1 ? writes[0] : undefined);
    return w ? new WrongExpectedRevisionError(w.streamId, w.expected, err.actualState === NO_STREAM ? null : err.actualState) : err;
  }

  /**
   * The $all position of the last event written (null: nothing written). The append results do not give
   * it exactly (one commit position for several events), so the last event of each stream is read back;
   * where stream reads carry no $all position (older servers, or events written in a transaction), $all is
   * scanned backwards for those events instead.
   */
  private async appendPosition(writes: StreamWrite[], revisions: Record<string, bigint>): Promise<Position | null> {
    const written = writes.filter((w) => w.events.length > 0);
    const positions: (Position | null)[] = [];
    for (const w of written) {
      let p: Position | null = null;
      for await (const r of this.client.readStream(w.streamId, { fromRevision: revisions[w.streamId], maxCount: 1 })) {
        if (r.event?.position && r.event.position.commit !== NO_POSITION) p = token(r.event.position);
      }
      positions.push(p);
    }
    if (positions.every((p) => p !== null)) return positions.reduce<Position | null>((a, b) => (this.compare(a, b) >= 0 ? a : b), null);
    const ids = new Set(written.map((w) => w.events[w.events.length - 1].metadata.eventId.toLowerCase()));
    let seen = 0;
    for await (const r of this.client.readAll({ direction: BACKWARDS, fromPosition: END, filter: excludeSystemEvents() })) {
      if (r.event && ids.has(r.event.id.toLowerCase())) return token(r.event.position);
      if (++seen > 10_000) break;
    }
    return null;
  }

  private async lastEvent(streamId: string): Promise<{ revision: bigint; type: string } | null> {
    try {
      for await (const r of this.client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
        if (r.event) return { revision: r.event.revision, type: r.event.type };
      }
    } catch (err) {
      if (!(err instanceof StreamNotFoundError)) throw err;
    }
    return null;
  }

  async readStream(streamId: string): Promise<StoredEvent[]> {
    const out: StoredEvent[] = [];
    try {
      for await (const r of this.client.readStream(streamId)) if (r.event) out.push(toStored(r.event));
    } catch (err) {
      if (err instanceof StreamNotFoundError) return [];
      throw err;
    }
    return out;
  }

  async readAll(from: Position | null, limit: number): Promise<ReadAllResult> {
    const events: StoredEvent[] = [];
    // A read from a position may return the event at it; reservation events are dropped here, so
    // read again from the last position seen until `limit` events are kept or the log ends.
    let cursor = from;
    while (events.length < limit) {
      const want = limit - events.length + 1;
      let got = 0;
      const start = cursor;
      const read = this.client.readAll({ fromPosition: start === null ? START : parse(start), maxCount: want, filter: excludeSystemEvents() });
      for await (const r of read) {
        got++;
        if (!r.event) continue;
        const p = token(r.event.position);
        if (this.compare(p, start) <= 0) continue;
        cursor = p;
        if (visible(r.event) && events.length < limit) events.push(toStored(r.event));
      }
      if (got < want) break;
    }
    return { events, last: events.length ? events[events.length - 1].position : from };
  }

  subscribe(from: Position | null, handler: (events: StoredEvent[]) => Promise<void>, options: SubscribeOptions = {}): Subscription {
    this.watch();
    const batchSize = Math.max(1, options.batchSize ?? 500);
    let position = from;
    let stopped = false;
    let current: AllStreamSubscription | null = null;
    let wake = () => {};
    const pause = (ms: number | null) =>
      new Promise<void>((resolve) => {
        const timer = ms === null ? undefined : setTimeout(() => wake(), ms);
        wake = () => { clearTimeout(timer); wake = () => {}; resolve(); };
      });
    const report = (err: unknown) => { try { options.onError?.(err); } catch { /* must not end the subscription */ } };
    const loop = async () => {
      while (!stopped && !this.closed) {
        let dropped: unknown = null;
        try {
          const sub = this.client.subscribeToAll({ fromPosition: position === null ? START : parse(position), filter: excludeSystemEvents() });
          current = sub;
          const drop = (err: unknown) => { dropped ??= err; if (current === sub) wake(); };
          sub.on('readable', () => current === sub && wake()).on('error', drop).on('end', () => drop(new Error('subscription ended')));
          try {
            while (!stopped && dropped === null) {
              const news = pause(null); // before reading, so that a 'readable' during the reads is not lost
              const batch: StoredEvent[] = [];
              for (let r: AllStreamResolvedEvent | null; batch.length < batchSize && (r = sub.read()) !== null; ) {
                if (!r.event || !visible(r.event)) continue;
                const e = toStored(r.event);
                if (this.compare(e.position, batch.length ? batch[batch.length - 1].position : position) > 0) batch.push(e);
              }
              if (batch.length === 0) { await news; continue; }
              // A failing handler gets the same batch again after a delay.
              for (;;) {
                try { await handler(batch); break; } catch (err) { report(err); }
                if (stopped) return;
                await pause(RETRY_MS);
                if (stopped) return;
              }
              position = batch[batch.length - 1].position;
            }
          } finally {
            current = null;
            void sub.unsubscribe().catch(() => {});
          }
        } catch (err) {
          dropped = err;
        }
        // Dropped (server restart, network): resubscribe from the last handled position.
        if (dropped !== null && !stopped) { report(dropped); await pause(RETRY_MS); }
      }
    };
    const done = loop();
    const subscription: Subscription = {
      stop: async () => { stopped = true; wake(); await done; this.subscriptions.delete(subscription); },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  /** One live subscription from the end of $all, only to wake waitForEvents; restarted lazily if dropped. */
  private watch(): void {
    if (this.watcher || this.closed) return;
    const sub = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    this.watcher = sub;
    const drop = () => { if (this.watcher === sub) { this.watcher = null; void sub.unsubscribe().catch(() => {}); } };
    sub.on('data', () => this.wakeAll()).on('error', drop).on('end', drop);
  }

  waitForEvents(timeoutMs: number): Promise<void> {
    this.watch();
    return new Promise((resolve) => {
      const done = () => { clearTimeout(timer); this.waiters.delete(done); resolve(); };
      const timer = setTimeout(done, timeoutMs);
      this.waiters.add(done);
    });
  }

  private wakeAll(): void {
    for (const w of [...this.waiters]) w();
  }

  compare(a: Position | null, b: Position | null): number {
    if (a === b) return 0;
    if (a === null) return -1;
    if (b === null) return 1;
    const [x, y] = [parse(a), parse(b)];
    if (x.commit !== y.commit) return x.commit < y.commit ? -1 : 1;
    return x.prepare === y.prepare ? 0 : x.prepare < y.prepare ? -1 : 1;
  }

  async head(): Promise<Position | null> {
    for await (const r of this.client.readAll({ direction: BACKWARDS, fromPosition: END, filter: excludeSystemEvents() })) {
      if (r.event && visible(r.event)) return token(r.event.position);
    }
    return null;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    this.wakeAll();
    const watcher = this.watcher;
    this.watcher = null;
    if (watcher) await watcher.unsubscribe().catch(() => {});
    await this.client.dispose();
  }
}
