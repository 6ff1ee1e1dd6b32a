import { expect } from 'chai';
import { LoginFailures, TokenBuckets, WindowCounter } from '../../src/platform/throttle.ts';
import type pg from 'pg';
import { purgeThrottles, SharedLoginFailures, SharedTokenBuckets, SharedWindowCounter, throttlePool } from '../../src/platform/throttle-shared.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';

/** A small deterministic generator, so a failing sequence is the same on every run. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const same = (shared: number | null, memory: number | null, step: string) => {
  if (memory === null) expect(shared, step).to.equal(null);
  else expect(shared, step).to.be.closeTo(memory, 1e-6);
};

describe('limits with their state in PostgreSQL (throttle-shared.ts)', () => {
  let db: TestDatabase;
  let pool: pg.Pool;
  let t = Date.UTC(2031, 0, 1);
  const now = () => t;
  before(async () => {
    db = await createTestDatabase();
    pool = throttlePool(db.url, (err) => { throw err; }, 8);
  });
  after(async () => {
    await pool?.end();
    await db?.drop();
  });

  it('a token bucket decides as the in-memory model, step by step, under the injected clock', async () => {
    const rnd = random(7);
    const memory = new TokenBuckets(6, 5, now);
    const shared = new SharedTokenBuckets(pool, 'writes', 6, 5, now);
    let refused = 0;
    for (let i = 0; i < 400; i++) {
      if (rnd() < 0.5) t += Math.floor(rnd() * 4000);
      const key = `u${Math.floor(rnd() * 3)}`;
      const expected = memory.take(key);
      if (expected !== null) refused += 1;
      same(await shared.take(key), expected, `step ${i}`);
    }
    expect(refused, 'the sequence reached the limit often').to.be.above(50);
  });

  it('a window counter decides as the in-memory model, step by step', async () => {
    const rnd = random(11);
    const memory = new WindowCounter(4, 60_000, now);
    const shared = new SharedWindowCounter(pool, 'auth', 4, 60_000, now);
    let refused = 0;
    for (let i = 0; i < 400; i++) {
      if (rnd() < 0.4) t += Math.floor(rnd() * 20_000);
      const key = `198.51.100.${Math.floor(rnd() * 3)}`;
      const expected = memory.hit(key);
      if (expected !== null) refused += 1;
      same(await shared.hit(key), expected, `step ${i}`);
    }
    expect(refused, 'the sequence reached the limit often').to.be.above(50);
  });

  it('failed logins lock an account as the in-memory model does, and never check more than the limit of wrong passwords in any window', async () => {
    const rnd = random(13);
    const window = 600_000;
    const memory = new LoginFailures(3, window, now);
    const shared = new SharedLoginFailures(pool, 3, window, now);
    // The wrong passwords checked per account since its last success, with their times.
    const wrong = new Map<string, number[]>();
    let locked = 0;
    for (let i = 0; i < 400; i++) {
      if (rnd() < 0.5) t += Math.floor(rnd() * 90_000);
      const key = `cuenta-${Math.floor(rnd() * 3)}`;
      const expected = memory.reserve(key);
      same(await shared.reserve(key), expected, `step ${i}`);
      if (expected !== null) {
        locked += 1;
        continue;
      }
      // A wrong password leaves the reservation counted; a right one gives it back.
      if (rnd() >= 0.9) {
        memory.succeeded(key);
        await shared.succeeded(key);
        wrong.delete(key);
        continue;
      }
      const checked = [...(wrong.get(key) ?? []), t];
      wrong.set(key, checked);
      expect(checked.filter((w) => t - w < window), `step ${i}: wrong passwords checked within the window`).to.have.length.at.most(3);
    }
    expect(locked, 'the sequence locked accounts often').to.be.above(50);
  });

  it('grants at most the limit of password checks to concurrent reservations of one account, however many', async () => {
    const logins = new SharedLoginFailures(pool, 5, 900_000, now);
    const reserved = await Promise.all(Array.from({ length: 60 }, () => logins.reserve('asediada')));
    expect(reserved.filter((w) => w === null)).to.have.length(5);
    // All five failures are of this instant: the lock lasts the whole window, and refused attempts do not lengthen it.
    expect(reserved.filter((w) => w !== null).every((w) => w === 900)).to.equal(true);
    // The lock holds for whatever comes next, the right password included, until the oldest failure leaves the window.
    t += 899_999;
    expect(await logins.reserve('asediada')).to.be.closeTo(0.001, 1e-9);
    // Then all five leave at once: five more checks, not one more.
    t += 1;
    const next = await Promise.all(Array.from({ length: 60 }, () => logins.reserve('asediada')));
    expect(next.filter((w) => w === null)).to.have.length(5);
  });

  it('concurrent checks of one key never grant more than the limit (one atomic statement each)', async () => {
    const buckets = new SharedTokenBuckets(pool, 'writes', 1, 10, now);
    const takes = await Promise.all(Array.from({ length: 40 }, () => buckets.take('concurrent')));
    expect(takes.filter((w) => w === null)).to.have.length(10);
    const windows = new SharedWindowCounter(pool, 'registrations', 7, 3_600_000, now);
    const hits = await Promise.all(Array.from({ length: 40 }, () => windows.hit('203.0.113.50')));
    expect(hits.filter((w) => w === null)).to.have.length(7);
  });

  it('0 turns each limit off and stores nothing', async () => {
    const before = await db.knex('throttle_buckets').count({ n: '*' }).first();
    expect(await new SharedTokenBuckets(pool, 'writes', 0, 5, now).take('off')).to.equal(null);
    expect(await new SharedWindowCounter(pool, 'auth', 0, 60_000, now).hit('off')).to.equal(null);
    const logins = new SharedLoginFailures(pool, 0, 60_000, now);
    expect(await logins.reserve('off')).to.equal(null);
    expect(await logins.reserve('off')).to.equal(null);
    expect(await db.knex('throttle_buckets').count({ n: '*' }).first()).to.deep.equal(before);
    expect(await db.knex('throttle_logins').where({ subject: 'off' }).first()).to.equal(undefined);
  });

  it('purges rows that say nothing any more, and only those', async () => {
    const buckets = new SharedTokenBuckets(pool, 'writes', 60, 2, now);
    await buckets.take('purge-me');
    await buckets.take('purge-me');
    t += 60_000; // refilled two tokens' worth at one a second: full again, as if never seen
    await buckets.take('kept');
    await purgeThrottles(pool, now);
    const left = (await db.knex('throttle_buckets').where({ kind: 'writes' }).pluck('subject')) as string[];
    expect(left).to.include('kept').and.not.include('purge-me');
    // The purged key starts from a full bucket, as it would have.
    expect(await buckets.take('purge-me')).to.equal(null);
    expect(await buckets.take('purge-me')).to.equal(null);
    expect(await buckets.take('purge-me')).to.be.closeTo(1, 1e-6);
  });

  it('without an injected clock, uses the database clock', async () => {
    const buckets = new SharedTokenBuckets(pool, 'writes', 60, 1);
    expect(await buckets.take('db-clock')).to.equal(null);
    expect(await buckets.take('db-clock')).to.be.within(0.5, 1);
    const row = await db.knex('throttle_buckets').where({ subject: 'db-clock' }).first();
    expect(Math.abs(Number(row.at_ms) - Date.now())).to.be.below(5_000);
  });
});
