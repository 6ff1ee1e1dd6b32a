import { BACKWARDS, END, START, KurrentDBClient, StreamNotFoundError, streamNameFilter, type AllStreamSubscription } from '@kurrent/kurrentdb-client';
import {
  CLAIMED, NO_POSITION, RESERVATION_PREFIX, StreamNames, compareKurrentPositions, parseKurrentPosition, positionToken, toStored,
} from './kurrentdb-codec.ts';
import { PrefixHead } from './kurrentdb-head.ts';
import { kurrentReads, type KurrentReads } from './kurrentdb-read.ts';
import { KurrentWriter } from './kurrentdb-writer.ts';
import type {
  AppendResult, EventStore, Position, ReadAllResult, Reservation, StoredEvent, StreamWrite, StreamsOfQuery, SubscribeOptions, Subscription,
} from './port.ts';
import { matchesStreamsOf } from './port.ts';
import { retrying } from './kurrentdb-retry.ts';
import { kurrentSubscription } from './kurrentdb-subscription.ts';

// Event store on KurrentDB. Positions are "<commit>/<prepare>" of the event in $all (kurrentdb-codec.ts).
// Reservations live in streams `reservation-<scope>-<key>`: a claim appends ReservationClaimed expecting
// the stream to be missing, or to end with a ReservationReleased (expected = that event's revision), so
// two concurrent claims cannot both win; a release appends ReservationReleased. Readers of the whole log
// never see these streams nor system events. The write path is in kurrentdb-writer.ts, the subscription
// in kurrentdb-subscription.ts, positions, names and encodings in kurrentdb-codec.ts. In a cluster
// (kurrentdb+discover://) every call is sent again when the leader changed under it (kurrentdb-retry.ts).

export class KurrentEventStore implements EventStore {
  private readonly client: KurrentDBClient;
  /** Stream and $all reads, over grpc-js (kurrentdb-read.ts): the native read bridge stalls on Nagle. */
  private readonly reads: KurrentReads;
  /** With a streamPrefix, the head is kept per prefix (kurrentdb-head.ts): the shared log is not searched. */
  private readonly prefixHead: PrefixHead | null;
  private readonly names: StreamNames;
  private readonly writer: KurrentWriter;
  private watcher: AllStreamSubscription | null = null;
  private readonly waiters = new Set<() => void>();
  private readonly subscriptions = new Set<Subscription>();
  private closed = false;

  /**
   * A connection string (kurrentdb://host:2113?tls=false, optionally with our `streamPrefix=<p>`), or a
   * client (tests) with the stream prefix to use.
   */
  constructor(connection: string | KurrentDBClient, streamPrefix: string | null = null) {
    if (typeof connection === 'string') {
      const parsed = StreamNames.fromConnectionString(connection);
      this.client = KurrentDBClient.connectionString(parsed.connection);
      this.names = parsed.names;
    } else {
      this.client = connection;
      this.names = new StreamNames(streamPrefix);
    }
    this.reads = kurrentReads(this.client);
    this.prefixHead = this.names.prefix === null ? null : new PrefixHead(this.client, this.reads, this.names, this.names.prefix);
    this.writer = new KurrentWriter(this.client, this.reads, this.names);
  }

  async append(writes: StreamWrite[], reservations: Reservation[] = []): Promise<AppendResult> {
    const { revisions, written, position: answered } = await retrying(() => this.writer.append(writes, reservations));
    if (written === null) return { revisions, position: (await this.head()) ?? '0/0' };
    this.wakeAll();
    if (answered !== null) return { revisions, position: answered };
    const position = await retrying(() => this.appendPosition(written, revisions)).catch(() => null);
    return { revisions, position: position ?? (await this.head()) ?? '0/0' };
  }

  /**
   * The $all position of the last event written (null: nothing written), for appends of several
   * events: the append results give the write's commit position, not each event's, so the last event
   * of each stream is read back (one event: the answer is exact, append() takes it); where stream reads carry no $all
   * position (servers before 22.6), $all is scanned backwards for those events instead.
   */
  private async appendPosition(writes: StreamWrite[], revisions: Record<string, bigint>): Promise<Position | null> {
    const positions: (Position | null)[] = [];
    for (const w of writes) {
      let p: Position | null = null;
      for await (const r of this.reads.readStream(this.names.out(w.streamId), { fromRevision: revisions[w.streamId], maxCount: 1 })) {
        if (r.event?.position && r.event.position.commit !== NO_POSITION) p = positionToken(r.event.position);
      }
      positions.push(p);
    }
    if (positions.length === 0) return null;
    if (positions.every((p) => p !== null)) return positions.reduce<Position | null>((a, b) => (this.compare(a, b) >= 0 ? a : b), null);
    const ids = new Set(writes.map((w) => w.events[w.events.length - 1].metadata.eventId.toLowerCase()));
    let seen = 0;
    for await (const r of this.reads.readAll({ direction: BACKWARDS, fromPosition: END, filter: this.names.filter, maxCount: 10_000 })) {
      if (r.event && ids.has(r.event.id.toLowerCase())) return positionToken(r.event.position);
      if (++seen >= 10_000) break;
    }
    return null;
  }

  readStream(streamId: string): Promise<StoredEvent[]> {
    return retrying(() => this.readStreamOnce(streamId));
  }

  private async readStreamOnce(streamId: string): Promise<StoredEvent[]> {
    const out: StoredEvent[] = [];
    try {
      for await (const r of this.reads.readStream(this.names.out(streamId))) if (r.event) out.push(toStored({ ...r.event, streamId }));
    } catch (err) {
      if (err instanceof StreamNotFoundError) return [];
      throw err;
    }
    return out;
  }

  /** KurrentDB reads one stream per call: the streams are read in parallel. */
  readStreams(streamIds: readonly string[]): Promise<StoredEvent[][]> {
    return Promise.all(streamIds.map((id) => this.readStream(id)));
  }

  /** One backwards read of one event per stream, in parallel. */
  readLastEvents(streamIds: readonly string[]): Promise<(StoredEvent | null)[]> {
    return Promise.all(streamIds.map((id) => retrying(() => this.lastEventOnce(id))));
  }

  private async lastEventOnce(streamId: string): Promise<StoredEvent | null> {
    try {
      for await (const r of this.reads.readStream(this.names.out(streamId), { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
        if (r.event) return toStored({ ...r.event, streamId });
      }
    } catch (err) {
      if (err instanceof StreamNotFoundError) return null;
      throw err;
    }
    return null;
  }

  /** Nothing is opened here: the stream as stored is the stream. */
  readStreamAsStored(streamId: string): Promise<StoredEvent[]> {
    return this.readStream(streamId);
  }

  /**
   * KurrentDB filters on stream names and event types only, not on metadata: this prefix's log is
   * read through once (a data export is rare; its cost grows with the log).
   */
  streamsOf(q: StreamsOfQuery): Promise<string[]> {
    return retrying(async () => {
      const found = new Set<string>();
      for await (const r of this.client.readAll({ filter: this.names.filter })) {
        const e = r.event ? this.names.decode(r.event) : null;
        if (e && matchesStreamsOf(e.metadata, q)) found.add(e.streamId);
      }
      return [...found].sort();
    });
  }

  readAll(from: Position | null, limit: number): Promise<ReadAllResult> {
    return retrying(() => this.readAllOnce(from, limit));
  }

  private async readAllOnce(from: Position | null, limit: number): Promise<ReadAllResult> {
    const events: StoredEvent[] = [];
    // A read from a position returns the event at it too: ask for one more and drop it. Should the
    // server pass reservation events anyway, read on from the last position seen until `limit` are kept.
    let cursor = from;
    while (events.length < limit) {
      const want = limit - events.length + 1;
      const start = cursor;
      let got = 0;
      const read = this.reads.readAll({ fromPosition: start === null ? START : parseKurrentPosition(start), maxCount: want, filter: this.names.filter });
      for await (const r of read) {
        got++;
        if (!r.event) continue;
        const p = positionToken(r.event.position);
        if (this.compare(p, start) <= 0) continue;
        cursor = p;
        const e = this.names.decode(r.event);
        if (e && events.length < limit) events.push(e);
      }
      if (got < want) break;
    }
    return { events, last: events.length ? events[events.length - 1].position : from };
  }

  subscribe(from: Position | null, handler: (events: StoredEvent[]) => Promise<void>, options: SubscribeOptions = {}): Subscription {
    this.watch();
    const subscription = kurrentSubscription(
      {
        open: (p) => this.client.subscribeToAll({ fromPosition: p === null ? START : parseKurrentPosition(p), filter: this.names.filter }),
        closed: () => this.closed,
        decode: (e) => this.names.decode(e),
      },
      from, handler, options,
    );
    const stop = subscription.stop;
    const tracked: Subscription = { stop: async () => { await stop(); this.subscriptions.delete(tracked); } };
    this.subscriptions.add(tracked);
    return tracked;
  }

  /** Every value currently reserved (claimed and not released), for events:export. */
  async *reservationsHeld(): AsyncGenerator<{ scope: string; key: string; streamId: string | null }> {
    const prefix = this.names.out(RESERVATION_PREFIX);
    const last = await retrying(async () => {
      const found = new Map<string, { type: string; data: Record<string, unknown> }>();
      for await (const r of this.client.readAll({ filter: streamNameFilter({ prefixes: [prefix] }) })) {
        if (r.event && r.event.streamId.startsWith(prefix)) found.set(r.event.streamId, toStored(r.event));
      }
      return found;
    });
    for (const e of last.values()) {
      if (e.type !== CLAIMED) continue;
      yield { scope: String(e.data.scope), key: String(e.data.key), streamId: (e.data.streamId as string | null) ?? null };
    }
  }

  /** One live subscription from the end of $all, only to wake waitForEvents; restarted lazily if dropped. */
  private watch(): void {
    if (this.watcher || this.closed) return;
    const sub = this.client.subscribeToAll({ fromPosition: END, filter: this.names.filter });
    this.watcher = sub;
    const drop = () => {
      if (this.watcher !== sub) return;
      this.watcher = null;
      void sub.unsubscribe().catch(() => {});
    };
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
    return compareKurrentPositions(a, b);
  }

  head(): Promise<Position | null> {
    return retrying(() => this.headOnce());
  }

  private async headOnce(): Promise<Position | null> {
    if (this.prefixHead) {
      const p = await this.prefixHead.head();
      return p === null ? null : positionToken(p);
    }
    for await (const r of this.reads.readAll({ direction: BACKWARDS, fromPosition: END, filter: this.names.filter, maxCount: 1000 })) {
      if (r.event && this.names.decode(r.event)) return positionToken(r.event.position);
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

