import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { LiveTail } from '../../src/eventstore/live-tail.ts';
import type { EventStore, StoredEvent } from '../../src/eventstore/port.ts';
import { PostgresEventStore } from '../../src/eventstore/postgres.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';

// The process's one live read of the log for its followers without a checkpoint (the STOMP
// gateway's chat and alerts, the user cache): on a real PostgreSQL log.

const meta = () => ({ eventId: randomUUID(), actor: { idUsuario: null, rol: 'SYSTEM' as const }, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() });
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function until(cond: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(5);
  }
}

describe('LiveTail: one live read of the log shared by a process\'s followers', function () {
  this.timeout(30_000);
  let db: TestDatabase;
  let store: PostgresEventStore;
  let subscriptions: number;
  let tail: LiveTail;

  const append = (n: number) => store.append([{ streamId: `e-${n}`, expected: 'any', events: [{ type: 'Probado', data: { n }, metadata: meta() }] }]);
  const ns = (events: StoredEvent[]) => events.map((e) => (e.data as { n: number }).n);

  beforeEach(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.knex, db.url);
    await append(0); // before the start: no follower gets it
    subscriptions = 0;
    const counting: Pick<EventStore, 'head' | 'subscribe'> = {
      head: () => store.head(),
      subscribe: (...args) => { subscriptions++; return store.subscribe(...args); },
    };
    tail = new LiveTail(counting);
    await tail.start();
  });
  afterEach(async () => {
    await tail?.stop();
    await store?.close();
    await db?.drop();
  });

  it('gives every follower each event written after the start, in order, from one subscription to the log', async () => {
    const got: number[][] = [[], [], []];
    const subs = got.map((list) => tail.follow(async (events) => { list.push(...ns(events)); }));
    for (let n = 1; n <= 20; n++) await append(n);
    await until(() => got.every((l) => l.length === 20));
    for (const list of got) expect(list).to.deep.equal(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(subscriptions).to.equal(1);
    await Promise.all(subs.map((s) => s.stop()));
  });

  it('retries a failing follower\'s batch on its own: the others get later events meanwhile, and nothing is lost or repeated', async () => {
    const steady: number[] = [];
    const flaky: number[] = [];
    const errors: unknown[] = [];
    let failures = 2;
    tail.follow(async (events) => { steady.push(...ns(events)); });
    tail.follow(async (events) => {
      if (ns(events).includes(1) && failures-- > 0) throw new Error('not now');
      flaky.push(...ns(events));
    }, { onError: (err) => errors.push(err) });
    await append(1);
    await until(() => errors.length === 1);
    await append(2);
    await until(() => steady.length === 2);
    expect(flaky, 'still retrying its first batch while the other went on').to.deep.equal([]);
    await until(() => flaky.length === 2);
    expect(flaky).to.deep.equal([1, 2]);
    expect(steady).to.deep.equal([1, 2]);
    expect(errors).to.have.length(2);
  });

  it('gives a follower that left nothing more, and one that joins later only what comes after', async () => {
    const early: number[] = [];
    const late: number[] = [];
    const first = tail.follow(async (events) => { early.push(...ns(events)); });
    await append(1);
    await until(() => early.length === 1);
    await first.stop();
    tail.follow(async (events) => { late.push(...ns(events)); });
    await append(2);
    await until(() => late.length === 1);
    await sleep(50);
    expect(early).to.deep.equal([1]);
    expect(late).to.deep.equal([2]);
  });
});
