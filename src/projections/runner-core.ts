import type { Knex } from 'knex';
import type { EventStore, Position } from '../eventstore/port.ts';
import type { Logger } from '../platform/logger.ts';
import { accepts, type CheckpointedHandler } from './batch.ts';
import { DEFAULT_RETRY, kindOf, type Failure, type RetryPolicy } from './failures.ts';
import { CheckpointWatcher } from './watcher.ts';
import { ParkedTally } from './parked-tally.ts';
import { DEFAULT_LEASE_MS, instanceName, LeaseKeeper, type LeaseOptions } from './lease-keeper.ts';
import { localCommitWakers } from './wakeups.ts';
import type { InlineModels } from './inline.ts';
import { adoptedAmong, type Adoption } from './inline-adoption.ts';

// What the parts of a CheckpointRunner share (runner.ts): its consumers and where each stands, the
// consumers this instance owns by lease, and the commits it reports to waiters and other processes.

export interface RunnerOptions {
  table: 'projection_checkpoints' | 'reactor_checkpoints';
  /** Events per batch (1,000); while batches come full, each next one doubles up to `catchUpBatchSize`. */
  batchSize?: number;
  /** The largest batch of a catch-up or a rebuild: CATCH_UP_BATCH, or `batchSize` when that is given (batches of one size). */
  catchUpBatchSize?: number;
  pollMs?: number;
  /** Called after a batch commits, per consumer (tests crash here; metrics listen here). */
  onBatch?: (name: string, position: Position) => void;
  /** Attempts on one event before it is parked, and the pauses between them. */
  retry?: RetryPolicy;
  /**
   * After a batch that read less than a full batch, wait this long before reading again, so that
   * a steady trickle is handled in fewer, larger batches (the audit log: its latency budget is a
   * second, its cost per batch is fixed). Absent: read again at once, as the read models do.
   */
  coalesceMs?: number;
  /** Writes wait for its readYourWrites consumers (the server's read models): while it runs one, it never gathers. */
  servesWrites?: boolean;
  /** Called when an event is parked (metrics). */
  onParked?: (name: string, id: number) => void;
  /**
   * Which instance runs which consumer (lease-keeper.ts). Default: a lease of its own name and
   * DEFAULT_LEASE_MS; false: none, every batch races for the advisory locks (a private replay).
   */
  lease?: LeaseOptions | false;
  /**
   * PostgreSQL with inline read models (inline-adoption.ts): the capable consumers are run here only
   * until they are adopted, which this runner does once one has caught up; inline ones are skipped
   * and never waited for.
   */
  inline?: InlineRunning;
}

export interface InlineRunning {
  /** The store's projector: which consumers it can write inline, and which are inline (read again at each load). */
  models: Pick<InlineModels, 'capable' | 'isInline' | 'refresh'>;
  adopt(handler: CheckpointedHandler, from: Position | null): Promise<Adoption>;
}

/**
 * The largest batch while a runner catches up (a rebuild, a restart behind): each batch pays fixed
 * statements (locks, checkpoints, the fence) and one per table touched, so larger ones cost less
 * per event; the decrypted events of two batches (this one and the one read ahead) stay in memory.
 */
export const CATCH_UP_BATCH = 8_000;

export interface Member {
  handler: CheckpointedHandler;
  accepts: (type: string) => boolean;
  /** A write waits for it (CheckpointedHandler.readYourWrites). */
  reads: boolean;
  position: Position | null;
  failure?: Failure;
}

export class RunnerCore {
  stopped = true;
  /** The positions in `members` are the table's (false: read them again before the next batch). */
  loaded = false;
  loadedAt = 0;
  /** Consumers whose last batch found another process holding them: their waiters read the table. */
  readonly lockedOut = new Set<string>();
  /** Consumers whose batch commits apart from the loop now (group-batch.ts `detach`): the loop leaves them until it settles. */
  readonly busy = new Map<string, Promise<void>>();
  readonly members: Member[];
  /** Woken when the loop should look again (a lease changed, a checkpoint moved, a stop). */
  readonly wakers = new Set<() => void>();
  readonly policy: RetryPolicy;
  readonly watcher: CheckpointWatcher;
  /** Parked events of this runner's kind, kept in memory for the metrics. */
  readonly parked: ParkedTally;
  /** The consumers this instance owns; null: it runs all of them (no leases). */
  readonly leases: LeaseKeeper | null;
  /** Without `options.inline`: the read models inline_projections names (read at each load). */
  private adoptedElsewhere = new Set<string>();

  constructor(
    readonly knex: Knex,
    readonly store: EventStore,
    handlers: CheckpointedHandler[],
    readonly options: RunnerOptions,
    readonly logger?: Logger,
  ) {
    this.members = handlers.map((handler) => ({ handler, accepts: accepts(handler.handles), reads: handler.readYourWrites !== false, position: null }));
    this.policy = options.retry ?? DEFAULT_RETRY;
    this.watcher = new CheckpointWatcher(knex, options.table, (a, b) => store.compare(a, b));
    this.parked = new ParkedTally(knex, kindOf(options.table));
    const lease = options.lease ?? { instance: instanceName(), ms: DEFAULT_LEASE_MS };
    this.leases = lease === false ? null : new LeaseKeeper(knex, options.table, handlers.map((h) => h.name), lease, (gained, lost) => this.leasesChanged(gained, lost), logger);
    // Another process moved or reset a checkpoint of ours (a rebuild): reload before the next batch.
    this.watcher.onRefresh.add(() => {
      if (this.stopped || !this.mine().some((m) => this.watcher.get(m.handler.name) !== undefined && this.watcher.get(m.handler.name) !== m.position)) return;
      this.loaded = false;
      this.wake();
    });
  }

  /** The consumers this instance runs now (an inline one is run by the appends). */
  mine(): Member[] {
    return this.members.filter((m) => !this.isInline(m.handler.name) && (!this.leases || this.leases.owns(m.handler.name)));
  }

  /** The consumers the loop may take a batch of now: its own, but for those committing apart. */
  free(): Member[] {
    return this.mine().filter((m) => !this.busy.has(m.handler.name));
  }

  /** Written in the appends' own transactions (as this process's store knows: read at each load and by its appends). */
  isInline(name: string): boolean {
    return this.options.inline ? this.options.inline.models.isInline(name) : this.adoptedElsewhere.has(name);
  }

  /** Gained consumers start from where their previous owner left them; lost ones are its business now. */
  private leasesChanged(gained: string[], lost: string[]): void {
    for (const m of this.members) if (lost.includes(m.handler.name)) m.failure = undefined;
    if (gained.length > 0) this.loaded = false;
    this.wake();
  }

  wake(): void {
    for (const w of [...this.wakers]) w();
  }

  get batchSize(): number {
    return this.options.batchSize ?? 1_000;
  }

  get catchUpBatchSize(): number {
    return this.options.catchUpBatchSize ?? this.options.batchSize ?? CATCH_UP_BATCH;
  }

  committed(m: Member, position: Position | undefined): void {
    if (position === undefined) return;
    m.position = position;
    // Past the failing event: it went through on a retry.
    if (m.failure && this.store.compare(position, m.failure.event.position) >= 0) m.failure = undefined;
    this.watcher.update(m.handler.name, position);
    this.options.onBatch?.(m.handler.name, position);
  }

  announce(): void {
    this.watcher.announce();
    for (const w of [...localCommitWakers]) w();
  }

  /** Which consumers are inline now, from the database (a reset or an adoption elsewhere changes it). */
  async refreshInline(): Promise<void> {
    if (this.options.inline) await this.options.inline.models.refresh();
    // A runner that adopts nothing (a rebuild's) still learns which read models a server's runner adopted: not to wait for them.
    else if (this.options.table === 'projection_checkpoints') this.adoptedElsewhere = await adoptedAmong(this.knex, this.members.map((m) => m.handler.name));
  }

  async load(): Promise<void> {
    await this.refreshInline();
    const db = await this.checkpoints();
    for (const m of this.members) {
      const position = db.get(m.handler.name) ?? null;
      if (m.failure && position !== m.position) m.failure = undefined; // moved meanwhile (a reset, another process)
      m.position = position;
      this.watcher.update(m.handler.name, position);
    }
    this.loaded = true;
    this.loadedAt = Date.now();
  }

  /** Last committed position of every consumer (from the database: another process may run them). */
  async checkpoints(): Promise<Map<string, Position | null>> {
    const names = this.members.map((m) => m.handler.name);
    const rows = await this.knex(this.options.table).whereIn('name', names).select('name', 'position');
    const result = new Map<string, Position | null>(names.map((n) => [n, null]));
    for (const r of rows) result.set(r.name, r.position);
    return result;
  }
}
