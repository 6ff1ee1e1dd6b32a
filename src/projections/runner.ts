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

/**
 * Runs checkpointed handlers over the log. Each batch is one transaction holding a per-handler
 * advisory lock: the checkpoint and the handler's writes commit together, and only one process
 * works on a handler at a time, so several servers can share a database.
 */
export class CheckpointRunner {
  private stopped = true;
  private loops: Promise<void>[] = [];
  private readonly positions = new Map<string, Position | null>();
  private readonly listeners = new Set<() => void>();

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
    await Promise.all(this.loops);
  }

  private async loop(handler: CheckpointedHandler): Promise<void> {
    while (!this.stopped) {
      try {
        const progressed = await this.runBatch(handler);
        if (!progressed && !this.stopped) await this.store.waitForEvents(this.options.pollMs ?? 500);
      } catch (err) {
        this.logger?.error({ err, handler: handler.name }, 'batch failed; retrying');
        await sleep(500);
      }
    }
  }

  /** Processes one batch; false when there was nothing to do or another process holds the lock. */
  async runBatch(handler: CheckpointedHandler): Promise<boolean> {
    const table = this.options.table;
    let committed: Position | null | undefined;
    const progressed = await this.knex.transaction(async (trx) => {
      const { rows } = await trx.raw('select pg_try_advisory_xact_lock(hashtext(?)) as locked', [`${table}:${handler.name}`]);
      if (!rows[0].locked) return false;
      const cp = await trx(table).where({ name: handler.name }).first('position');
      const from: Position | null = cp?.position ?? null;
      this.positions.set(handler.name, from);
      const batch = await this.store.readAll(from, this.options.batchSize ?? 500);
      if (batch.events.length === 0) return false;
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
      this.positions.set(handler.name, committed);
      this.options.onBatch?.(handler.name, committed as Position);
      for (const l of [...this.listeners]) l();
    }
    return progressed;
  }

  /** Last committed position of every handler (from the database: another process may run them). */
  async checkpoints(): Promise<Map<string, Position | null>> {
    const rows = await this.knex(this.options.table).whereIn('name', this.handlers.map((h) => h.name)).select('name', 'position');
    const result = new Map<string, Position | null>(this.handlers.map((h) => [h.name, null]));
    for (const r of rows) result.set(r.name, r.position);
    return result;
  }

  /** Resolves once every handler has passed `position`; false on timeout. */
  async waitFor(position: Position | null, timeoutMs: number): Promise<boolean> {
    if (position === null) return true;
    const deadline = Date.now() + timeoutMs;
    const localDone = () => this.handlers.every((h) => this.store.compare(this.positions.get(h.name) ?? null, position) >= 0);
    while (Date.now() < deadline) {
      if (localDone()) return true;
      const db = await this.checkpoints();
      if ([...db.values()].every((p) => this.store.compare(p, position) >= 0)) return true;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.listeners.delete(done);
          resolve();
        };
        const timer = setTimeout(done, Math.min(25, Math.max(1, deadline - Date.now())));
        this.listeners.add(done);
      });
    }
    return localDone();
  }
}

/** Adapts projections to the runner. */
export function projectionHandlers(projections: Projection[]): CheckpointedHandler[] {
  return projections.map((p) => ({ name: p.name, handle: (trx, e) => p.apply(trx, e) }));
}

/** Empties every read model and its checkpoint, under each projection's lock; runners replay from the start. */
export async function resetProjections(knex: Knex, projections: Projection[]): Promise<void> {
  await knex.transaction(async (trx) => {
    for (const p of projections) {
      await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`projection_checkpoints:${p.name}`]);
      for (const table of p.tables) await trx.raw(`truncate table ${table} restart identity cascade`);
      await trx('projection_checkpoints').where({ name: p.name }).delete();
    }
  });
}
