import type { Knex } from 'knex';
import { PARKED_PAYLOAD, parkedCounts, type ConsumerKind } from './failures.ts';
import { onCheckpointChannel } from './watcher.ts';

/**
 * Parked events still waiting for an operator, per consumer of one kind, kept in memory for
 * /metrics: read once at start, counted up when this process parks, and read again only when a
 * process announces a change (a park elsewhere, the CLI's retry or skip), so a scrape runs no SQL.
 */
export class ParkedTally {
  private counts = new Map<string, number>();
  private unsubscribe: (() => void) | null = null;
  private loading: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly knex: Knex,
    private readonly kind: ConsumerKind,
  ) {}

  start(): void {
    if (this.unsubscribe) return;
    // '*': the shared connection was lost and made again; an announcement may have been missed.
    this.unsubscribe = onCheckpointChannel(this.knex, (payload) => {
      if (payload === PARKED_PAYLOAD || payload === '*') void this.load();
    });
    void this.load();
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /** This process parked an event: counted now, before the announcement comes back. */
  add(consumer: string): void {
    this.counts.set(consumer, (this.counts.get(consumer) ?? 0) + 1);
  }

  /** Consumers with parked events, by name. */
  snapshot(): { kind: ConsumerKind; consumer: string; n: number }[] {
    return [...this.counts].filter(([, n]) => n > 0).sort(([a], [b]) => a.localeCompare(b)).map(([consumer, n]) => ({ kind: this.kind, consumer, n }));
  }

  /** Reads the counts again; calls during a read cause one more read after it. */
  load(): Promise<void> {
    if (this.loading) {
      this.again = true;
      return this.loading;
    }
    this.loading = (async () => {
      try {
        const rows = await parkedCounts(this.knex);
        this.counts = new Map(rows.filter((r) => r.kind === this.kind).map((r) => [r.consumer, r.n]));
      } catch {
        // Kept as it was; the next announcement reads again.
      } finally {
        this.loading = null;
      }
      if (this.again) {
        this.again = false;
        void this.load();
      }
    })();
    return this.loading;
  }
}
