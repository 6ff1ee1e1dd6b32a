import type { Knex } from 'knex';
import pg from 'pg';
import type { Position } from '../eventstore/port.ts';

/** The channel on which a committed batch or a reset of checkpoints is announced (payload: the table). */
export const CHECKPOINT_CHANNEL = 'practice_checkpoints';

/** While someone waits and no announcement came, the checkpoints are read again this often (a safety net). */
const SAFETY_REFRESH_MS = 1_000;

type Listener = (payload: string) => void;

/** One LISTEN connection per database per process, shared by every watcher on it. */
const listeners = new Map<string, { client: pg.Client | null; subscribers: Set<Listener>; connecting: Promise<void> | null }>();

function subscribe(settings: pg.ClientConfig, key: string, fn: Listener): () => void {
  let entry = listeners.get(key);
  if (!entry) listeners.set(key, (entry = { client: null, subscribers: new Set(), connecting: null }));
  entry.subscribers.add(fn);
  connect(settings, key);
  return () => {
    entry.subscribers.delete(fn);
    if (entry.subscribers.size > 0) return;
    listeners.delete(key);
    void entry.client?.end().catch(() => {});
  };
}

function connect(settings: pg.ClientConfig, key: string): void {
  const entry = listeners.get(key);
  if (!entry || entry.client || entry.connecting) return;
  const client = new pg.Client({ ...settings, application_name: 'practice-checkpoint-watcher' });
  const broadcast = (payload: string) => entry.subscribers.forEach((s) => s(payload));
  client.on('notification', (n) => broadcast(n.payload ?? ''));
  client.on('error', () => {
    entry.client = null;
    void client.end().catch(() => {});
    broadcast('*'); // what was announced meanwhile is read again
  });
  entry.connecting = client
    .connect()
    .then(() => client.query(`listen ${CHECKPOINT_CHANNEL}`))
    .then(() => {
      if (listeners.get(key) !== entry || entry.subscribers.size === 0) return void client.end().catch(() => {});
      entry.client = client;
      broadcast('*');
    })
    .catch(() => void client.end().catch(() => {}))
    .finally(() => (entry.connecting = null));
}

/**
 * Calls `fn` with every payload on the checkpoint channel of `knex`'s database ('*' after the
 * connection was lost and made again), on the connection the watchers share; returns the unsubscribe.
 */
export function onCheckpointChannel(knex: Knex, fn: Listener): () => void {
  const settings = (knex.client as { connectionSettings?: pg.ClientConfig }).connectionSettings ?? {};
  return subscribe(settings, JSON.stringify(settings), fn);
}

/** The payload of a batch's commit (a reset, a park or a retry announces the bare table: always read). */
export const commitPayload = (table: string) => `${table}:commit`;

/** The watchers listening in this process, so that a reset made here is known here at once. */
const local = new Set<CheckpointWatcher>();

/** Checkpoints of `names` were deleted in this process (a reset): every watcher here forgets them now. */
export function forgetCheckpoints(table: string, names: string[]): void {
  for (const w of local) w.forget(table, names);
}

interface Waiter {
  names: string[];
  position: Position;
  /** Consumers not waited for any more (they are retrying a bad event): the wait ends false. */
  excused: (name: string) => boolean;
  /** Consumers that count as passed whatever their checkpoint says (adopted as inline: the appends write them). */
  done: (name: string) => boolean;
  resolve: (ok: boolean) => void;
}

/**
 * Where each consumer of one checkpoint table stands, as this process knows it: this process's
 * commits are reported directly, other processes' commits and resets arrive as notifications and
 * are read once for every waiter. Waiters sleep until a report passes their position: no polling
 * (a read every second while someone waits covers a lost notification).
 */
export class CheckpointWatcher {
  private readonly known = new Map<string, Position | null>();
  private readonly localSeq = new Map<string, number>();
  private seq = 0;
  private readonly waiters = new Set<Waiter>();
  private refreshing: Promise<void> | null = null;
  private dirty = false;
  /** Another process committed since the last read, and nobody here was waiting: read before the next wait. */
  private stale = false;
  private unsubscribe: (() => void) | null = null;
  private announcing: Promise<void> | null = null;
  /** Told after every read of the table (a runner notices a reset by another process here). */
  readonly onRefresh = new Set<() => void>();
  private announceAgain = false;

  constructor(
    private readonly knex: Knex,
    private readonly table: string,
    private readonly compare: (a: Position | null, b: Position | null) => number,
  ) {}

  /** Starts listening for other processes' commits (idempotent). */
  listen(): void {
    if (this.unsubscribe) return;
    local.add(this);
    this.unsubscribe = onCheckpointChannel(this.knex, (payload) => {
      if (payload === this.table || payload === '*') void this.refresh();
      // Another process's batch: read only when someone here waits, else when someone next does.
      // Read at every commit, N instances read the table N × (commits of all of them) times.
      else if (payload === commitPayload(this.table)) {
        if (this.waiters.size > 0) void this.refresh();
        else this.stale = true;
      }
    });
  }

  close(): void {
    local.delete(this);
    this.unsubscribe?.();
    this.unsubscribe = null;
    for (const w of [...this.waiters]) w.resolve(this.passed(w.names, w.position, undefined, w.done));
  }

  forget(table: string, names: string[]): void {
    if (table !== this.table) return;
    for (const n of names) if (this.known.has(n)) this.update(n, null);
    for (const cb of [...this.onRefresh]) cb();
  }

  /** This process committed `position` for `name`. */
  update(name: string, position: Position | null): void {
    this.known.set(name, position);
    this.localSeq.set(name, ++this.seq);
    this.settle();
  }

  /** Tells other processes that this table's checkpoints moved (coalesced, off the commit path). */
  announce(): void {
    if (this.announcing) {
      this.announceAgain = true;
      return;
    }
    this.announcing = this.knex
      .raw('select pg_notify(?, ?)', [CHECKPOINT_CHANNEL, commitPayload(this.table)])
      .then(() => {}, () => {})
      .finally(() => {
        this.announcing = null;
        if (this.announceAgain) {
          this.announceAgain = false;
          this.announce();
        }
      });
  }

  get(name: string): Position | null | undefined {
    return this.known.get(name);
  }

  passed(names: string[], position: Position | null, excused: (name: string) => boolean = () => false, done: (name: string) => boolean = () => false): boolean {
    return names.every((n) => done(n) || excused(n) || (this.known.has(n) && this.compare(this.known.get(n) ?? null, position) >= 0));
  }

  /** Reads the table again; concurrent calls share one read, and a call during a read causes one more. */
  refresh(): Promise<void> {
    if (this.refreshing) {
      this.dirty = true;
      return this.refreshing;
    }
    const startSeq = this.seq;
    this.stale = false;
    this.refreshing = (async () => {
      try {
        const rows: { name: string; position: Position | null }[] = await this.knex(this.table).select('name', 'position');
        const seen = new Set(rows.map((r) => r.name));
        for (const r of rows) if ((this.localSeq.get(r.name) ?? 0) <= startSeq) this.known.set(r.name, r.position);
        // A consumer without a row has been reset (or never ran).
        for (const name of this.known.keys()) if (!seen.has(name) && (this.localSeq.get(name) ?? 0) <= startSeq) this.known.set(name, null);
      } catch {
        // The next notification or the safety refresh reads again.
      } finally {
        this.refreshing = null;
      }
      this.settle();
      for (const cb of [...this.onRefresh]) cb();
      if (this.dirty) {
        this.dirty = false;
        void this.refresh();
      }
    })();
    return this.refreshing;
  }

  /**
   * Ends once every named consumer has passed `position` or is excused, or after `timeoutMs`;
   * true when every one passed. `fresh` reads the table first (a process whose own engine is not the one committing).
   */
  async wait(names: string[], position: Position, timeoutMs: number, fresh: boolean, excused: (name: string) => boolean, done: (name: string) => boolean = () => false): Promise<boolean> {
    if (this.passed(names, position, excused, done) && !fresh) return this.passed(names, position, undefined, done);
    if (fresh || this.stale || names.some((n) => !this.known.has(n))) {
      for (const n of names) if (!this.known.has(n)) this.known.set(n, null);
      await this.refresh();
      if (this.passed(names, position, excused, done)) return this.passed(names, position, undefined, done);
    }
    if (timeoutMs <= 0) return false;
    return new Promise<boolean>((resolve) => {
      const safety = setInterval(() => void this.refresh(), SAFETY_REFRESH_MS);
      const timer = setTimeout(() => waiter.resolve(this.passed(names, position, undefined, done)), timeoutMs);
      const waiter: Waiter = {
        names, position, excused, done,
        resolve: (ok) => {
          clearInterval(safety);
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(ok);
        },
      };
      this.waiters.add(waiter);
      if (this.stale) void this.refresh(); // a commit announced while this waiter was on its way
    });
  }

  /**
   * Wakes the waiters whose wait is over (after a commit, a refresh, or a consumer excused): true
   * when every consumer passed, false when an excused one did not.
   */
  settle(): void {
    for (const w of [...this.waiters]) if (this.passed(w.names, w.position, w.excused, w.done)) w.resolve(this.passed(w.names, w.position, undefined, w.done));
  }
}
