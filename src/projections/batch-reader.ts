import type { Position, ReadAllResult } from '../eventstore/port.ts';
import { LagTracker } from './lag.ts';
import type { RunnerCore } from './runner-core.ts';

/**
 * Reads a runner's batches of the log. A full batch starts reading the next one at once, so that
 * decrypting it overlaps the database applying this one (a catch-up or a rebuild); the log below
 * the horizon never changes, so a batch read ahead is as good as one read later.
 */
export class BatchReader {
  private ahead: { from: Position | null; result: Promise<ReadAllResult> } | null = null;
  /** The log this runner has read and not every consumer has passed (lag metrics, no query). */
  readonly lagTracker: LagTracker;

  constructor(private readonly core: RunnerCore) {
    this.lagTracker = new LagTracker((a, b) => core.store.compare(a, b));
  }

  /** One batch of the log from `from`. */
  read(from: Position | null): Promise<ReadAllResult> {
    const ahead = this.ahead;
    this.ahead = null;
    const result = ahead && ahead.from === from ? ahead.result : this.fetch(from);
    void result.then((r) => {
      if (r.events.length < this.core.batchSize || this.core.stopped) return;
      const next = this.fetch(r.last);
      next.catch(() => {}); // a failed read ahead is read again when needed
      this.ahead = { from: r.last, result: next };
    }, () => {});
    return result;
  }

  /** The lag tracker keeps only what some consumer this instance runs has yet to pass. */
  forgetPassed(): void {
    const compare = (a: Position | null, b: Position | null) => this.core.store.compare(a, b);
    const floor = this.core.mine().reduce<Position | null | undefined>((a, m) => (a === undefined || compare(m.position, a) < 0 ? m.position : a), undefined);
    if (floor !== undefined) this.lagTracker.forget(floor);
  }

  /** One batch from the store; what it read tells the lag metrics where the log ends. */
  private async fetch(from: Position | null): Promise<ReadAllResult> {
    const r = await this.core.store.readAll(from, this.core.batchSize);
    this.lagTracker.read(from, r.events);
    return r;
  }
}
