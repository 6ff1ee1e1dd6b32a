import type { Knex } from 'knex';
import type { EventStore, Position, ReadAllResult, StoredEvent } from '../eventstore/port.ts';
import type { Logger } from '../platform/logger.ts';

/** A read model: the tables it owns and an idempotent apply, run inside the batch transaction. */
export interface Projection {
  name: string;
  /** Tables emptied by a rebuild. */
  tables: string[];
  apply(trx: Knex.Transaction, event: StoredEvent): Promise<void>;
}

interface BatchOutcome {
  progressed: boolean;
  locked: boolean;
  from: Position | null;
  /** Set when a batch committed fewer events than the batch size: the position it committed. */
  short?: Position;
}

export interface CheckpointedHandler {
  name: string;
  /** Handles one event inside the batch transaction. */
  handle(trx: Knex.Transaction, event: StoredEvent): Promise<void>;
}

export interface RunnerOptions {
  table: 'projection_checkpoints' | 'reactor_checkpoints';
  batchSize?: number;
  pollMs?: number;
  /** Called after a batch commits (tests crash here; metrics listen here). */
  onBatch?: (name: string, position: Position) => void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How long a non-empty read of the log is lent to this runner's other loops standing at the same place. */
const SHARED_READ_MS = 2000;
const SHARED_READS_MAX = 64;

/**
 * Loops of every runner in this process held back behind an open transaction: a committed batch
 * wakes them (it may be the one that hid their events). Idle loops are not woken by it: a batch
 * appends no event, and new events wake them by notification.
 */
const localCommitWakers = new Set<() => void>();

/** Held back: look again when a local batch commits or after `ms`, whichever comes first. */
function heldBackPause(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      localCommitWakers.delete(done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    localCommitWakers.add(done);
  });
}

/**
 * True when committed events exist after `from` in the PostgreSQL log that a batch did not read:
 * an older transaction (of another process, say) still hides them, or they became readable just
 * after the read. Neither is announced again, so the runner looks again soon instead of napping
 * until its poll tick. (With KurrentDB the `events` table stays empty: always false.)
 */
async function unreadAfter(knex: Knex, from: Position | null): Promise<boolean> {
  let tx = 0n;
  let gp = 0n;
  if (from !== null) {
    const m = /^(\d{1,20})\/(\d{1,19})$/.exec(from);
    if (!m) return false;
    [tx, gp] = [BigInt(m[1]), BigInt(m[2])];
    if (tx >= 2n ** 64n || gp >= 2n ** 63n) return false;
  }
  const { rows } = await knex.raw(
    'select exists (select 1 from events where (tx_id, global_position) > (?::text::xid8, ?::bigint)) as unread',
    [tx.toString(), gp.toString()],
  );
  return rows[0].unread === true;
}

/**
 * Runs checkpointed handlers over the log. Each batch is one transaction holding a per-handler
 * advisory lock: the checkpoint and the handler's writes commit together, and only one process
 * works on a handler at a time, so several servers can share a database.
 */
export class CheckpointRunner {
  private stopped = true;
  private loops: Promise<void>[] = [];
  private readonly listeners = new Set<() => void>();
  /** The last position each handler committed in this process (to know when re-checking is worth it). */
  private readonly committedHere = new Map<string, Position>();
  private readonly known = new Map<string, { position: Position | null; at: number }>();
  private readonly reads = new Map<string, { at: number; result: Promise<ReadAllResult> }>();
  private readonly wakers = new Set<() => void>();

  constructor(
    private readonly knex: Knex,
    private readonly store: EventStore,
    readonly handlers: CheckpointedHandler[],
    private readonly options: RunnerOptions,
    private readonly logger?: Logger,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.loops = this.handlers.map((h) => this.loop(h));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const w of [...this.wakers]) w();
    await Promise.all(this.loops);
  }

  /**
   * A wake-up registered before a batch reads, so a notification that arrives during the batch is
   * not lost: new events (the store), stop(), or the poll tick.
   */
  private wakeup(ms: number): { promise: Promise<void>; cancel: () => void; fired: () => boolean } {
    let cancel = () => {};
    let fired = false;
    const promise = new Promise<void>((resolve) => {
      const done = () => {
        fired = true;
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakers.add(done);
      void this.store.waitForEvents(ms).then(done);
      cancel = done;
    });
    return { promise, cancel, fired: () => fired };
  }

  private async loop(handler: CheckpointedHandler): Promise<void> {
    const pollMs = this.options.pollMs ?? 500;
    while (!this.stopped) {
      const wake = this.wakeup(pollMs);
      try {
        const outcome = await this.batch(handler);
        if (this.stopped) continue;
        // A full batch, a batch to read again, or one during which new events were announced: go on.
        if (outcome.progressed && (outcome.short === undefined || wake.fired())) continue;
        // Otherwise (nothing read, or a short batch: most likely all there was) one query tells
        // whether committed events wait after it, hidden for now behind an open transaction.
        const from = outcome.progressed ? outcome.short! : outcome.from;
        if (outcome.locked && (await unreadAfter(this.knex, from))) await heldBackPause(15);
        else await wake.promise;
      } catch (err) {
        this.logger?.error({ err, handler: handler.name }, 'batch failed; retrying');
        if (!this.stopped) await sleep(500);
      } finally {
        wake.cancel();
      }
    }
  }

  /** Processes one batch; false when there was nothing to do or another process holds the lock. */
  async runBatch(handler: CheckpointedHandler): Promise<boolean> {
    return (await this.batch(handler)).progressed;
  }

  /**
   * The events are read before the transaction opens, so a loop never holds two pooled
   * connections at once (with many loops that exhausts the pool). Inside, under the lock, the
   * checkpoint must still be where the read started; if another process moved it, the read is
   * dropped and the loop reads again.
   */
  private async batch(handler: CheckpointedHandler): Promise<BatchOutcome> {
    const table = this.options.table;
    const from = await this.checkpointOf(handler.name);
    const batch = await this.readShared(from);
    if (batch.events.length === 0) return { progressed: false, locked: true, from };
    let committed: Position | null | undefined;
    let locked = false;
    const progressed = await this.knex.transaction(async (trx) => {
      const { rows } = await trx.raw('select pg_try_advisory_xact_lock(hashtext(?)) as locked', [`${table}:${handler.name}`]);
      if (!rows[0].locked) return false;
      locked = true;
      const cp = await trx(table).where({ name: handler.name }).first('position');
      if ((cp?.position ?? null) !== from) {
        this.known.delete(handler.name); // moved meanwhile (another process, a reset): read it again
        return true;
      }
      for (const event of batch.events) await handler.handle(trx, event);
      await trx.raw(
        `insert into ${table} (name, position, updated_at) values (?, ?, now())
         on conflict (name) do update set position = excluded.position, updated_at = now()`,
        [handler.name, batch.last],
      );
      committed = batch.last;
      return true;
    });
    if (committed !== undefined) {
      this.known.set(handler.name, { position: committed, at: Date.now() });
      this.committedHere.set(handler.name, committed as Position);
      this.options.onBatch?.(handler.name, committed as Position);
      for (const l of [...this.listeners]) l();
      for (const w of [...localCommitWakers]) w();
    }
    const short = committed !== undefined && batch.events.length < (this.options.batchSize ?? 500) ? (committed as Position) : undefined;
    return { progressed, locked, from, short };
  }

  /**
   * Where a handler stands. What this loop last committed or read is trusted for one poll
   * interval: the batch checks it again under the lock anyway, and the database is read at least
   * that often, so a reset by another process is seen even when no new event comes.
   */
  private async checkpointOf(name: string): Promise<Position | null> {
    const known = this.known.get(name);
    if (known && Date.now() - known.at < (this.options.pollMs ?? 500)) return known.position;
    const row = await this.knex(this.options.table).where({ name }).first('position');
    const position: Position | null = row?.position ?? null;
    this.known.set(name, { position, at: Date.now() });
    return position;
  }

  /**
   * The handlers of a runner mostly stand at the same position (they are woken together), so one
   * read (and its decryption) serves them all: in flight, and for a while after when it found
   * events. Any earlier read from a position is a valid batch: the log below the horizon never
   * changes, and what came after it is read from the next position. An empty read is not kept:
   * it would hide new events from a loop woken for them.
   */
  private readShared(from: Position | null): Promise<ReadAllResult> {
    const key = from ?? '';
    const now = Date.now();
    const hit = this.reads.get(key);
    if (hit && now - hit.at < SHARED_READ_MS) return hit.result;
    const result = this.store.readAll(from, this.options.batchSize ?? 500);
    this.reads.set(key, { at: now, result });
    result.then((r) => r.events.length === 0 && this.reads.get(key)?.result === result && this.reads.delete(key), () => this.reads.delete(key));
    for (const [k, v] of this.reads) if (this.reads.size > SHARED_READS_MAX || now - v.at >= SHARED_READ_MS) this.reads.delete(k);
    return result;
  }

  /** Last committed position of every handler (from the database: another process may run them). */
  async checkpoints(): Promise<Map<string, Position | null>> {
    const rows = await this.knex(this.options.table).whereIn('name', this.handlers.map((h) => h.name)).select('name', 'position');
    const result = new Map<string, Position | null>(this.handlers.map((h) => [h.name, null]));
    for (const r of rows) result.set(r.name, r.position);
    return result;
  }

  /**
   * Resolves once every handler has passed `position` (as committed in the database: another
   * process may run them, and a rebuild may have reset them since this process last looked);
   * false on timeout.
   */
  async waitFor(position: Position | null, timeoutMs: number): Promise<boolean> {
    if (position === null) return true;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const passedBefore = this.passedHere(position);
      const db = await this.checkpoints();
      if ([...db.values()].every((p) => this.store.compare(p, position) >= 0)) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      if (!passedBefore && this.passedHere(position)) continue; // the last batch committed meanwhile
      // The database decides; a local commit only prompts a look when this process's batches
      // have all passed the position (a look per batch of every handler costs a query each).
      // Other processes' progress and resets are seen at the 25 ms tick.
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.listeners.delete(onCommit);
          resolve();
        };
        const onCommit = () => {
          if (this.passedHere(position)) done();
        };
        const timer = setTimeout(done, Math.min(25, left));
        this.listeners.add(onCommit);
      });
    }
  }

  /** Whether every handler's last batch committed in this process has passed `position`. */
  private passedHere(position: Position): boolean {
    return this.handlers.every((h) => this.store.compare(this.committedHere.get(h.name) ?? null, position) >= 0);
  }
}

/** Adapts projections to the runner. */
export function projectionHandlers(projections: Projection[]): CheckpointedHandler[] {
  return projections.map((p) => ({ name: p.name, handle: (trx, e) => p.apply(trx, e) }));
}

/**
 * Empties every read model and its checkpoint; runners replay from the start. Takes every
 * projection's lock first (in one order) and only then the tables, so the rebuild never holds a
 * table while it waits for a batch.
 */
export async function resetProjections(knex: Knex, projections: Projection[]): Promise<void> {
  const names = [...new Set(projections.map((p) => p.name))].sort();
  await knex.transaction(async (trx) => {
    for (const name of names) await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`projection_checkpoints:${name}`]);
    const tables = [...new Set(projections.flatMap((p) => p.tables))];
    if (tables.length > 0) await trx.raw(`truncate table ${tables.map(() => '??').join(', ')} restart identity`, tables);
    await trx('projection_checkpoints').whereIn('name', names).delete();
  });
}
