import type { Position, ReadAllResult } from '../eventstore/port.ts';
import { LagTracker } from './lag.ts';
import type { RunnerCore } from './runner-core.ts';

/** A batch read, with the number of events asked for (fewer came: the end of the log for now). */
export type ReadBatch = ReadAllResult & { asked: number };

/**
 * Reads a runner's batches of the log. A full batch starts reading the next one at once, so that
 * decrypting it overlaps the database applying this one (a catch-up or a rebuild); the log below
 * the horizon never changes, so a batch read ahead is as good as one read later. While batches
 * come full the next one is twice as large, up to the runner's catch-up size (a rebuild pays a
 * batch's fixed statements less often); a short one brings the size back to the first.
 */
export class BatchReader {
  private ahead: { from: Position | null; asked: number; result: Promise<ReadAllResult> } | null = null;
  private size: number;
  /** The log this runner has read and not every consumer has passed (lag metrics, no query). */
  readonly lagTracker: LagTracker;

  constructor(private readonly core: RunnerCore) {
    this.lagTracker = new LagTracker((a, b) => core.store.compare(a, b));
    this.size = core.batchSize;
  }

  /** One batch of the log from `from`. */
  async read(from: Position | null): Promise<ReadBatch> {
    const ahead = this.ahead;
    this.ahead = null;
    const asked = ahead && ahead.from === from ? ahead.asked : this.size;
    const result = ahead && ahead.from === from ? ahead.result : this.fetch(from, asked);
    void result.then((r) => {
      if (r.events.length < asked || this.core.stopped) {
        this.size = this.core.batchSize;
        return;
      }
      this.size = Math.min(asked * 2, Math.max(this.core.batchSize, this.core.catchUpBatchSize));
      const next = this.fetch(r.last, this.size);
      next.catch(() => {}); // a failed read ahead is read again when needed
      this.ahead = { from: r.last, asked: this.size, result: next };
    }, () => {});
    return { ...(await result), asked };
  }

  /** The lag tracker keeps only what some consumer this instance runs has yet to pass. */
  forgetPassed(): void {
    const compare = (a: Position | null, b: Position | null) => this.core.store.compare(a, b);
    const floor = this.core.mine().reduce<Position | null | undefined>((a, m) => (a === undefined || compare(m.position, a) < 0 ? m.position : a), undefined);
    if (floor !== undefined) this.lagTracker.forget(floor);
  }

  /** One batch from the store; what it read tells the lag metrics where the log ends. */
  private async fetch(from: Position | null, size: number): Promise<ReadAllResult> {
    const r = await this.core.store.readAll(from, size);
    this.lagTracker.read(from, r.events);
    return r;
  }
}
