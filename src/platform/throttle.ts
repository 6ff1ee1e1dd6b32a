import type { Limits } from './limits.ts';
import { SharedLoginFailures, SharedTokenBuckets, SharedWindowCounter, type Now, type ThrottleDb } from './throttle-shared.ts';

// The limits' models in the memory of one process: the reference the shared limits
// (throttle-shared.ts, what the server runs) are tested against step by step, and the bench's
// baseline. Held per process they would let a client behind a balancer get N times each limit.
// Keys are bounded: the oldest entries go when a map is full.

const MAX_KEYS = 100_000;

function bounded<V>(map: Map<string, V>): void {
  if (map.size < MAX_KEYS) return;
  // Maps iterate in insertion order: drop the oldest tenth.
  let n = Math.ceil(MAX_KEYS / 10);
  for (const key of map.keys()) {
    map.delete(key);
    if (--n === 0) break;
  }
}

/** A token bucket per key: `perMinute` tokens a minute, at most `burst` saved up. perMinute 0: no limit. */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly perMinute: number, private readonly burst: number, private readonly now: () => number = Date.now) {}

  /** Takes one token; null when allowed, else the seconds until one is available. */
  take(key: string): number | null {
    if (this.perMinute <= 0) return null;
    const now = this.now();
    const ratePerMs = this.perMinute / 60_000;
    let b = this.buckets.get(key);
    if (!b) {
      bounded(this.buckets);
      b = { tokens: this.burst, at: now };
      this.buckets.set(key, b);
    }
    b.tokens = Math.min(this.burst, b.tokens + (now - b.at) * ratePerMs);
    b.at = now;
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return null;
    }
    return (1 - b.tokens) / ratePerMs / 1000;
  }
}

/** At most `max` events per key in a fixed window of `windowMs`. max 0: no limit. */
export class WindowCounter {
  private readonly windows = new Map<string, { start: number; n: number }>();

  constructor(private readonly max: number, private readonly windowMs: number, private readonly now: () => number = Date.now) {}

  /** Counts one; null when allowed, else the seconds until the window ends. */
  hit(key: string): number | null {
    if (this.max <= 0) return null;
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      this.windows.delete(key);
      bounded(this.windows);
      w = { start: now, n: 0 };
      this.windows.set(key, w);
    }
    if (w.n >= this.max) return (w.start + this.windowMs - now) / 1000;
    w.n += 1;
    return null;
  }
}

/**
 * Failed password checks per account, as a sliding window: the account keeps its last `max`
 * failures within `windowMs`; while all `max` of them lie within the window no password of it is
 * checked, until the oldest leaves the window. So in any interval of `windowMs` at most `max` wrong
 * passwords are checked. An attempt counts as a failure before its password is checked (`reserve`);
 * a refused one is not checked and not counted; a success gives it back and clears the account.
 */
export class LoginFailures {
  private readonly accounts = new Map<string, number[]>();

  constructor(private readonly max: number, private readonly windowMs: number, private readonly now: () => number = Date.now) {}

  /** Null when the account may check a password now (counted as a failure); else the seconds until its oldest failure leaves the window. */
  reserve(key: string): number | null {
    if (this.max <= 0) return null;
    const now = this.now();
    const before = this.accounts.get(key);
    if (!before) bounded(this.accounts);
    // The newest `max` failures within the window, as the shared statement keeps them.
    const kept = (before ?? []).filter((t) => now - t < this.windowMs).sort((x, y) => y - x).slice(0, this.max);
    if (kept.length >= this.max) {
      this.accounts.set(key, kept);
      return (Math.min(...kept) + this.windowMs - now) / 1000;
    }
    this.accounts.set(key, [...kept, now]);
    return null;
  }

  succeeded(key: string): void {
    this.accounts.delete(key);
  }
}

/** Runs at most `concurrency` tasks at once (bcrypt on the thread pool), the rest wait in order. */
export class WorkQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly concurrency: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
    try {
      return await task();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  get queued(): number {
    return this.waiting.length;
  }
}

/** The limits of the practice (their state in PostgreSQL), shared by the REST routes and the STOMP gateway. */
export interface Throttles {
  /** Per user id: every write (REST POST/PUT/DELETE and STOMP SEND). */
  writes: { take(key: string): Promise<number | null> };
  /** Per client address: logins, signatures (which check a password) and registrations. */
  auth: { hit(key: string): Promise<number | null> };
  /** Per client address: self-registrations. */
  registrations: { hit(key: string): Promise<number | null> };
  /** Per account (e-mail lookup hash): failed logins, each password check reserved before it runs (src/http/password-check.ts). */
  logins: { reserve(key: string): Promise<number | null>; succeeded(key: string): Promise<void> };
  /** bcrypt hashes and compares, at most one per core at a time: CPU of this process, so per process. */
  bcrypt: WorkQueue;
}

/** `db`: the throttles' pool (throttlePool); `now`: the tests' clock, by default the database's, one clock for every instance. */
export function createThrottles(limits: Limits, cores: number, db: ThrottleDb, now?: Now): Throttles {
  return {
    writes: new SharedTokenBuckets(db, 'writes', limits.writesPerMinute, limits.writeBurst, now),
    auth: new SharedWindowCounter(db, 'auth', limits.authRatePerMinute, 60_000, now),
    registrations: new SharedWindowCounter(db, 'registrations', limits.registrationsPerHour, 3_600_000, now),
    logins: new SharedLoginFailures(db, limits.loginMaxFailures, limits.loginFailureWindowMs, now),
    bcrypt: new WorkQueue(Math.max(1, cores)),
  };
}
