import pg from 'pg';

/**
 * The abuse limits with their state in PostgreSQL (migration 042), so they hold for the practice
 * and not per instance: a user spread over N instances by a balancer gets the limit once, not N
 * times. Each check is one statement, atomic under concurrency (the row lock of an upsert or a
 * conditional update), with the same decisions as the in-memory models of throttle.ts (the tests
 * compare them step by step).
 *
 * Time is `now` when given (tests inject a clock), else the database's: one clock for every
 * instance, so a skewed server clock can neither refill a bucket early nor end a lock early. Times
 * only move forward within a row (greatest), so two instances' slightly different clocks cannot
 * mint tokens either.
 */

export type Now = (() => number) | undefined;

/**
 * Where the checks run: a pool of its own (throttlePool), whose prepared statements skip parsing
 * and planning after each connection's first use: a check costs about one round trip.
 */
export interface ThrottleDb {
  query(q: { name: string; text: string; values: unknown[] }): Promise<{ rows: Row[] }>;
}

/**
 * A few connections are plenty: a check holds one for about a round trip. Kept a minute when idle
 * (a new one pays the login and its statements' first parse); a check waits at most 10 s for one.
 */
export function throttlePool(databaseUrl: string, onError: (err: Error) => void, max = 4): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl, max, application_name: 'practice-throttles', idleTimeoutMillis: 60_000, connectionTimeoutMillis: 10_000,
  });
  // An idle connection that breaks (PostgreSQL restarted) is dropped by the pool; the next check opens another.
  pool.on('error', onError);
  return pool;
}

// $1 is always the injected time (null: the database's).
const NOW = `coalesce($1::float8, extract(epoch from statement_timestamp()) * 1000)`;

type Row = Record<string, unknown>;

async function one(db: ThrottleDb, name: string, text: string, now: Now, values: unknown[]): Promise<Row | undefined> {
  const { rows } = await db.query({ name, text, values: [now ? now() : null, ...values] });
  return rows[0];
}

/** The tokens after refilling since the row's last change: the rate times the time elapsed, capped at the burst. */
const REFILLED = 'least($4::float8, b.tokens + greatest(0, excluded.at_ms - b.at_ms) * $5::float8)';

/** A token bucket per key: `perMinute` tokens a minute, at most `burst` saved up. perMinute 0: no limit. */
export class SharedTokenBuckets {
  // $2 kind, $3 subject, $4 burst, $5 tokens per ms. `granted`: whether this call took a token.
  private static readonly SQL = `insert into throttle_buckets as b (kind, subject, tokens, at_ms, granted, expires_ms)
    values ($2, $3, $4::float8 - 1, ${NOW}, true, ${NOW} + $4::float8 / $5::float8)
    on conflict (kind, subject) do update set
      granted = ${REFILLED} >= 1,
      tokens = ${REFILLED} - case when ${REFILLED} >= 1 then 1 else 0 end,
      at_ms = greatest(b.at_ms, excluded.at_ms),
      expires_ms = greatest(b.at_ms, excluded.at_ms) + $4::float8 / $5::float8
    returning granted, tokens`;

  constructor(private readonly db: ThrottleDb, private readonly kind: string, private readonly perMinute: number, private readonly burst: number, private readonly now?: Now) {}

  /** Takes one token; null when allowed, else the seconds until one is available. */
  async take(key: string): Promise<number | null> {
    if (this.perMinute <= 0) return null;
    const rate = this.perMinute / 60_000;
    const row = await one(this.db, 'throttle_take', SharedTokenBuckets.SQL, this.now, [this.kind, key, this.burst, rate]);
    if (!row || row.granted) return null;
    return (1 - Number(row.tokens)) / rate / 1000;
  }
}

/** At most `max` events per key in a fixed window of `windowMs`. max 0: no limit. */
export class SharedWindowCounter {
  // $2 kind, $3 subject, $4 max, $5 window. `n` counts the window's attempts, refused ones too (capped): allowed while n <= max.
  private static readonly SQL = `insert into throttle_windows as w (kind, subject, start_ms, n, expires_ms)
    values ($2, $3, ${NOW}, 1, ${NOW} + $5::float8)
    on conflict (kind, subject) do update set
      start_ms = case when excluded.start_ms - w.start_ms >= $5::float8 then excluded.start_ms else w.start_ms end,
      n = case when excluded.start_ms - w.start_ms >= $5::float8 then 1 else least(w.n + 1, $4::int + 1) end,
      expires_ms = case when excluded.start_ms - w.start_ms >= $5::float8 then excluded.expires_ms else w.expires_ms end
    returning n, start_ms + $5::float8 - ${NOW} as remaining_ms`;

  constructor(private readonly db: ThrottleDb, private readonly kind: string, private readonly max: number, private readonly windowMs: number, private readonly now?: Now) {}

  /** Counts one; null when allowed, else the seconds until the window ends. */
  async hit(key: string): Promise<number | null> {
    if (this.max <= 0) return null;
    const row = await one(this.db, 'throttle_hit', SharedWindowCounter.SQL, this.now, [this.kind, key, this.max, this.windowMs]);
    if (!row || Number(row.n) <= this.max) return null;
    return Number(row.remaining_ms) / 1000;
  }
}

/**
 * The account's failures still within the window ($3), the newest $4 (the limit) of them: older ones
 * say nothing more (more than $4 are only there if the limit was lowered since they were counted).
 * Their order in the array does not matter: the oldest and newest are taken with min and max.
 */
const KEPT = `array(select f from unnest(l.failures) f where ${NOW} - f < $3::float8 order by f desc limit $4::int)`;
// While the limit of them lies within the window, no password of the account is checked.
const FULL = `(cardinality(${KEPT}) >= $4::int)`;

/**
 * Failed password checks per account, as a sliding window: the account keeps its last `max`
 * failures within `windowMs`, and while all `max` of them lie within the window no password of it is
 * checked (429 until the oldest leaves the window). So in any interval of `windowMs` at most `max`
 * wrong passwords are checked. A refused attempt is not checked and is not a failure: it neither
 * lengthens the lock nor shortens it. A success clears the account.
 *
 * An attempt is counted as a failure before its password is checked (`reserve`), in the same
 * statement that decides whether it may be checked at all: the row lock of the upsert orders
 * concurrent attempts, so however many arrive at once, on however many instances, at most `max`
 * passwords are checked per window. A right password gives it back (`succeeded`); a wrong one has
 * nothing left to write.
 */
export class SharedLoginFailures {
  // $2 subject, $3 window, $4 max. SET sees the row before the update, so `granted` is whether a slot was free.
  // The row lasts until its newest failure leaves the window (`expires_ms`, for the purge).
  private static readonly RESERVE = `insert into throttle_logins as l (subject, failures, expires_ms, granted)
    values ($2, array[${NOW}]::float8[], ${NOW} + $3::float8, true)
    on conflict (subject) do update set
      granted = not ${FULL},
      failures = case when ${FULL} then ${KEPT} else ${KEPT} || ${NOW} end,
      expires_ms = case when ${FULL} then l.expires_ms else greatest(l.expires_ms, ${NOW} + $3::float8) end
    returning granted, (select min(f) from unnest(failures) f) + $3::float8 - ${NOW} as remaining_ms`;

  constructor(private readonly db: ThrottleDb, private readonly max: number, private readonly windowMs: number, private readonly now?: Now) {}

  /**
   * Reserves one password check: null when it may run (it counts as a failure until `succeeded`),
   * else the seconds until the oldest of the account's failures leaves the window (check nothing).
   */
  async reserve(key: string): Promise<number | null> {
    if (this.max <= 0) return null;
    const row = await one(this.db, 'throttle_login_reserve', SharedLoginFailures.RESERVE, this.now, [key, this.windowMs, this.max]);
    return !row || row.granted ? null : Number(row.remaining_ms) / 1000;
  }

  /** The password was right: the reservation is given back, and the account's failures with it. */
  async succeeded(key: string): Promise<void> {
    if (this.max <= 0) return;
    await this.db.query({ name: 'throttle_login_succeeded', text: 'delete from throttle_logins where subject = $1', values: [key] });
  }
}

const PURGE = `with b as (delete from throttle_buckets where expires_ms < ${NOW} returning 1),
    w as (delete from throttle_windows where expires_ms < ${NOW} returning 1),
    l as (delete from throttle_logins where expires_ms < ${NOW} returning 1)
  select (select count(*) from b) + (select count(*) from w) + (select count(*) from l) as n`;

/** Drops the rows that say nothing any more (a full bucket, an ended window, an account long quiet); one statement. */
export async function purgeThrottles(db: ThrottleDb, now?: Now): Promise<number> {
  return Number((await one(db, 'throttle_purge', PURGE, now, []))!.n);
}

/** Purges every `everyMs` (each instance does; a delete finding nothing is cheap). Returns the stop. */
export function scheduleThrottlePurge(db: ThrottleDb, everyMs: number, onError: (err: unknown) => void): () => void {
  const timer = setInterval(() => void purgeThrottles(db).catch(onError), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
