import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { NOTIFY_CHANNEL, PostgresEventStore } from '../../src/eventstore/postgres.ts';
import type { NewEvent, StoredEvent, StreamWrite } from '../../src/eventstore/port.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { eventStoreContract } from './contract.ts';

/**
 * Test-only append that mirrors the adapter's insert, but keeps its transaction open `delayMs`
 * after inserting (and after queueing the notification), so transactions commit out of order.
 */
async function appendHoldingTransaction(knex: Knex, write: StreamWrite, delayMs: number): Promise<void> {
  await knex.transaction(async (trx) => {
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

  beforeEach(async function () {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.knex, db.url);
  });

  afterEach(async function () {
    await store.close();
    await db.drop();
  });

  it('holds back an event committed after a later one, and delivers both in (tx, sequence) order', async function () {
    const seen: StoredEvent[] = [];
    const sub = store.subscribe(null, async (batch) => {
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
      // Transaction A inserts first (older tx id, lower sequence) but commits last.
      a = db.knex.transaction(async (trx) => {
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
      expect((await store.readAll(null, 10)).events).to.deep.equal([]);
      expect(await store.head()).to.equal(null);
      await new Promise((r) => setTimeout(r, 300));
      expect(seen, 'nothing delivered past an open older transaction').to.deep.equal([]);

      commit();
      await a;
      const deadline = Date.now() + 3000;
      while (seen.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(seen.map((e) => e.type)).to.deep.equal(['Tardio', 'Temprano']);
      expect((await store.readAll(null, 10)).events.map((e) => e.type)).to.deep.equal(['Tardio', 'Temprano']);
    } finally {
      commit();
      await a;
      await sub.stop();
    }
  });

  it('rejects a malformed position', async function () {
    let err: unknown = null;
    try {
      await store.readAll('not-a-position', 10);
    } catch (e) {
      err = e;
    }
    expect(String(err)).to.match(/not a PostgreSQL log position/);
  });

  it('sets idle_in_transaction_session_timeout on its connections', async function () {
    const { rows } = await db.knex.raw('show idle_in_transaction_session_timeout');
    expect(rows[0].idle_in_transaction_session_timeout).to.not.equal('0');
  });
});
