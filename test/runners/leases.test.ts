import { expect } from 'chai';
import type { Knex } from 'knex';
import { PostgresEventStore } from '../../src/eventstore/postgres.ts';
import type { Position, StoredEvent } from '../../src/eventstore/port.ts';
import { CheckpointRunner, type CheckpointedHandler } from '../../src/projections/runner.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { appendTicks, sleep } from './support.ts';

// Consumer leases (src/projections/lease-keeper.ts): each consumer has one owner at a time, shared
// fairly among the live instances, taken over when its owner dies, and a paused owner that wakes
// up late cannot write. Several CheckpointRunners on one database stand for several instances.

const LEASE_MS = 300;
const TABLE = 'projection_checkpoints';

interface Gate {
  entered: Promise<void>;
  open: () => void;
}

function gate(): Gate & { wait: () => Promise<void> } {
  let enter!: () => void;
  let open!: () => void;
  const entered = new Promise<void>((r) => (enter = r));
  const opened = new Promise<void>((r) => (open = r));
  return { entered, open, wait: () => (enter(), opened) };
}

/**
 * A consumer that records every application with the instance that made it and the lease owner it
 * saw inside its transaction (no unique key: a second application shows as a duplicate).
 */
function counter(name: string, instance: string, before?: (e: StoredEvent) => Promise<void> | void): CheckpointedHandler {
  return {
    name,
    async handle(trx, e) {
      await before?.(e);
      await trx.raw(
        `insert into applied (consumer, event_id, position, instance, lease_owner)
         values (?, ?, ?, ?, (select owner from consumer_leases where checkpoint_table = ? and name = ? and expires_at > clock_timestamp()))`,
        [name, e.metadata.eventId, e.position, instance, TABLE, name],
      );
    },
  };
}

/** Valid lease owners in the database, by consumer. */
async function owners(knex: Knex): Promise<Map<string, string>> {
  const { rows } = await knex.raw('select name, owner from consumer_leases where checkpoint_table = ? and owner is not null and expires_at > clock_timestamp()', [TABLE]);
  return new Map(rows.map((r: { name: string; owner: string }) => [r.name, r.owner]));
}

/** How many consumers each instance owns in the database. */
async function shares(knex: Knex): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const owner of [...(await owners(knex)).values()].sort()) out[owner] = (out[owner] ?? 0) + 1;
  return out;
}

async function until(check: () => Promise<boolean> | boolean, ms: number, what: string): Promise<number> {
  const t0 = Date.now();
  while (!(await check())) {
    if (Date.now() - t0 > ms) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(5);
  }
  return Date.now() - t0;
}

describe('consumer leases (several instances on one database)', function () {
  this.timeout(60_000);
  let db: TestDatabase;
  let store: PostgresEventStore;
  const runners: CheckpointRunner[] = [];

  /** An instance running `names` (each a counter), with a short lease. */
  const instance = (label: string, names: string[], before?: (e: StoredEvent) => Promise<void> | void, onBatch?: (name: string, p: Position) => void) => {
    const r = new CheckpointRunner(db.knex, store, names.map((n) => counter(n, label, before)), {
      table: TABLE, pollMs: 50, batchSize: 20, onBatch, lease: { instance: label, ms: LEASE_MS },
    });
    runners.push(r);
    r.start();
    return r;
  };

  beforeEach(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.knex, db.url);
    await db.knex.raw('create table applied (seq bigint generated always as identity, consumer text not null, event_id uuid not null, position text not null, instance text not null, lease_owner text)');
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
    await store.close();
    await db.drop();
  });

  /** Every consumer applied every one of `positions` exactly once, in log order, each by the instance that held its lease. */
  async function expectExactlyOnce(names: string[], positions: Position[]): Promise<void> {
    for (const name of names) {
      const { rows } = await db.knex.raw('select position, instance, lease_owner from applied where consumer = ? order by seq', [name]);
      expect(rows.map((r: { position: string }) => r.position), name).to.deep.equal(positions);
      const foreign = rows.filter((r: { instance: string; lease_owner: string | null }) => r.instance !== r.lease_owner);
      expect(foreign, `${name}: written by an instance that did not hold its lease`).to.deep.equal([]);
    }
  }

  it('one instance alone owns every consumer from its start and applies each event once', async () => {
    const names = ['c1', 'c2', 'c3', 'c4', 'c5'];
    const positions = await appendTicks(store, 30);
    const t0 = Date.now();
    const a = instance('a', names);
    expect(await a.waitFor(positions[29], 5_000)).to.equal(true);
    expect(Date.now() - t0, 'caught up without waiting for a lease round').to.be.below(LEASE_MS);
    expect(a.owned()).to.deep.equal(names);
    expect(await shares(db.knex)).to.deep.equal({ a: 5 });
    await expectExactlyOnce(names, positions);
    // Read-your-writes at its usual pace.
    for (let i = 0; i < 5; i++) {
      const [p] = await appendTicks(store, 1, { from: 100 + i });
      const t = Date.now();
      expect(await a.waitFor(p, 2_000)).to.equal(true);
      expect(Date.now() - t).to.be.below(200);
    }
    // A clean stop gives the leases up at once.
    await a.stop();
    expect(await shares(db.knex)).to.deep.equal({});
  });

  it('shares the consumers fairly as instances join and leave (each at most ⌈consumers ÷ instances⌉), every event once', async () => {
    const names = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'];
    let appending = true;
    const appended: Position[] = [];
    const appender = (async () => {
      for (let i = 0; appending; i++) {
        appended.push(...(await appendTicks(store, 3, { from: i * 3, lanes: 3 })));
        await sleep(5);
      }
    })();
    const a = instance('a', names);
    await until(async () => (await shares(db.knex)).a === 6, 2_000, 'a owning all');

    const b = instance('b', names);
    const joined = await until(async () => JSON.stringify(await shares(db.knex)) === JSON.stringify({ a: 3, b: 3 }), 2_000, 'a 3, b 3');
    expect(joined, 'rebalanced within a lease of the join').to.be.below(LEASE_MS);
    const c = instance('c', names);
    await until(async () => JSON.stringify(await shares(db.knex)) === JSON.stringify({ a: 2, b: 2, c: 2 }), 2_000, 'two each');
    await until(() => a.owned().length === 2 && b.owned().length === 2 && c.owned().length === 2, 1_000, 'runners knowing their shares');
    const appliedBy = async (who: string) => Number((await db.knex('applied').where({ instance: who }).count({ n: '*' }).first())!.n);
    await until(async () => (await appliedBy('c')) > 0, 2_000, 'c doing its share');

    await c.stop(); // leaves cleanly: its two are taken at once
    const left = await until(async () => JSON.stringify(await shares(db.knex)) === JSON.stringify({ a: 3, b: 3 }), 2_000, 'a 3, b 3 again');
    expect(left, 'taken over at once after a clean stop').to.be.below(LEASE_MS);
    // The rows change a moment before the runners' memory (the statement, then the apply): wait for both, as after the join.
    await until(() => new Set([...a.owned(), ...b.owned()]).size === 6, 1_000, 'a and b running all six');

    appending = false;
    await appender;
    appended.sort((x, y) => store.compare(x, y));
    const head = appended[appended.length - 1];
    expect(await a.waitFor(head, 10_000)).to.equal(true);
    expect(await b.waitFor(head, 10_000)).to.equal(true);
    await expectExactlyOnce(names, appended);
    const { rows } = await db.knex.raw('select count(distinct instance)::int as n from applied');
    expect(rows[0].n, 'every instance did some of the work').to.equal(3);
  });

  it('takes over the consumers of an instance that dies (no release, no heartbeat) within 2 × the lease', async () => {
    const names = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'];
    const a = instance('a', names);
    await until(() => a.owned().length === 6, 2_000, 'a owning all');
    const b = instance('b', names);
    await until(async () => JSON.stringify(await shares(db.knex)) === JSON.stringify({ a: 3, b: 3 }), 2_000, 'a 3, b 3');
    const first = await appendTicks(store, 20);
    expect(await a.waitFor(first[19], 5_000)).to.equal(true);
    const orphans = b.owned();

    await b.stop({ abandon: true }); // a crash: the leases stay, naming b, until they run out
    const killed = Date.now();
    expect(await shares(db.knex)).to.deep.equal({ a: 3, b: 3 });
    await until(async () => JSON.stringify(await shares(db.knex)) === JSON.stringify({ a: 6 }), 5 * LEASE_MS, 'a owning all');
    const takeover = Date.now() - killed;
    expect(takeover, 'takeover ÷ lease').to.be.below(2 * LEASE_MS);
    expect(takeover, 'not before the lease ran out').to.be.at.least(LEASE_MS - LEASE_MS / 4 - 20);
    await until(() => a.owned().length === 6, 1_000, 'a knowing it');

    const more = await appendTicks(store, 20, { from: 20 });
    expect(await a.waitFor(more[19], 5_000)).to.equal(true);
    await expectExactlyOnce(names, [...first, ...more]);
    const { rows } = await db.knex.raw('select distinct instance from applied where consumer = any(?) and position = any(?)', [orphans, more]);
    expect(rows.map((r: { instance: string }) => r.instance)).to.deep.equal(['a']);
  });

  it('a paused owner that wakes after its lease ran out and was taken over cannot write: its batch rolls back, the new owner applies it once', async () => {
    let paused: ReturnType<typeof gate> | null = null;
    const committedByA: Position[] = [];
    const a = instance('a', ['c'], async () => {
      if (paused) await paused.wait(); // the process stops here, inside its batch transaction
    }, (_n, p) => committedByA.push(p));
    const early = await appendTicks(store, 3);
    expect(await a.waitFor(early[2], 5_000)).to.equal(true);

    paused = gate();
    const late = await appendTicks(store, 2, { from: 3 });
    await paused.entered;
    a.leases!.suspend(); // and its heartbeat with it
    const pausedAt = Date.now();

    const b = instance('b', ['c']);
    await until(async () => (await owners(db.knex)).get('c') === 'b', 5 * LEASE_MS, 'b taking the lease over');
    expect(Date.now() - pausedAt, 'taken over within 2 × the lease').to.be.below(2 * LEASE_MS);
    await sleep(100); // b tries its batch meanwhile: a's open transaction still holds the advisory lock
    expect((await db.knex('applied').count({ n: '*' }).first())!.n).to.equal('3');

    paused.open(); // a wakes up and finishes its batch: the fence refuses it
    paused = null;
    expect(await b.waitFor(late[1], 5_000)).to.equal(true);
    expect(committedByA.filter((p) => store.compare(p, early[2]) > 0), 'a committed nothing after it woke').to.deep.equal([]);
    await expectExactlyOnce(['c'], [...early, ...late]);
    const { rows } = await db.knex.raw('select instance from applied order by seq');
    expect(rows.map((r: { instance: string }) => r.instance)).to.deep.equal(['a', 'a', 'a', 'b', 'b']);

    // Back to life, a sees it owns nothing and leaves the consumer to b.
    a.leases!.resume();
    await until(() => a.owned().length === 0, 2_000, 'a knowing it lost c');
    await sleep(2 * LEASE_MS);
    expect(await owners(db.knex)).to.deep.equal(new Map([['c', 'b']]));
    expect(a.owned()).to.deep.equal([]);
    const [next] = await appendTicks(store, 1, { from: 5 });
    expect(await a.waitFor(next, 5_000), 'a waits for b through the shared checkpoints').to.equal(true);
    await expectExactlyOnce(['c'], [...early, ...late, next]);
  });
});
