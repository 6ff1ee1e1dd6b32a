import type { Knex } from 'knex';
import type { EventStore, Position, ReadAllResult, StoredEvent } from '../eventstore/port.ts';
import type { Logger } from '../platform/logger.ts';
import { accepts, BATCH_FLUSH, commitBatch, skipPast, type CheckpointedHandler, type EventFilter, type Part } from './batch.ts';
import { ApplyError, DEFAULT_RETRY, insertParked, isTransient, kindOf, recordAttempt, type Failure, type RetryPolicy } from './failures.ts';
import { CheckpointWatcher } from './watcher.ts';
import { LagTracker, type Lag } from './lag.ts';
import { ParkedTally } from './parked-tally.ts';
import { DEFAULT_LEASE_MS, instanceName, LeaseKeeper, type LeaseOptions } from './lease-keeper.ts';
import { localCommitWakers, pause, sleep, unreadAfter, wakeup } from './wakeups.ts';

export type { CheckpointedHandler, EventFilter } from './batch.ts';
export { projectionHandlers, resetProjections } from './reset.ts';

/** A read model: the tables it owns, the events it handles and an idempotent apply, run inside the batch transaction. */
export interface Projection {
  name: string;
  /** Tables emptied by a rebuild: `name` in `public`, or `schema.name` (a bare name unique across schemas). */
  tables: string[];
  /**
   * Views over the tables (qualified names): a shadow rebuild drops them before it replaces the
   * tables and calls `create` after (their grants are kept, like the tables').
   */
  views?: { names: string[]; create(trx: Knex.Transaction): Promise<void> };
  /** The event types it handles (absent: every event). Writers wait only for the read models their events touch. */
  handles?: EventFilter;
  /**
   * Whether a write waits for it before answering (docs/read-models.md "Read-your-writes"): true
   * for what a client or a command reads back after a write; false for what only workers and
   * analysts read, which commits after the others and never delays an answer.
   */
  readYourWrites: boolean;
  apply(trx: Knex.Transaction, event: StoredEvent): Promise<void>;
  /** Writes what `apply` deferred in this transaction, once per batch (set-based statements). */
  flush?(trx: Knex.Transaction): Promise<void>;
}

export interface RunnerOptions {
  table: 'projection_checkpoints' | 'reactor_checkpoints';
  batchSize?: number;
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
  /** Called when an event is parked (metrics). */
  onParked?: (name: string, id: number) => void;
  /**
   * Which instance runs which consumer (lease-keeper.ts). Default: a lease of its own name and
   * DEFAULT_LEASE_MS; false: none, every batch races for the advisory locks (a private replay).
   */
  lease?: LeaseOptions | false;
}

interface Member {
  handler: CheckpointedHandler;
  accepts: (type: string) => boolean;
  /** A write waits for it (CheckpointedHandler.readYourWrites). */
  reads: boolean;
  position: Position | null;
  failure?: Failure;
}

interface Step {
  progressed: boolean;
  /** The leading group's batch read fewer events than a batch: most likely all there was. */
  short: boolean;
  /** Where the leading group stands (to look for events held back by an open transaction). */
  lead: Position | null | undefined;
  locked: boolean;
}

/** How often the checkpoints are read again without a reason (a safety net). */
const RELOAD_MS = 5_000;

/**
 * The projection engine of one process (and, on its own table, the reactors'). One loop reads the
 * log once per batch and applies it to every consumer standing at the same place, in one
 * transaction with one checkpoint statement. A consumer that fails on an event leaves the group:
 * it retries that event apart with backoff, then parks it (a dead letter) and catches up; the
 * others go on meanwhile. Several processes share a database through consumer leases: each runs
 * only the consumers it owns (a fair share), and a batch commits only while its leases hold; the
 * per-consumer advisory locks stay as a second line.
 */
export class CheckpointRunner {
  private stopped = true;
  private running: Promise<void> | null = null;
  private loaded = false;
  private loadedAt = 0;
  /** Consumers whose last batch found another process holding them: their waiters read the table. */
  private readonly lockedOut = new Set<string>();
  private readonly members: Member[];
  private readonly wakers = new Set<() => void>();
  private readonly policy: RetryPolicy;
  private ahead: { from: Position | null; result: Promise<ReadAllResult> } | null = null;
  readonly watcher: CheckpointWatcher;
  /** The log this runner has read and not every consumer has passed (lag metrics, no query). */
  private readonly lagTracker: LagTracker;
  /** Parked events of this runner's kind, kept in memory for the metrics. */
  readonly parked: ParkedTally;
  /** The consumers this instance owns; null: it runs all of them (no leases). */
  readonly leases: LeaseKeeper | null;

  constructor(
    private readonly knex: Knex,
    private readonly store: EventStore,
    readonly handlers: CheckpointedHandler[],
    private readonly options: RunnerOptions,
    private readonly logger?: Logger,
  ) {
    this.members = handlers.map((handler) => ({ handler, accepts: accepts(handler.handles), reads: handler.readYourWrites !== false, position: null }));
    this.policy = options.retry ?? DEFAULT_RETRY;
    this.watcher = new CheckpointWatcher(knex, options.table, (a, b) => store.compare(a, b));
    this.lagTracker = new LagTracker((a, b) => store.compare(a, b));
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

  /** The consumers this instance runs now. */
  private mine(): Member[] {
    return this.leases ? this.members.filter((m) => this.leases!.owns(m.handler.name)) : this.members;
  }

  /** Gained consumers start from where their previous owner left them; lost ones are its business now. */
  private leasesChanged(gained: string[], lost: string[]): void {
    for (const m of this.members) if (lost.includes(m.handler.name)) m.failure = undefined;
    if (gained.length > 0) this.loaded = false;
    this.wake();
  }

  private wake(): void {
    for (const w of [...this.wakers]) w();
  }

  /** Names of the consumers this instance runs (/metrics, /health). */
  owned(): string[] {
    return this.mine().map((m) => m.handler.name);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.loaded = false;
    this.watcher.listen();
    this.parked.start();
    this.running = this.loop();
  }

  /** After the current batch. `abandon`: the leases are left to run out, as a crash leaves them (tests). */
  async stop(opts: { abandon?: boolean } = {}): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.running;
    await this.leases?.stop(!opts.abandon);
    this.watcher.close();
    this.parked.stop();
  }

  /** The checkpoint table its consumers commit to. */
  get table(): RunnerOptions['table'] {
    return this.options.table;
  }

  private get batchSize() {
    return this.options.batchSize ?? 1_000;
  }

  private async loop(): Promise<void> {
    const pollMs = this.options.pollMs ?? 500;
    while (!this.stopped) {
      // Registered before the batch reads, so an append announced during the batch is not lost.
      const wake = wakeup(this.store, this.wakers, pollMs);
      try {
        await this.leases?.start(); // the first share, before the first batch (once)
        const step = await this.step();
        if (this.stopped) continue;
        if (step.progressed && step.short && this.options.coalesceMs) {
          await sleep(this.options.coalesceMs);
          continue;
        }
        if (step.progressed && (!step.short || wake.fired())) continue;
        if (!step.locked) await sleep(15); // another process works on it now
        else if (step.lead !== undefined && (await unreadAfter(this.knex, step.lead))) await pause(15, localCommitWakers);
        else await Promise.race([wake.promise, sleep(this.untilNextRetry(pollMs))]);
      } catch (err) {
        this.logger?.error({ err, runner: this.options.table }, 'batch failed; retrying');
        this.loaded = false;
        if (!this.stopped) await sleep(500);
      } finally {
        wake.cancel();
      }
    }
  }

  /** One round: the leading group's batch, then one batch of each consumer behind it whose turn it is. */
  private async step(): Promise<Step> {
    // Reloaded now and then too: a notification lost while a checkpoint was reset must not hide it for long.
    if (!this.loaded || Date.now() - this.loadedAt > RELOAD_MS) await this.load();
    const mine = this.mine();
    const healthy = mine.filter((m) => !m.failure);
    const lead = healthy.reduce<Position | null | undefined>((a, m) => (a === undefined || this.store.compare(m.position, a) > 0 ? m.position : a), undefined);
    const group = lead === undefined ? [] : healthy.filter((m) => this.store.compare(m.position, lead) === 0);
    const out: Step = { progressed: false, short: true, lead, locked: true };
    if (group.length > 0) Object.assign(out, await this.groupBatch(group, lead ?? null));
    for (const m of mine) {
      if (group.includes(m) || (m.failure && m.failure.nextAt > Date.now())) continue;
      const r = await this.groupBatch([m], m.position);
      if (r.progressed) Object.assign(out, { progressed: true, short: false });
    }
    return out;
  }

  private untilNextRetry(pollMs: number): number {
    const next = Math.min(...this.mine().map((m) => m.failure?.nextAt ?? Infinity));
    return Math.max(0, Math.min(pollMs, next - Date.now()));
  }

  /**
   * Reads one batch from `from` and commits it for `group`: first for the consumers writes wait
   * for, then, in a transaction of its own, for the others, so that they never delay an answer
   * and one of them held elsewhere (a lock, a rebuild) never holds the others up.
   */
  private async groupBatch(group: Member[], from: Position | null): Promise<Omit<Step, 'lead'>> {
    const { events } = await this.read(from);
    if (events.length === 0) return { progressed: false, short: true, locked: true };
    const lanes = [group.filter((m) => m.reads), group.filter((m) => !m.reads)].filter((lane) => lane.length > 0);
    const first = await this.laneBatch(lanes[0], events);
    if (lanes.length === 1) return first;
    const second = await this.laneBatch(lanes[1], events);
    // The loop's pace follows the first lane; a second one that is locked out catches up later.
    return { progressed: first.progressed || second.progressed, short: first.short && second.short, locked: first.locked };
  }

  /** Commits `events` for `group`. A consumer that throws on an event keeps the events before it and stops there; the others commit them all. */
  private async laneBatch(group: Member[], events: StoredEvent[]): Promise<Omit<Step, 'lead'>> {
    const parts: (Part & { member: Member })[] = group.map((member) => ({
      member, handler: member.handler, accepts: member.accepts, from: member.position, upto: events.length,
    }));
    for (;;) {
      let outcome;
      try {
        outcome = await commitBatch(this.knex, this.options.table, parts, events, this.leases?.instance);
      } catch (err) {
        if (!(err instanceof ApplyError) || isTransient(err)) throw err;
        const part = parts.find((p) => p.handler.name === err.consumer)!;
        if (err.index === BATCH_FLUSH) {
          part.eager = true; // again, event by event, to find the one to blame
          continue;
        }
        this.failed(part.member, events, err.index, err.cause);
        part.upto = err.index;
        continue;
      }
      if (outcome.kind === 'lost') {
        this.leases?.lost(outcome.names); // refused by the fence: another instance owns them now
        return { progressed: false, short: true, locked: true };
      }
      if (outcome.kind === 'locked') {
        for (const m of group) this.lockedOut.add(m.handler.name);
        return { progressed: false, short: true, locked: false };
      }
      for (const m of group) this.lockedOut.delete(m.handler.name);
      if (outcome.kind === 'moved') {
        this.loaded = false;
        return { progressed: true, short: false, locked: true };
      }
      for (const p of parts) this.committed(p.member, outcome.positions.get(p.handler.name));
      for (const p of parts) if (p.member.failure && p.member.failure.attempts >= this.policy.attempts) await this.park(p.member);
      if (outcome.positions.size > 0) this.announce();
      this.forgetPassed();
      return { progressed: true, short: events.length < this.batchSize, locked: true };
    }
  }

  /**
   * One batch of the log from `from`. A full batch starts reading the next one at once, so that
   * decrypting it overlaps the database applying this one (a catch-up or a rebuild); the log below
   * the horizon never changes, so a batch read ahead is as good as one read later.
   */
  private read(from: Position | null): Promise<ReadAllResult> {
    const ahead = this.ahead;
    this.ahead = null;
    const result = ahead && ahead.from === from ? ahead.result : this.fetch(from);
    void result.then((r) => {
      if (r.events.length < this.batchSize || this.stopped) return;
      const next = this.fetch(r.last);
      next.catch(() => {}); // a failed read ahead is read again when needed
      this.ahead = { from: r.last, result: next };
    }, () => {});
    return result;
  }

  /** One batch from the store; what it read tells the lag metrics where the log ends. */
  private async fetch(from: Position | null): Promise<ReadAllResult> {
    const r = await this.store.readAll(from, this.batchSize);
    this.lagTracker.read(from, r.events);
    return r;
  }

  /** How far each consumer it runs is behind the newest event this runner has read (memory only: for /metrics). */
  lag(): Lag[] {
    return this.mine().map((m) => ({ name: m.handler.name, ...this.lagTracker.behind(m.position) }));
  }

  /** The lag tracker keeps only what some consumer has yet to pass. */
  private forgetPassed(): void {
    const floor = this.mine().reduce<Position | null | undefined>((a, m) => (a === undefined || this.store.compare(m.position, a) < 0 ? m.position : a), undefined);
    if (floor !== undefined) this.lagTracker.forget(floor);
  }

  /** A consumer threw on `events[index]`: one more attempt counted; it waits apart for the next. */
  private failed(m: Member, events: StoredEvent[], index: number, cause: unknown): void {
    const after = index === 0 ? m.position : events[index - 1].position;
    m.failure = recordAttempt(m.failure, events[index], after, cause, this.policy);
    const f = m.failure;
    this.watcher.settle();
    this.logger?.warn(
      { consumer: m.handler.name, runner: this.options.table, position: f.event.position, eventType: f.event.type, attempt: f.attempts, error: f.error },
      'consumer failed on an event; retrying it apart',
    );
  }

  private committed(m: Member, position: Position | undefined): void {
    if (position === undefined) return;
    m.position = position;
    // Past the failing event: it went through on a retry.
    if (m.failure && this.store.compare(position, m.failure.event.position) >= 0) m.failure = undefined;
    this.watcher.update(m.handler.name, position);
    this.options.onBatch?.(m.handler.name, position);
  }

  /** Out of attempts: the dead letter is written and the consumer moves past the event, in one transaction. */
  private async park(m: Member): Promise<void> {
    const f = m.failure!;
    if (this.store.compare(m.position, f.after) !== 0) return; // not yet at the event
    const kind = kindOf(this.options.table);
    const record = (trx: Knex.Transaction) => insertParked(trx, kind, m.handler.name, f);
    const id = await skipPast(this.knex, this.options.table, m.handler.name, f.after, f.event.position, record, this.leases?.instance);
    if (id === null) {
      this.loaded = false;
      return;
    }
    m.failure = undefined;
    m.position = f.event.position;
    this.parked.add(m.handler.name);
    this.watcher.update(m.handler.name, m.position);
    this.announce();
    this.logger?.error(
      { consumer: m.handler.name, kind, parkedId: id, position: f.event.position, eventType: f.event.type, streamId: f.event.streamId, attempts: f.attempts, error: f.error },
      'event parked: the consumer skipped it after its retries (npm run projections:parked)',
    );
    this.options.onParked?.(m.handler.name, id);
  }

  private announce(): void {
    this.watcher.announce();
    for (const w of [...localCommitWakers]) w();
  }

  private async load(): Promise<void> {
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

  /** Processes one batch of one consumer alone; errors are thrown, nothing is retried or parked (tests). */
  async runBatch(handler: CheckpointedHandler): Promise<boolean> {
    const m = this.members.find((x) => x.handler === handler)!;
    await this.load();
    const { events } = await this.store.readAll(m.position, this.batchSize);
    if (events.length === 0) return false;
    const outcome = await commitBatch(this.knex, this.options.table, [{ handler, accepts: m.accepts, from: m.position, upto: events.length }], events)
      .catch((err) => Promise.reject(err instanceof ApplyError ? err.cause : err));
    if (outcome.kind !== 'committed') return false;
    this.committed(m, outcome.positions.get(handler.name));
    this.announce();
    return true;
  }

  /** Last committed position of every consumer (from the database: another process may run them). */
  async checkpoints(): Promise<Map<string, Position | null>> {
    const rows = await this.knex(this.options.table).whereIn('name', this.handlers.map((h) => h.name)).select('name', 'position');
    const result = new Map<string, Position | null>(this.handlers.map((h) => [h.name, null]));
    for (const r of rows) result.set(r.name, r.position);
    return result;
  }

  /** Consumers between attempts on an event (not yet parked). */
  failing(): { name: string; position: Position; attempts: number }[] {
    return this.members.filter((m) => m.failure).map((m) => ({ name: m.handler.name, position: m.failure!.event.position, attempts: m.failure!.attempts }));
  }

  /**
   * Resolves true once every consumer that handles one of `types` (every consumer without
   * `types`) has committed `position`, false after `timeoutMs`. Woken by this process's commits
   * and other processes' announcements, never by polling.
   */
  waitFor(position: Position | null, timeoutMs: number, types?: readonly string[]): Promise<boolean> {
    return this.waitOn(this.members, position, timeoutMs, types);
  }

  /** Read-your-writes: waitFor, for the consumers a write waits for only (readYourWrites). */
  waitForReads(position: Position | null, timeoutMs: number, types?: readonly string[]): Promise<boolean> {
    return this.waitOn(this.members.filter((m) => m.reads), position, timeoutMs, types);
  }

  /** Names of the consumers a write waits for (a read replica's token reads wait for the same). */
  readers(): string[] {
    return this.members.filter((m) => m.reads).map((m) => m.handler.name);
  }

  private waitOn(members: Member[], position: Position | null, timeoutMs: number, types?: readonly string[]): Promise<boolean> {
    if (position === null) return Promise.resolve(true);
    const names = members.filter((m) => !types || types.some((t) => m.accepts(t))).map((m) => m.handler.name);
    if (names.length === 0) return Promise.resolve(true);
    this.watcher.listen();
    // A consumer retrying a bad event (now, or from the moment it starts to) is not waited for:
    // it may take seconds, and then parks the event.
    const excused = (name: string) => this.members.some((m) => m.handler.name === name && m.failure !== undefined);
    // Consumers another process commits are known here from its announcements: read the table first.
    const elsewhere = this.stopped || names.some((n) => this.lockedOut.has(n) || (this.leases !== null && !this.leases.owns(n)));
    return this.watcher.wait(names, position, timeoutMs, elsewhere, excused);
  }
}
