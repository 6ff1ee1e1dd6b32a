import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { NOTIFY_CHANNEL, PostgresEventStore } from '../../src/eventstore/postgres.ts';
import { APPENDERS_LOCK } from '../../src/eventstore/postgres-sql.ts';
import type { NewEvent, StoredEvent, StreamWrite } from '../../src/eventstore/port.ts';
import { createKnex } from '../../src/platform/database.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { eventStoreContract } from './contract.ts';

/**
 * Test-only append that mirrors the adapter's insert, but keeps its transaction open `delayMs`
 * after inserting (and after queueing the notification), so transactions commit out of order. It
 * takes the appenders' lock first, as practice_append does (migration 062): readers stop below it.
 */
async function appendHoldingTransaction(knex: Knex, write: StreamWrite, delayMs: number): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock_shared(?)', [APPENDERS_LOCK]);
    const { rows: cur } = await trx.raw('select max(stream_revision)::text as rev from events where stream_id = ?', [write.streamId]);
    let rev = cur[0].rev === null ? -1n : BigInt(cur[0].rev);
    if (write.expected !== 'any' && write.expected !== (rev < 0n ? 'noStream' : rev)) {
      throw new Error(`test writer: ${write.streamId} expected ${String(write.expected)}, is at ${rev}`);
    }
    const rows = write.events.map((e) => ({
      event_id: e.metadata.eventId,
      stream_id: write.streamId,
      stream_revision: (++rev).toString(),
      type: e.type,
      data: e.data,
      metadata: e.metadata,
    }));
    await trx.raw(
      `insert into events (event_id, stream_id, stream_revision, type, data, metadata)
       select * from jsonb_to_recordset(?::jsonb)
         as x(event_id uuid, stream_id text, stream_revision bigint, type text, data jsonb, metadata jsonb)`,
      [JSON.stringify(rows)],
    );
    await trx.raw('select pg_notify(?, ?)', [NOTIFY_CHANNEL, '']);
    if (delayMs > 0) await trx.raw('select pg_sleep(?)', [delayMs / 1000]);
  });
}

eventStoreContract('PostgreSQL', async () => {
  const db = await createTestDatabase();
  const store = new PostgresEventStore(db.knex, db.url);
  return {
    store,
    cleanup: async () => {
      await store.close();
      await db.drop();
    },
    appendHoldingTransaction: (write, delayMs) => appendHoldingTransaction(db.knex, write, delayMs),
  };
});

describe('event store: PostgreSQL specifics', function () {
  let db: TestDatabase;
  let store: PostgresEventStore;

  const event = (type: string): NewEvent => ({
    type,
    data: {},
    metadata: {
      eventId: randomUUID(),
      actor: { idUsuario: 1, rol: 'ADMIN' },
      correlationId: randomUUID(),
      causationId: null,
      occurredAt: new Date().toISOString(),
    },
  });

  before(async function () {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.knex, db.url);
  });

  after(async function () {
    await store?.close();
    await db?.drop();
  });

  it('holds back an event committed after a later one, and delivers both in (tx, sequence) order', async function () {
    const start = await store.head();
    const seen: StoredEvent[] = [];
    const sub = store.subscribe(start, async (batch) => {
      seen.push(...batch);
    });
    let commit!: () => void;
    const released = new Promise<void>((r) => (commit = r));
    let a: Promise<void> = Promise.resolve();
    try {
      const late = event('Tardio');
      const early = event('Temprano');
      let inserted!: () => void;
      const isInserted = new Promise<void>((r) => (inserted = r));
      // Transaction A, an appender (the appenders' lock first, as practice_append takes it), inserts
      // first (older tx id, lower sequence) but commits last.
      a = db.knex.transaction(async (trx) => {
        await trx.raw('select pg_advisory_xact_lock_shared(?)', [APPENDERS_LOCK]);
        await trx.raw(
          `insert into events (event_id, stream_id, stream_revision, type, data, metadata) values (?, 'a', 0, ?, '{}', ?::jsonb)`,
          [late.metadata.eventId, late.type, JSON.stringify(late.metadata)],
        );
        await trx.raw('select pg_notify(?, ?)', [NOTIFY_CHANNEL, '']);
        inserted();
        await released;
      });
      await isInserted;
      await store.append([{ streamId: 'b', events: [early], expected: 'noStream' }]);

      // B is committed but must not be readable while A, older, is still open.
      expect((await store.readAll(start, 10)).events).to.deep.equal([]);
      expect(await store.head()).to.equal(start);
      await new Promise((r) => setTimeout(r, 300));
      expect(seen, 'nothing delivered past an open older transaction').to.deep.equal([]);

      commit();
      await a;
      const deadline = Date.now() + 3000;
      while (seen.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(seen.map((e) => e.type)).to.deep.equal(['Tardio', 'Temprano']);
      expect((await store.readAll(start, 10)).events.map((e) => e.type)).to.deep.equal(['Tardio', 'Temprano']);
    } finally {
      commit();
      await a;
      await sub.stop();
    }
  });

  it('a subscription whose read found events hidden behind an open older append reads again once it commits, without a wake-up', async function () {
    const start = await store.head();
    const seen: StoredEvent[] = [];
    // No poll tick within the test: only the read's own "held" answer can bring the events in.
    const sub = store.subscribe(start, async (batch) => void seen.push(...batch), { pollMs: 60_000 } as object);
    let commit!: () => void;
    const released = new Promise<void>((r) => (commit = r));
    let a: Promise<void> = Promise.resolve();
    try {
      let inserted!: () => void;
      const isInserted = new Promise<void>((r) => (inserted = r));
      const late = event('TardioSinAviso');
      a = db.knex.transaction(async (trx) => {
        await trx.raw('select pg_advisory_xact_lock_shared(?)', [APPENDERS_LOCK]);
        await trx.raw(
          `insert into events (event_id, stream_id, stream_revision, type, data, metadata) values (?, 'c', 0, ?, '{}', ?::jsonb)`,
          [late.metadata.eventId, late.type, JSON.stringify(late.metadata)],
        );
        inserted();
        await released; // commits without a NOTIFY
      });
      await isInserted;
      await store.append([{ streamId: 'd', events: [event('TempranoConAviso')], expected: 'noStream' }]);
      await new Promise((r) => setTimeout(r, 300));
      expect(seen, 'nothing delivered past an open older transaction').to.deep.equal([]);
      commit();
      await a;
      const deadline = Date.now() + 3000;
      while (seen.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(seen.map((e) => e.type)).to.deep.equal(['TardioSinAviso', 'TempranoConAviso']);
    } finally {
      commit();
      await a;
      await sub.stop();
    }
  });

  it('is not held back by a writing transaction that appends nothing (a read model batch, an outbox update, a lease beat)', async function () {
    const start = await store.head();
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let holding!: () => void;
    const held = new Promise<void>((r) => (holding = r));
    // An open transaction with an xid of its own, older than the append below: it used to hold
    // pg_snapshot_xmin, and so every reader of the log, until it ended.
    const other = db.knex.transaction(async (trx) => {
      await trx.raw('select pg_current_xact_id()');
      holding();
      await released;
    });
    try {
      await held;
      const e = event('Leido');
      await store.append([{ streamId: `sin-espera-${randomUUID()}`, events: [e], expected: 'noStream' }]);
      const read = await store.readAll(start, 10);
      expect(read.events.map((x) => x.metadata.eventId)).to.deep.equal([e.metadata.eventId]);
      expect(await store.head()).to.equal(read.events[0].position);
    } finally {
      release();
      await other;
    }
  });

  it('refuses an append made after another write of its own transaction (readers could not tell it from a non-appender)', async function () {
    const e = event('Tarde');
    const err = await db.knex.transaction(async (trx) => {
      await trx.raw('select pg_current_xact_id()');
      return trx.raw(
        `select * from practice_append(array[?]::text[], array['noStream']::text[], array[1]::int[], ?::jsonb, '{}'::text[], '{}'::text[], '{}'::boolean[])`,
        [`tarde-${randomUUID()}`, JSON.stringify([{ w: 1, k: 1, id: e.metadata.eventId, type: e.type, data: {}, metadata: e.metadata }])],
      ).then(() => null, (x: unknown) => x);
    }).catch((x: unknown) => x);
    expect(err).to.include({ code: 'PR400' });
    expect((err as Error).message).to.match(/first write of its transaction/);
  });

  it('keeps log order when transaction ids cross a power of ten (999 -> 1000)', async function () {
    // Regression: ordering by the text form of tx_id put "1000/..." before "999/...", so readAll
    // returned events out of order, skipped some when paging, and head() was stale.
    const { rows } = await db.knex.raw('select pg_current_xact_id()::text as x');
    const xid = BigInt(rows[0].x);
    const boundary = 10n ** BigInt(rows[0].x.length);
    const burn = boundary - xid - 5n;
    expect(burn < 200000n, `xid ${xid} too far from ${boundary}`).to.equal(true);
    if (burn > 0n) {
      await db.knex.raw(`do $$ begin for i in 1..${burn} loop perform pg_current_xact_id(); commit; end loop; end $$`);
    }
    const start = await store.head();
    const appended: string[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await store.append([{ streamId: `s${i % 3}`, events: [event(`E${i}`)], expected: 'any' }]);
      appended.push(r.position);
    }
    const digits = new Set(appended.map((p) => p.split('/')[0].length));
    expect(digits.size, `positions ${appended.join(' ')} straddle ${boundary}`).to.equal(2);

    const all = await store.readAll(start, 100);
    expect(all.events.map((e) => e.type)).to.deep.equal(Array.from({ length: 10 }, (_, i) => `E${i}`));
    expect(all.events.map((e) => e.position)).to.deep.equal(appended);
    expect(await store.head()).to.equal(appended[9]);
    const paged: string[] = [];
    for (let at: string | null = start; ; ) {
      const page = await store.readAll(at, 3);
      if (page.events.length === 0) break;
      paged.push(...page.events.map((e) => e.type));
      at = page.last;
    }
    expect(paged).to.deep.equal(all.events.map((e) => e.type));
    const sorted = [...appended].reverse().sort((a, b) => store.compare(a, b));
    expect(sorted).to.deep.equal(appended);
  });

  it('rejects one append that names the same stream twice, at once and clearly', async function () {
    let err: unknown = null;
    const t0 = Date.now();
    try {
      await store.append([
        { streamId: 'dup', events: [event('A')], expected: 'any' },
        { streamId: 'dup', events: [event('B')], expected: 'any' },
      ]);
    } catch (e) {
      err = e;
    }
    expect(String(err)).to.match(/stream dup appears more than once/);
    expect(Date.now() - t0).to.be.lessThan(500);
    expect(await store.readStream('dup')).to.deep.equal([]);
  });

  it('an append of reservations only does not need a second pooled connection', async function () {
    const single = createKnex(db.url, 1);
    const s = new PostgresEventStore(single, db.url);
    try {
      await s.append([{ streamId: 'u', events: [event('UsuarioCreado')], expected: 'noStream' }], [{ scope: 'e', key: 'k' }]);
      const head = await s.head();
      const r = await Promise.race([
        s.append([], [{ scope: 'e', key: 'k', release: true }]),
        new Promise<null>((res) => setTimeout(() => res(null), 3000)),
      ]);
      expect(r, 'release-only append finished').to.not.equal(null);
      expect(r!.position).to.equal(head);
      await s.append([{ streamId: 'v', events: [event('UsuarioCreado')], expected: 'noStream' }], [{ scope: 'e', key: 'k' }]);
    } finally {
      await s.close();
      await single.destroy();
    }
  });

  it("wakes this store's own waiters as soon as an append returns", async function () {
    let woke = false;
    const waiting = store.waitForEvents(5000).then(() => (woke = true));
    await store.append([{ streamId: 'own-wake', events: [event('A')], expected: 'any' }]);
    await Promise.resolve();
    expect(woke, 'woken in memory, before any NOTIFY round trip').to.equal(true);
    await waiting;
  });

  it('wakes a waiter of another store on the same database with a NOTIFY, not on its poll tick', async function () {
    const other = new PostgresEventStore(db.knex, db.url);
    try {
      await other.waitForEvents(500); // opens its LISTEN connection (and wakes once it listens)
      const timed = async (append: () => Promise<unknown>) => {
        const t0 = Date.now();
        const woke = other.waitForEvents(10_000);
        await append();
        await woke;
        return Date.now() - t0;
      };
      expect(await timed(() => store.append([{ streamId: 'far-wake', events: [event('A')], expected: 'any' }]))).to.be.lessThan(1000);
      // A burst: announcements are coalesced, but the last append is always announced after it.
      await Promise.all(Array.from({ length: 40 }, (_, i) => store.append([{ streamId: `far-burst-${i}`, events: [event('B')], expected: 'any' }])));
      expect(await timed(() => store.append([{ streamId: 'far-wake', events: [event('C')], expected: 'any' }]))).to.be.lessThan(1000);
    } finally {
      await other.close();
    }
  });

  it('rejects a malformed position', async function () {
    for (const bad of ['not-a-position', '1/2/3', '1/', '/2', '-1/2']) {
      let err: unknown = null;
      try {
        await store.readAll(bad, 10);
      } catch (e) {
        err = e;
      }
      expect(String(err), bad).to.match(/not a PostgreSQL log position/);
    }
  });

  it('sets idle_in_transaction_session_timeout on its connections', async function () {
    const { rows } = await db.knex.raw('show idle_in_transaction_session_timeout');
    expect(rows[0].idle_in_transaction_session_timeout).to.not.equal('0');
  });
});
