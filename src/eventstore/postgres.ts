import type { Knex } from 'knex';
import pg from 'pg';
import {
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type Position,
  type ReadAllResult,
  type Reservation,
  ReservationTakenError,
  type StoredEvent,
  type StreamWrite,
  WrongExpectedRevisionError,
} from './port.ts';
import { comparePgPositions, parsePgPosition, pgPosition } from './position.ts';
import { catchUpSubscription } from './subscription.ts';

/** The LISTEN/NOTIFY channel on which appends announce new events. */
export const NOTIFY_CHANNEL = 'practice_events';
const CHANNEL = NOTIFY_CHANNEL;
const MAX_RETRIES = 50;

interface EventRow {
  global_position: string;
  tx_id: string;
  event_id: string;
  stream_id: string;
  stream_revision: string;
  type: string;
  data: Record<string, unknown>;
  metadata: StoredEvent['metadata'];
}

const COLUMNS = 'global_position, tx_id::text as tx_id, event_id, stream_id, stream_revision, type, data, metadata';
// ORDER BY must name the table's columns: a bare `tx_id` there would mean the text alias above,
// and text order puts tx 1000 before tx 999.
const LOG_ORDER = 'events.tx_id, events.global_position';

function toStored(row: EventRow): StoredEvent {
  return {
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    revision: BigInt(row.stream_revision),
    position: pgPosition(row.tx_id, row.global_position),
  };
}

function check(streamId: string, expected: ExpectedRevision, actual: bigint | null): void {
  const ok =
    expected === 'any' ||
    (expected === 'noStream' && actual === null) ||
    (expected === 'streamExists' && actual !== null) ||
    (typeof expected === 'bigint' && actual === expected);
  if (!ok) throw new WrongExpectedRevisionError(streamId, expected, actual);
}

function uniqueViolation(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string };
  return e?.code === '23505' ? (e.constraint ?? '') : null;
}

/** Event store on PostgreSQL: one `events` table, ordered by (tx_id, global_position). */
export class PostgresEventStore implements EventStore {
  private listener: pg.Client | null = null;
  private listening: Promise<void> | null = null;
  private wakeupCount = 0;
  private waiters = new Set<() => void>();
  private closed = false;

  constructor(
    private readonly knex: Knex,
    private readonly url: string,
  ) {}

  async append(writes: StreamWrite[], reservations: Reservation[] = []): Promise<AppendResult> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.appendOnce(writes, reservations);
      } catch (err) {
        const constraint = uniqueViolation(err);
        if (constraint === 'reservations_pkey') throw new ReservationTakenError(reservationScope(err, reservations));
        // A concurrent writer took the same revision: re-check the expectations on fresh state.
        if (constraint === 'events_stream_id_stream_revision_key' && attempt < MAX_RETRIES) continue;
        throw err;
      }
    }
  }

  private async appendOnce(writes: StreamWrite[], reservations: Reservation[]): Promise<AppendResult> {
    const streams = new Set<string>();
    for (const w of writes) {
      if (streams.has(w.streamId)) throw new Error(`stream ${w.streamId} appears more than once in one append`);
      streams.add(w.streamId);
    }
    return this.knex.transaction(async (trx) => {
      const revisions: Record<string, bigint> = {};
      const rows: Record<string, unknown>[] = [];
      for (const write of writes) {
        const { rows: cur } = await trx.raw('select max(stream_revision)::text as rev from events where stream_id = ?', [write.streamId]);
        const actual = cur[0].rev === null ? null : BigInt(cur[0].rev);
        check(write.streamId, write.expected, actual);
        let rev = actual ?? -1n;
        for (const e of write.events) {
          rev += 1n;
          rows.push({
            event_id: e.metadata.eventId,
            stream_id: write.streamId,
            stream_revision: rev.toString(),
            type: e.type,
            data: e.data,
            metadata: e.metadata,
          });
        }
        revisions[write.streamId] = rev;
      }
      for (const r of reservations) {
        if (r.release) await trx.raw('delete from reservations where scope = ? and key = ?', [r.scope, r.key]);
        else await trx.raw('insert into reservations (scope, key, stream_id) values (?, ?, ?)', [r.scope, r.key, writes[0]?.streamId ?? '']);
      }
      // In the transaction's own connection: another one from the pool could deadlock it.
      if (rows.length === 0) return { revisions, position: (await this.head(trx)) ?? pgPosition(0n, 0n) };
      // The notification rides on the insert (one round trip less per append); identical
      // notifications of one transaction are delivered once, at commit.
      const { rows: inserted } = await trx.raw(
        `with inserted as (
           insert into events (event_id, stream_id, stream_revision, type, data, metadata)
           select * from jsonb_to_recordset(?::jsonb)
             as x(event_id uuid, stream_id text, stream_revision bigint, type text, data jsonb, metadata jsonb)
           returning global_position, tx_id)
         select global_position, tx_id::text as tx_id, pg_notify(?, '') from inserted`,
        [JSON.stringify(rows), CHANNEL],
      );
      const last = (inserted as { global_position: string; tx_id: string }[]).reduce((a, b) =>
        BigInt(b.global_position) > BigInt(a.global_position) ? b : a,
      );
      return { revisions, position: pgPosition(last.tx_id, last.global_position) };
    });
  }

  async readStream(streamId: string): Promise<StoredEvent[]> {
    const { rows } = await this.knex.raw(`select ${COLUMNS} from events where stream_id = ? order by stream_revision`, [streamId]);
    return (rows as EventRow[]).map(toStored);
  }

  async readAll(from: Position | null, limit: number): Promise<ReadAllResult> {
    const [tx, gp] = parsePgPosition(from);
    const { rows } = await this.knex.raw(
      `select ${COLUMNS} from events
       where (tx_id, global_position) > (?::text::xid8, ?::bigint)
         and tx_id < pg_snapshot_xmin(pg_current_snapshot())
       order by ${LOG_ORDER} limit ?`,
      [tx.toString(), gp.toString(), limit],
    );
    const events = (rows as EventRow[]).map(toStored);
    return { events, last: events.length ? events[events.length - 1].position : from };
  }

  subscribe(from: Position | null, handler: (events: StoredEvent[]) => Promise<void>, options = {}) {
    void this.listen();
    return catchUpSubscription(
      {
        readAll: (f, l) => this.readAll(f, l),
        waitForEvents: (ms) => this.waitForEvents(ms),
        wakeups: () => this.wakeupCount,
        heldBack: (position) => this.unreadAfter(position),
      },
      from,
      handler,
      options,
    );
  }

  private async unreadAfter(position: Position | null): Promise<boolean> {
    const [tx, gp] = parsePgPosition(position);
    const { rows } = await this.knex.raw(
      'select exists (select 1 from events where (tx_id, global_position) > (?::text::xid8, ?::bigint)) as unread',
      [tx.toString(), gp.toString()],
    );
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
    client.on('notification', () => this.wakeAll());
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

  async head(db: Knex | Knex.Transaction = this.knex): Promise<Position | null> {
    const { rows } = await db.raw(
      `select global_position, tx_id::text as tx_id from events
       where tx_id < pg_snapshot_xmin(pg_current_snapshot())
       order by events.tx_id desc, events.global_position desc limit 1`,
    );
    return rows.length ? pgPosition(rows[0].tx_id, rows[0].global_position) : null;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wakeAll();
    const client = this.listener;
    this.listener = null;
    if (client) await client.end().catch(() => {});
  }
}

function reservationScope(err: unknown, reservations: Reservation[]): string {
  const detail = (err as { detail?: string }).detail ?? '';
  return reservations.find((r) => detail.includes(`(${r.scope},`))?.scope ?? reservations[0]?.scope ?? 'unknown';
}
