import type { Knex } from 'knex';
import type { EventStore, Position, StoredEvent } from '../eventstore/port.ts';
import type { Logger } from '../platform/logger.ts';
import { ApplyError } from './failures.ts';
import { commitBatch, type CheckpointedHandler, type EventFilter } from './batch.ts';
import { BatchReader } from './batch-reader.ts';
import { groupBatch, type BatchResult } from './group-batch.ts';
import type { Lag } from './lag.ts';
import type { LeaseKeeper } from './lease-keeper.ts';
import type { ParkedTally } from './parked-tally.ts';
import { readers, waitOn } from './read-your-writes.ts';
import { RunnerCore, type Member, type RunnerOptions } from './runner-core.ts';
import type { CheckpointWatcher } from './watcher.ts';
import { localCommitWakers, sleep, unreadAfter, wakeup } from './wakeups.ts';

// The engine's parts, one job each: runner-core.ts (the consumers, where they stand, leases),
// batch-reader.ts (reading the log ahead), group-batch.ts (a batch's transactions),
// consumer-failures.ts (retrying and parking), read-your-writes.ts (waiting for commits). This
// file runs the loop.

export type { CheckpointedHandler, EventFilter } from './batch.ts';
export type { RunnerOptions } from './runner-core.ts';
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

interface Step extends BatchResult {
  /** Where the leading group stands (to look for events held back by an open transaction). */
  lead: Position | null | undefined;
}

/** How often the checkpoints are read again without a reason (a safety net). */
const RELOAD_MS = 5_000;

/**
 * The projection engine of one process (and, on its own table, the reactors'). One loop reads the
 * log once per batch and applies it to every consumer standing at the same place: those writes
 * wait for in one transaction with one checkpoint statement, then the others in another. A
 * consumer that fails on an event leaves the group: it retries that event apart with backoff, then
 * parks it (a dead letter) and catches up; the others go on meanwhile. Several processes share a
 * database through consumer leases: each runs only the consumers it owns (a fair share), and a
 * batch commits only while its leases hold; the per-consumer advisory locks stay as a second line.
 */
export class CheckpointRunner {
  private running: Promise<void> | null = null;
  private readonly core: RunnerCore;
  private readonly reader: BatchReader;
  readonly watcher: CheckpointWatcher;
  /** Parked events of this runner's kind, kept in memory for the metrics. */
  readonly parked: ParkedTally;
  /** The consumers this instance owns; null: it runs all of them (no leases). */
  readonly leases: LeaseKeeper | null;

  constructor(knex: Knex, store: EventStore, readonly handlers: CheckpointedHandler[], options: RunnerOptions, logger?: Logger) {
    this.core = new RunnerCore(knex, store, handlers, options, logger);
    this.reader = new BatchReader(this.core);
    this.watcher = this.core.watcher;
    this.parked = this.core.parked;
    this.leases = this.core.leases;
  }

  /** Names of the consumers whose leases this instance holds (/metrics, /health; an inline one's appends write it meanwhile). */
  owned(): string[] {
    const { core } = this;
    return core.members.filter((m) => !core.leases || core.leases.owns(m.handler.name)).map((m) => m.handler.name);
  }

  /** Names of the consumers written in the appends' own transactions now (not run by any runner). */
  inline(): string[] {
    return this.core.members.filter((m) => this.core.isInline(m.handler.name)).map((m) => m.handler.name);
  }

  start(): void {
    const core = this.core;
    if (!core.stopped) return;
    core.stopped = false;
    core.loaded = false;
    this.watcher.listen();
    this.parked.start();
    this.running = this.loop();
  }

  /** After the current batch. `abandon`: the leases are left to run out, as a crash leaves them (tests). */
  async stop(opts: { abandon?: boolean } = {}): Promise<void> {
    this.core.stopped = true;
    this.core.wake();
    await this.running;
    await Promise.all(this.core.busy.values()); // a lane committing apart ends its batch too
    await this.leases?.stop(!opts.abandon);
    this.watcher.close();
    this.parked.stop();
  }

  /** The checkpoint table its consumers commit to. */
  get table(): RunnerOptions['table'] {
    return this.core.options.table;
  }

  private async loop(): Promise<void> {
    const { core } = this;
    const pollMs = core.options.pollMs ?? 500;
    while (!core.stopped) {
      // Registered before the batch reads, so an append announced during the batch is not lost.
      const wake = wakeup(core.store, core.wakers, pollMs);
      try {
        await this.leases?.start(); // the first share, before the first batch (once)
        const step = await this.step();
        if (core.stopped) continue;
        if (!step.progressed && core.options.inline) await this.adoptCaughtUp();
        // Gathering events is for consumers no write waits for: one a write waits for (KurrentDB's
        // read models, or PostgreSQL's before adoption) reads again at once.
        if (step.progressed && step.short && core.options.coalesceMs && !(core.options.servesWrites && core.mine().some((m) => m.reads))) {
          await sleep(core.options.coalesceMs);
          continue;
        }
        if (step.progressed && (!step.short || wake.fired())) continue;
        if (!step.locked) await sleep(15); // another process works on it now
        // Held back by an open transaction: its commit is announced like any append, so wait for
        // that too (a runner's commit here may also end the hold); 15 ms at most.
        else if (step.lead !== undefined && (await unreadAfter(core.knex, step.lead))) await wakeup(core.store, localCommitWakers, 15).promise;
        else await Promise.race([wake.promise, sleep(this.untilNextRetry(pollMs))]);
      } catch (err) {
        core.logger?.error({ err, runner: core.options.table }, 'batch failed; retrying');
        core.loaded = false;
        if (!core.stopped) await sleep(500);
      } finally {
        wake.cancel();
      }
    }
  }

  /** One round: the leading group's batch, then one batch of each consumer behind it whose turn it is. */
  private async step(): Promise<Step> {
    const { core } = this;
    const compare = (a: Position | null, b: Position | null) => core.store.compare(a, b);
    // Reloaded now and then too: a notification lost while a checkpoint was reset must not hide it for long.
    if (!core.loaded || Date.now() - core.loadedAt > RELOAD_MS) await core.load();
    const mine = core.free();
    const healthy = mine.filter((m) => !m.failure);
    const lead = healthy.reduce<Position | null | undefined>((a, m) => (a === undefined || compare(m.position, a) > 0 ? m.position : a), undefined);
    const group = lead === undefined ? [] : healthy.filter((m) => compare(m.position, lead) === 0);
    const out: Step = { progressed: false, short: true, lead, locked: true };
    if (group.length > 0) Object.assign(out, await groupBatch(core, this.reader, group, lead ?? null));
    const behind = mine.filter((m) => !group.includes(m) && !(m.failure && m.failure.nextAt > Date.now()));
    for (const g of samePlace(behind, compare)) {
      const r = await groupBatch(core, this.reader, g, g[0].position);
      if (r.progressed) Object.assign(out, { progressed: true, short: false });
    }
    return out;
  }

  /** Idle: every capable consumer it runs has caught up, so it becomes inline (inline-adoption.ts). */
  private async adoptCaughtUp(): Promise<void> {
    const { core } = this;
    const inline = core.options.inline!;
    const ready = core.mine().filter((m) => inline.models.capable.has(m.handler.name) && !m.failure);
    if (ready.length === 0) return;
    for (const m of ready) {
      const outcome = await inline.adopt(m.handler, m.position);
      if (outcome === 'moved') core.loaded = false;
      if (outcome === 'adopted') core.logger?.info({ readModel: m.handler.name }, 'read model written inline from now on');
    }
    await inline.models.refresh();
    core.watcher.settle(); // waiters for the adopted ones are done: the appends write them now
  }

  private untilNextRetry(pollMs: number): number {
    const next = Math.min(...this.core.mine().map((m) => m.failure?.nextAt ?? Infinity));
    return Math.max(0, Math.min(pollMs, next - Date.now()));
  }

  /** How far each consumer it runs is behind the newest event this runner has read (memory only: for /metrics). */
  lag(): Lag[] {
    const { core } = this;
    // An inline read model is committed with each append: always with the log (0), on every instance.
    const inline = core.members.filter((m) => core.isInline(m.handler.name)).map((m) => ({ name: m.handler.name, events: 0, seconds: 0 }));
    return [...core.mine().map((m) => ({ name: m.handler.name, ...this.reader.lagTracker.behind(m.position) })), ...inline];
  }

  /** Processes one batch of one consumer alone; errors are thrown, nothing is retried or parked (tests). */
  async runBatch(handler: CheckpointedHandler): Promise<boolean> {
    const { core } = this;
    const m = core.members.find((x) => x.handler === handler)!;
    await core.load();
    const { events } = await core.store.readAll(m.position, core.batchSize);
    if (events.length === 0) return false;
    const outcome = await commitBatch(core.knex, core.options.table, [{ handler, accepts: m.accepts, from: m.position, upto: events.length }], events)
      .catch((err) => Promise.reject(err instanceof ApplyError ? err.cause : err));
    if (outcome.kind !== 'committed') return false;
    core.committed(m, outcome.positions.get(handler.name));
    core.announce();
    return true;
  }

  /** Last committed position of every consumer that follows the log (from the database: another process may run them); inline ones are with the log. */
  async checkpoints(): Promise<Map<string, Position | null>> {
    const all = await this.core.checkpoints();
    for (const name of this.inline()) all.delete(name);
    return all;
  }

  /** Consumers between attempts on an event (not yet parked). */
  failing(): { name: string; position: Position; attempts: number }[] {
    return this.core.members.filter((m) => m.failure).map((m) => ({ name: m.handler.name, position: m.failure!.event.position, attempts: m.failure!.attempts }));
  }

  /**
   * Resolves true once every consumer that handles one of `types` (every consumer without
   * `types`) has committed `position`, false after `timeoutMs`. Woken by this process's commits
   * and other processes' announcements, never by polling.
   */
  async waitFor(position: Position | null, timeoutMs: number, types?: readonly string[]): Promise<boolean> {
    // Which are inline, read again: a reset just now sends them back to the log (a write's own wait,
    // waitForReads, needs no read: its append checked the set under the appenders' lock).
    await this.core.refreshInline();
    return waitOn(this.core, this.core.members, position, timeoutMs, types);
  }

  /** waitFor, for the consumers named (those this runner does not have are not waited for). */
  waitForNamed(names: readonly string[], position: Position | null, timeoutMs: number): Promise<boolean> {
    return waitOn(this.core, this.core.members.filter((m) => names.includes(m.handler.name)), position, timeoutMs);
  }

  /** Read-your-writes: waitFor, for the consumers a write waits for only (readYourWrites). */
  waitForReads(position: Position | null, timeoutMs: number, types?: readonly string[]): Promise<boolean> {
    return waitOn(this.core, readers(this.core), position, timeoutMs, types);
  }

  /**
   * True once every read model its store can write inline has been adopted (at once without inline
   * read models); false after `timeoutMs`. A server answers before that too: its writes then wait
   * for those read models as on KurrentDB.
   */
  async inlineAdopted(timeoutMs: number): Promise<boolean> {
    const inline = this.core.options.inline;
    if (!inline) return true;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await inline.models.refresh();
      if ([...inline.models.capable].every((n) => inline.models.isInline(n))) return true;
      if (Date.now() >= deadline) return false;
      await sleep(25);
    }
  }

  /** Names of the consumers a write waits for (a read replica's token reads wait for the same). */
  readers(): string[] {
    return readers(this.core).map((m) => m.handler.name);
  }
}

/** Consumers behind the lead, in groups that share a batch: those at one position together, each retrying one alone. */
function samePlace(members: Member[], compare: (a: Position | null, b: Position | null) => number): Member[][] {
  const groups: Member[][] = [];
  for (const m of members) {
    const g = m.failure ? undefined : groups.find((x) => !x[0].failure && compare(x[0].position, m.position) === 0);
    if (g) g.push(m);
    else groups.push([m]);
  }
  return groups;
}
