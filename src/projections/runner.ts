import type { Knex } from 'knex';
import type { EventStore, Position, StoredEvent } from '../eventstore/port.ts';
import type { Logger } from '../platform/logger.ts';

/** A read model: the tables it owns and an idempotent apply, run inside the batch transaction. */
export interface Projection {
  name: string;
  /** Tables emptied by a rebuild. */
  tables: string[];
  apply(trx: Knex.Transaction, event: StoredEvent): Promise<void>;
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

/** Loops of every runner in this process waiting for work: a committed batch wakes them all. */
const localCommitWakers = new Set<() => void>();

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
   * not lost: new events (the store), a batch committed by any runner of this process (its
   * transaction may have been hiding events), stop(), or the poll tick.
   */
  private wakeup(ms: number): { promise: Promise<void>; cancel: () => void } {
    let cancel = () => {};
    const promise = new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        localCommitWakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakers.add(done);
      localCommitWakers.add(done);
      void this.store.waitForEvents(ms).then(done);
      cancel = done;
    });
    return { promise, cancel };
  }

  private async loop(handler: CheckpointedHandler): Promise<void> {
    const pollMs = this.options.pollMs ?? 500;
    while (!this.stopped) {
      const wake = this.wakeup(pollMs);
      try {
        const outcome = await this.batch(handler);
        if (outcome.progressed || this.stopped) continue;
        if (outcome.locked && (await unreadAfter(this.knex, outcome.from))) await sleep(15);
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
  private async batch(handler: CheckpointedHandler): Promise<{ progressed: boolean; locked: boolean; from: Position | null }> {
    const table = this.options.table;
    const start = await this.knex(table).where({ name: handler.name }).first('position');
    const from: Position | null = start?.position ?? null;
    const batch = await this.store.readAll(from, this.options.batchSize ?? 500);
    if (batch.events.length === 0) return { progressed: false, locked: true, from };
    let committed: Position | null | undefined;
    let locked = false;
    const progressed = await this.knex.transaction(async (trx) => {
      const { rows } = await trx.raw('select pg_try_advisory_xact_lock(hashtext(?)) as locked', [`${table}:${handler.name}`]);
      if (!rows[0].locked) return false;
      locked = true;
      const cp = await trx(table).where({ name: handler.name }).first('position');
      if ((cp?.position ?? null) !== from) return true; // moved meanwhile: read again
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
      this.options.onBatch?.(handler.name, committed as Position);
      for (const l of [...this.listeners]) l();
      for (const w of [...localCommitWakers]) w();
    }
    return { progressed, locked, from };
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
      const db = await this.checkpoints();
      if ([...db.values()].every((p) => this.store.compare(p, position) >= 0)) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.listeners.delete(done);
          resolve();
        };
        const timer = setTimeout(done, Math.min(25, left));
        this.listeners.add(done);
      });
    }
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
