import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Knex } from 'knex';
import { DEFAULT_CONSUMER_LEASE_MS } from '../platform/config.ts';
import type { Logger } from '../platform/logger.ts';
import { acquire, beat, ensureLeaseRows, leasePayload, leave, announceLeases, release, type LeaseScope } from './leases.ts';
import { onCheckpointChannel } from './watcher.ts';

export const DEFAULT_LEASE_MS = DEFAULT_CONSUMER_LEASE_MS;

export interface LeaseOptions {
  /** The name this instance has in the lease rows and in /health (one per process, shared by its runners). */
  instance: string;
  /** How long a lease lasts without renewal (CONSUMER_LEASE_MS); renewed every quarter of it. */
  ms: number;
  /** Runners that share out the same consumers (default: the checkpoint table). */
  pool?: string;
}

/** A name for this process in the lease rows: host and pid (no personal data), and a random tail. */
export function instanceName(): string {
  return `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
}

/**
 * Which of one runner's consumers this instance owns. Every quarter of the lease (and at once when
 * an instance of the pool joins, leaves or releases some) one statement beats the instance's row
 * and renews its leases; then it gives up what exceeds its fair share, ⌈consumers ÷ live
 * instances⌉, or takes free and expired leases up to it. `onChange` hears what was gained and
 * lost. Memory is only a hint: a batch commits only if the lease row still names this instance
 * (the fence in batch.ts), so a paused owner that wakes up late cannot write.
 */
export class LeaseKeeper {
  private held = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> | null = null;
  private again = false;
  private unsubscribe: (() => void) | null = null;
  private started = false;
  private running = false;
  private joined = false;
  /** Local time when the last successful renewal began: past a lease, nothing is held any more. */
  private renewedAt = 0;
  readonly scope: LeaseScope;

  constructor(
    private readonly knex: Knex,
    table: string,
    private readonly names: string[],
    options: LeaseOptions,
    private readonly onChange: (gained: string[], lost: string[]) => void,
    private readonly logger?: Logger,
  ) {
    this.scope = { table, pool: options.pool ?? table, instance: options.instance, ms: options.ms };
  }

  get instance(): string {
    return this.scope.instance;
  }

  owns(name: string): boolean {
    return this.held.has(name);
  }

  owned(): string[] {
    return [...this.held].sort();
  }

  /** Joins the pool and takes its first share before it resolves (idempotent; throws if the database does). */
  async start(): Promise<void> {
    if (this.started) return;
    await ensureLeaseRows(this.knex, this.scope.table, this.names);
    this.started = true;
    this.listen();
    await this.tick();
  }

  /** Stops renewing. `giveUp`: releases every lease and leaves the pool; otherwise they run out (a crash). */
  async stop(giveUp = true): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.halt();
    await this.round;
    this.apply(new Set());
    this.joined = false;
    if (!giveUp) return;
    try {
      await release(this.knex, this.scope, this.names);
      await leave(this.knex, this.scope);
    } catch (err) {
      this.logger?.warn({ err, runner: this.scope.table }, 'consumer leases not released; they run out');
    }
  }

  /** No renewal any more, as in a process stopped by the system (tests); `resume` goes on. */
  suspend(): void {
    this.halt();
  }

  resume(): void {
    if (!this.started || this.running) return;
    this.listen();
    void this.tick();
  }

  private listen(): void {
    this.running = true;
    // Another instance of the pool joined, left or released some; '*': notices may have been missed.
    this.unsubscribe = onCheckpointChannel(this.knex, (payload) => {
      if (payload === leasePayload(this.scope.pool) || payload === '*') void this.tick();
    });
  }

  /** A batch found these leases gone (the fence): they are not ours; look at the rows again now. */
  lost(names: string[]): void {
    const next = new Set(this.held);
    for (const n of names) next.delete(n);
    this.apply(next);
    void this.tick();
  }

  /** One round now, or one more after the running one. */
  tick(): Promise<void> {
    if (!this.running) return Promise.resolve();
    if (this.round) {
      this.again = true;
      return this.round;
    }
    if (this.timer) clearTimeout(this.timer);
    this.round = this.rebalance()
      .catch((err) => this.failed(err))
      .finally(() => {
        this.round = null;
        if (!this.running) return;
        if (this.again) {
          this.again = false;
          void this.tick();
        } else this.timer = setTimeout(() => void this.tick(), Math.max(10, this.scope.ms / 4));
      });
    return this.round;
  }

  private async rebalance(): Promise<void> {
    const began = Date.now();
    const { owned, instances } = await beat(this.knex, this.scope, this.names);
    this.renewedAt = began;
    if (!this.running) return; // suspended or stopped meanwhile: what was renewed runs out
    const next = new Set(owned);
    const share = Math.ceil(this.names.length / Math.max(1, instances));
    if (next.size > share) {
      // Too many for the instances alive now (one joined): the extras go, after this runner has dropped them.
      const extras = [...next].sort().slice(share);
      for (const n of extras) next.delete(n);
      this.apply(next);
      await release(this.knex, this.scope, extras);
    } else if (next.size < share) {
      for (const n of await acquire(this.knex, this.scope, this.names, share - next.size)) next.add(n);
    }
    this.apply(next);
    if (!this.joined) {
      this.joined = true;
      await announceLeases(this.knex, this.scope.pool); // the others make room for this instance
    }
  }

  private failed(err: unknown): void {
    this.logger?.warn({ err, runner: this.scope.table }, 'consumer leases not renewed; retrying');
    // Not renewed for a whole lease: others may own them now.
    if (Date.now() - this.renewedAt > this.scope.ms) this.apply(new Set());
  }

  private apply(next: Set<string>): void {
    const gained = [...next].filter((n) => !this.held.has(n));
    const lost = [...this.held].filter((n) => !next.has(n));
    this.held = next;
    if (gained.length > 0 || lost.length > 0) this.onChange(gained, lost);
  }

  private halt(): void {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
  }
}
