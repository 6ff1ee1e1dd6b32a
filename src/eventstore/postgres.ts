import type { Knex } from 'knex';
import pg from 'pg';
import {
  type AppendResult,
  type EventStore,
  type Position,
  type ReadAllResult,
  type Reservation,
  ReservationTakenError,
  type StoredEvent,
  type StreamWrite,
  type StreamsOfQuery,
  WrongExpectedRevisionError,
} from './port.ts';
import { comparePgPositions, parsePgPosition, pgPosition } from './position.ts';
import { DataKeyTakenError, type KeyRows } from './key-rows.ts';
import { catchUpSubscription, sleep } from './subscription.ts';
import type { InlineProjector } from './inline-port.ts';
import { appendInline, type PgConnection } from './postgres-inline.ts';
import {
  type EventRow, toStored, uniqueViolation, strictFailure, type AppendRow, APPEND_SQL, READ_STREAM_SQL, READ_STREAMS_SQL, READ_LAST_SQL, READ_ALL_SQL, READ_TAIL_SQL, HEAD_SQL, UNREAD_SQL, NOTIFY_SQL, appendValues, reservationScope,
} from './postgres-sql.ts';

const deadlock = (err: unknown) => ['40P01', '40001'].includes((err as { code?: string })?.code ?? '');

/** The LISTEN/NOTIFY channel on which appends announce new events. */
export const NOTIFY_CHANNEL = 'practice_events';
const CHANNEL = NOTIFY_CHANNEL;
const MAX_RETRIES = 50;
/** Shortest interval between two NOTIFYs of one store (see announce()). */
const ANNOUNCE_INTERVAL_MS = 10;

/** The part of a pooled node-postgres client that we use. */
interface PgClient {
  query<R extends pg.QueryResultRow>(config: pg.QueryConfig): Promise<pg.QueryResult<R>>;
}

let instances = 0;

/** Event store on PostgreSQL: one `events` table, ordered by (tx_id, global_position). */
export class PostgresEventStore implements EventStore {
  private listener: pg.Client | null = null;
  private listening: Promise<void> | null = null;
  private wakeupCount = 0;
  private waiters = new Set<() => void>();
  private closed = false;
  /** This store's NOTIFY payload: its own notifications are ignored (its waiters woke already). */
  private readonly origin = `${process.pid}.${++instances}`;
  private announcePending = false;
  private lastAnnounced = -Infinity;
  private announcing: Promise<void> | null = null;
  readonly skipsFreshReads = true;
  /** The read models written in each append's own transaction (null: none, all follow the log). */
  private inline: InlineProjector | null = null;

  constructor(
    private readonly knex: Knex,
    private readonly url: string,
  ) {}

  /**
   * Runs one named (prepared) statement on a connection of knex's pool: node-postgres prepares it
   * once per connection, then sends only the parameters. knex's raw() cannot name a statement.
   */
  private query<R extends pg.QueryResultRow>(name: string, text: string, values: unknown[]): Promise<R[]> {
    return this.withConnection(async (conn) => (await conn.query<R>({ name, text, values })).rows);
  }

  private async withConnection<T>(work: (conn: PgClient) => Promise<T>): Promise<T> {
    const client = this.knex.client as { acquireConnection(): Promise<PgClient>; releaseConnection(c: PgClient): Promise<void> };
    const conn = await client.acquireConnection();
    try {
      return await work(conn);
    } finally {
      await client.releaseConnection(conn);
    }
  }

  /**
   * From now on every append writes these read models in its own transaction (src/projections/inline.ts);
   * their runner must not follow the log for them (src/server.ts wires both).
   */
  useInline(projector: InlineProjector | null): void {
    this.inline = projector;
  }

  append(writes: StreamWrite[], reservations: Reservation[] = []): Promise<AppendResult> {
    return this.appendWithKeyRows(writes, reservations, { keys: [], aliases: [] });
  }

  /** The append with the sealing layer's new key rows, in its one statement (key-rows.ts). */
  async appendWithKeyRows(writes: StreamWrite[], reservations: Reservation[], rows: KeyRows, opened: StreamWrite[] = writes): Promise<AppendResult> {
    const streams = new Set<string>();
    for (const w of writes) {
      if (streams.has(w.streamId)) throw new Error(`stream ${w.streamId} appears more than once in one append`);
      streams.add(w.streamId);
    }
    const hasEvents = writes.some((w) => w.events.length > 0);
    const inline = hasEvents ? this.inline : null;
    const values = appendValues(writes, reservations, rows, inline !== null);
    for (let attempt = 0; ; attempt++) {
      let row: AppendRow;
      try {
        if (inline) row = await this.withConnection((conn) => appendInline(conn as unknown as PgConnection, { writes, opened, values, projector: inline }));
        else [row] = await this.query<AppendRow>('practice_append', APPEND_SQL, values);
      } catch (err) {
        const refused = strictFailure(err);
        if (refused) {
          const write = writes[refused.write - 1];
          throw new WrongExpectedRevisionError(write.streamId, write.expected, refused.actual);
        }
        // Two appends writing the same read-model rows in opposite orders: one is rolled back whole; again.
        if (deadlock(err) && attempt < MAX_RETRIES) continue;
        // A read model was reset or adopted meanwhile: nothing was written; again with the new set.
        if (inline && (err as { code?: string })?.code === 'PR412' && attempt < MAX_RETRIES) {
          await inline.refresh();
          continue;
        }
        const constraint = uniqueViolation(err);
        if (constraint === 'reservations_pkey') throw new ReservationTakenError(reservationScope(err, reservations));
        if (constraint === 'data_keys_pkey') throw new DataKeyTakenError();
        // A concurrent writer took the same revision: check the expectations again on fresh state.
        if (constraint === 'events_stream_id_stream_revision_key' && attempt < MAX_RETRIES) continue;
        throw err;
      }
      if (row.failed_write !== null) {
        const write = writes[row.failed_write - 1];
        throw new WrongExpectedRevisionError(write.streamId, write.expected, row.actual_revision === null ? null : BigInt(row.actual_revision));
      }
      const revisions: Record<string, bigint> = {};
      writes.forEach((w, i) => (revisions[w.streamId] = BigInt(row.new_revisions![i])));
      if (hasEvents) this.announce();
      return { revisions, position: pgPosition(row.last_tx ?? 0n, row.last_position ?? 0n) };
    }
  }

  /**
   * New events are committed: wake this store's waiters now, and tell other processes (and other
   * stores on the same database) with a NOTIFY of its own, on a pooled connection, outside the
   * append's transaction. Announcements are coalesced: at most one NOTIFY in flight, and at most one
   * per ANNOUNCE_INTERVAL_MS; the appends that finish meanwhile are folded into the next one, which
   * is always sent after they committed. The first append after a quiet spell is announced at once.
   * A lost notification costs a reader one poll tick, no more.
   */
  private announce(): void {
    this.wakeAll();
    if (this.closed) return;
    this.announcePending = true;
    this.announcing ??= this.sendAnnouncements();
  }

  private async sendAnnouncements(): Promise<void> {
    try {
      while (this.announcePending) {
        // Even when due at once, after the current callbacks: the caller's next append goes first.
        const wait = this.lastAnnounced + ANNOUNCE_INTERVAL_MS - performance.now();
        await (wait > 0 && !this.closed ? sleep(wait) : new Promise((r) => setImmediate(r)));
        this.announcePending = false;
        this.lastAnnounced = performance.now();
        try {
          await this.query('practice_notify', NOTIFY_SQL, [CHANNEL, this.origin]);
        } catch {
          // Readers elsewhere fall back on their poll tick.
        }
      }
    } finally {
      this.announcing = null;
    }
  }

  async readStream(streamId: string): Promise<StoredEvent[]> {
    const rows = await this.query<EventRow>('practice_read_stream', READ_STREAM_SQL, [streamId]);
    return rows.map(toStored);
  }

  /** A command's streams in one statement (one round trip instead of one per stream). */
  async readStreams(streamIds: readonly string[]): Promise<StoredEvent[][]> {
    if (streamIds.length <= 1) return Promise.all(streamIds.map((id) => this.readStream(id)));
    const rows = await this.query<EventRow>('practice_read_streams', READ_STREAMS_SQL, [[...new Set(streamIds)]]);
    const by = new Map<string, StoredEvent[]>(streamIds.map((id) => [id, []]));
    for (const row of rows) by.get(row.stream_id)!.push(toStored(row));
    return streamIds.map((id) => by.get(id)!);
  }

  async readLastEvents(streamIds: readonly string[]): Promise<(StoredEvent | null)[]> {
    const rows = await this.query<EventRow>('practice_read_last', READ_LAST_SQL, [[...new Set(streamIds)]]);
    const by = new Map(rows.map((row) => [row.stream_id, toStored(row)]));
    return streamIds.map((id) => by.get(id) ?? null);
  }

  /** Nothing is opened here: the stream as stored is the stream. */
  readStreamAsStored(streamId: string): Promise<StoredEvent[]> {
    return this.readStream(streamId);
  }

  /** One statement over the two metadata indexes (migration 006). */
  async streamsOf(q: StreamsOfQuery): Promise<string[]> {
    const rows = await this.query<{ stream_id: string }>('practice_streams_of', `select distinct stream_id from events
      where metadata->'sealing'->>'subject' = $1 or metadata->'actor'->>'idUsuario' = $2 order by stream_id`, [q.sealedFor, String(q.actor)]);
    return rows.map((r) => r.stream_id);
  }

  async readAll(from: Position | null, limit: number): Promise<ReadAllResult> {
    const [tx, gp] = parsePgPosition(from);
    const rows = await this.query<EventRow>('practice_read_all', READ_ALL_SQL, [tx.toString(), gp.toString(), limit]);
    const events = rows.map(toStored);
    return { events, last: events.length ? events[events.length - 1].position : from };
  }

  subscribe(from: Position | null, handler: (events: StoredEvent[]) => Promise<void>, options = {}) {
    void this.listen();
    // What the last read said about events hidden behind the horizon, for the position it ended at.
    let last: { position: Position | null; held: boolean } | null = null;
    return catchUpSubscription(
      {
        readAll: async (f, l) => {
          const rows = await this.query<EventRow & { held: boolean }>('practice_read_tail', READ_TAIL_SQL, [...parsePgPosition(f).map(String), l]);
          const events = rows.filter((r) => !r.held).map(toStored);
          last = { position: events.length ? events[events.length - 1].position : f, held: rows.some((r) => r.held) };
          return { events, last: last.position };
        },
        waitForEvents: (ms) => this.waitForEvents(ms),
        wakeups: () => this.wakeupCount,
        // Anything committed after that read is announced (a wake-up), so the read's answer is enough.
        heldBack: (position) => (last && last.position === position ? Promise.resolve(last.held) : this.unreadAfter(position)),
      },
      from,
      handler,
      options,
    );
  }

  private async unreadAfter(position: Position | null): Promise<boolean> {
    const [tx, gp] = parsePgPosition(position);
    const rows = await this.query<{ unread: boolean }>('practice_unread_after', UNREAD_SQL, [tx.toString(), gp.toString()]);
    return rows[0].unread === true;
  }

  waitForEvents(timeoutMs: number): Promise<void> {
    void this.listen();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.waiters.add(done);
    });
  }

  private wakeAll(): void {
    this.wakeupCount++;
    for (const w of [...this.waiters]) w();
  }

  /** One LISTEN connection per store; on loss, polling goes on and we reconnect. */
  private listen(): Promise<void> {
    if (this.listening || this.closed) return this.listening ?? Promise.resolve();
    const client = new pg.Client({ connectionString: this.url, application_name: 'practice-listener' });
    this.listener = client;
    client.on('notification', (n) => {
      if (n.payload !== this.origin) this.wakeAll();
    });
    client.on('error', () => {
      this.listening = null;
      this.listener = null;
      void client.end().catch(() => {});
      this.wakeAll();
    });
    this.listening = client
      .connect()
      .then(() => client.query(`listen ${CHANNEL}`))
      .then(() => this.wakeAll())
      .catch(() => {
        this.listening = null;
        this.listener = null;
      });
    return this.listening;
  }

  compare(a: Position | null, b: Position | null): number {
    return comparePgPositions(a, b);
  }

  async head(): Promise<Position | null> {
    const rows = await this.query<{ global_position: string; tx_id: string }>('practice_head', HEAD_SQL, []);
    return rows.length ? pgPosition(rows[0].tx_id, rows[0].global_position) : null;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wakeAll();
    await this.announcing;
    const client = this.listener;
    this.listener = null;
    if (client) await client.end().catch(() => {});
  }
}
