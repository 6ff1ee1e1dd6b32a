import { randomUUID } from 'node:crypto';

// The stand-in server's state: streams with 0-based revisions and one global log ($all), in memory.
// Each event gets its own log position, with commit = prepare, growing by the event's size (as byte
// offsets in a real log do). Positions start past 2^53 so that any client path turning them into
// Numbers would show up as wrong positions.

export interface Proposed {
  id: string;
  type: string;
  contentType: string;
  data: Uint8Array;
  metadata: Uint8Array;
}

export interface Rec extends Proposed {
  stream: string;
  revision: bigint;
  position: bigint;
  /** .NET ticks (100 ns) since the Unix epoch, as the server reports `created`. */
  created: bigint;
}

/** An expectation on a stream before a write: the server's four kinds. */
export type Expected = { kind: 'any' } | { kind: 'noStream' } | { kind: 'exists' } | { kind: 'exact'; revision: bigint };

export interface Write {
  stream: string;
  expected: Expected;
  events: Proposed[];
}

/** A failed expectation: what the client maps to WrongExpectedVersionError. */
export class Conflict extends Error {
  constructor(readonly stream: string, readonly expected: Expected, readonly current: bigint | null) {
    super(`WrongExpectedVersion: stream ${stream}, expected ${describe(expected)}, current ${current ?? 'no stream'}`);
  }
}

/** An append larger than the server's MaxAppendSize: refused whole, nothing written. */
export class TooLarge extends Error {
  constructor(readonly size: number, readonly max: number) {
    super(`Maximum Append Size of ${max} Exceeded.`);
  }
}

/** One event larger than the server's MaxAppendEventSize: refused whole, nothing written. */
export class EventTooLarge extends Error {
  constructor(readonly index: number, readonly size: number, readonly max: number) {
    super('MaximumAppendEventSizeExceeded');
  }
}

/** KurrentDB 26.1's defaults: MaxAppendSize 256 MiB per append, MaxAppendEventSize 16 MiB per event. */
export const MAX_APPEND_SIZE = 256 * 1024 * 1024;
export const MAX_EVENT_SIZE = 16 * 1024 * 1024;

const describe = (e: Expected) => (e.kind === 'exact' ? String(e.revision) : e.kind);

export interface Filter {
  on: 'streamName' | 'eventType';
  regex: RegExp | null;
  prefixes: string[];
}

/** Server-side filtering of $all: a .NET regex (JS handles the lookaheads the adapter uses) or prefixes. */
export function passes(filter: Filter | null, r: Rec): boolean {
  if (!filter) return true;
  const value = filter.on === 'eventType' ? r.type : r.stream;
  if (filter.regex) return filter.regex.test(value);
  return filter.prefixes.length === 0 || filter.prefixes.some((p) => value.startsWith(p));
}

const TICKS_AT_EPOCH_PER_MS = 10_000n;

export class Log {
  readonly all: Rec[] = [];
  private readonly streams = new Map<string, Rec[]>();
  private readonly listeners = new Set<(recs: Rec[]) => void>();
  private next = 2n ** 53n + 1n;
  /** The server's MaxAppendSize, checked by the append handlers; tests may lower it on a running server. */
  maxAppendSize = MAX_APPEND_SIZE;
  /** Records of $all that reads have searched (not subscriptions): what a filtered read costs a server. */
  searched = 0;
  /** The server's MaxAppendEventSize: bytes one proposed event may carry. */
  maxEventSize = MAX_EVENT_SIZE;

  /**
   * A real server's $all starts with its own events ($-typed, in $-streams): the first epoch and the
   * metadata of its system streams. Readers of the whole log must skip them.
   */
  constructor() {
    this.system('$epochs', '$epoch-information');
    this.system('$$$scavenges', '$metadata');
    this.system('$$$stats-127.0.0.1:2113', '$metadata');
  }

  /** Writes one system event (a new epoch on a leader change, a stream's metadata). */
  system(stream: string, type: string): Rec {
    const data = Buffer.from(JSON.stringify({ epochNumber: this.all.length, at: new Date().toISOString() }));
    const id = randomUUID();
    return this.append([{ stream, expected: { kind: 'any' }, events: [{ id, type, contentType: 'application/json', data, metadata: new Uint8Array() }] }])[0];
  }

  /** Last revision of a stream, null when it does not exist. */
  current(stream: string): bigint | null {
    const s = this.streams.get(stream);
    return s?.length ? BigInt(s.length - 1) : null;
  }

  stream(name: string): Rec[] | null {
    return this.streams.get(name) ?? null;
  }

  check(stream: string, expected: Expected): void {
    const current = this.current(stream);
    const ok = expected.kind === 'any' || (expected.kind === 'noStream' && current === null) ||
      (expected.kind === 'exists' && current !== null) || (expected.kind === 'exact' && current === expected.revision);
    if (!ok) throw new Conflict(stream, expected, current);
  }

  /**
   * Checks every expectation, then writes every event: all or nothing (one call is one transaction,
   * the server being single-threaded here). Live subscribers hear of the events afterwards.
   */
  append(writes: Write[]): Rec[] {
    const again = this.retried(writes);
    if (again) return again;
    for (const w of writes) this.check(w.stream, w.expected);
    const names = new Set<string>();
    for (const w of writes) {
      if (names.has(w.stream)) throw new Error(`stream ${w.stream} twice in one append`);
      names.add(w.stream);
    }
    const written: Rec[] = [];
    const created = BigInt(Date.now()) * TICKS_AT_EPOCH_PER_MS;
    for (const w of writes) {
      const s = this.streams.get(w.stream) ?? [];
      this.streams.set(w.stream, s);
      for (const e of w.events) {
        const rec: Rec = { ...e, stream: w.stream, revision: BigInt(s.length), position: this.next, created };
        this.next += BigInt(128 + e.data.length + e.metadata.length);
        s.push(rec);
        this.all.push(rec);
        written.push(rec);
      }
    }
    if (written.length) for (const l of [...this.listeners]) l(written);
    return written;
  }

  /**
   * A retried append (the same event ids at the same expected revision, as a client resends after a
   * lost answer) is idempotent on a server: the original events come back and nothing is written.
   * Null when the append is not one already written.
   */
  private retried(writes: Write[]): Rec[] | null {
    const found: Rec[] = [];
    for (const w of writes) {
      const e = w.expected;
      if (w.events.length === 0) return null;
      const stream = this.streams.get(w.stream) ?? [];
      // With `any` or `streamExists` the server looks the first id up among the stream's events (a
      // resent streamExists append was written twice here, unlike on a server: a chaos-test flake).
      const from = e.kind === 'noStream' ? 0 : e.kind === 'exact' ? Number(e.revision) + 1 : stream.findIndex((r) => r.id === w.events[0].id);
      if (from < 0) return null;
      const held = stream.slice(from, from + w.events.length);
      if (held.length !== w.events.length || held.some((r, i) => r.id !== w.events[i].id)) return null;
      found.push(...held);
    }
    return found.length ? found : null;
  }

  /**
   * Events of $all at or after `from` (forwards), or before it (backwards), as a server reads them:
   * record by record from `from` until `max` pass the filter, each one searched counted in `searched`.
   */
  readAll(from: bigint | 'start' | 'end', backwards: boolean, filter: Filter | null, max: bigint): Rec[] {
    const out: Rec[] = [];
    // Positions grow with the index: a read starts at its position's index (found by bisection) and
    // walks only what it searches, as a server's reader does, not a copy of the whole log.
    if (backwards) {
      const start = from === 'start' ? -1 : from === 'end' ? this.all.length - 1 : this.firstAtOrAfter(from) - 1;
      for (let i = start; i >= 0 && BigInt(out.length) < max; i--) this.search(filter, this.all[i], out);
    } else {
      const start = from === 'end' ? this.all.length : from === 'start' ? 0 : this.firstAtOrAfter(from);
      for (let i = start; i < this.all.length && BigInt(out.length) < max; i++) this.search(filter, this.all[i], out);
    }
    return out;
  }

  /** The events after `position` (exclusive), for a subscription's catch-up. */
  after(position: bigint): Rec[] {
    return this.all.slice(this.firstAtOrAfter(position + 1n));
  }

  private search(filter: Filter | null, r: Rec, out: Rec[]): void {
    this.searched++;
    if (passes(filter, r)) out.push(r);
  }

  /** Index of the first event at or after `position` (the log's length when there is none). */
  private firstAtOrAfter(position: bigint): number {
    let lo = 0;
    let hi = this.all.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.all[mid].position < position) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Events of one stream from a revision, forwards or backwards; null when the stream does not exist. */
  readStream(name: string, from: bigint | 'start' | 'end', backwards: boolean, max: bigint): Rec[] | null {
    const s = this.streams.get(name);
    if (!s) return null;
    let list = backwards ? [...s].reverse() : [...s];
    if (typeof from === 'bigint') list = list.filter((r) => (backwards ? r.revision <= from : r.revision >= from));
    else if (from === (backwards ? 'start' : 'end')) list = [];
    return take(list, max);
  }

  /** How many live listeners (subscriptions) hear each write. */
  get listening(): number {
    return this.listeners.size;
  }

  /** Hears every later write, synchronously, right after it: nothing falls between a read and this. */
  listen(l: (recs: Rec[]) => void): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }
}

const take = (list: Rec[], max: bigint) => (max >= BigInt(list.length) ? list : list.slice(0, Number(max)));
