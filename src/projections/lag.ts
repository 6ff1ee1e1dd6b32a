import type { Position, StoredEvent } from '../eventstore/port.ts';

/** How far one consumer is behind the newest event its runner has read. */
export interface Lag {
  name: string;
  /** Events read by the runner that the consumer has not committed (a lower bound when it is further back than `TAIL_MAX`). */
  events: number;
  /** Age of the oldest of them (seconds, from its `occurredAt`); 0 when caught up. */
  seconds: number;
}

interface Known {
  position: Position;
  /** Epoch ms of the event's `occurredAt`. */
  at: number;
}

/** Positions kept at most: beyond it the oldest are forgotten (a consumer rebuilt from the start). */
const TAIL_MAX = 50_000;

/**
 * The stretch of the log a runner has read and not every consumer has passed, kept from the
 * batches it reads anyway: the metrics answer from it without reading the log or counting rows.
 * It holds a contiguous run of events after `from`; a read that does not touch it is left out
 * unless it is newer (the newest events matter most).
 */
export class LagTracker {
  private tail: Known[] = [];
  /** The tail holds every event after this position up to its last; undefined: nothing read yet. */
  private from: Position | null | undefined = undefined;

  constructor(
    private readonly compare: (a: Position | null, b: Position | null) => number,
    private readonly max = TAIL_MAX,
  ) {}

  private get head(): Position | null | undefined {
    return this.tail.length > 0 ? this.tail[this.tail.length - 1].position : this.from;
  }

  /** A batch read after `after` (readAll's contract: every event of the log in (after, last]). */
  read(after: Position | null, events: StoredEvent[]): void {
    const batch = events.map((e) => ({ position: e.position, at: Date.parse(e.metadata.occurredAt) || Date.now() }));
    const head = this.head;
    if (head === undefined || this.compare(after, head) > 0) {
      this.tail = batch; // nothing known yet, or past all of it: the newer run wins
      this.from = after;
    } else if (after === head) {
      for (const k of batch) this.tail.push(k); // the next batch (a catch-up, a rebuild): no comparison per event
    } else if (this.compare(after, this.from!) >= 0) {
      this.tail.push(...batch.filter((k) => this.compare(k.position, head) > 0));
    } else if (batch.length > 0 && this.compare(batch[batch.length - 1].position, this.from!) >= 0) {
      const from = this.from!;
      const older = batch.filter((k) => this.compare(k.position, from) <= 0);
      const newer = batch.filter((k) => this.compare(k.position, head) > 0);
      this.tail = [...older, ...this.tail, ...newer];
      this.from = after;
    }
    if (this.tail.length > this.max) this.forget(this.tail[this.tail.length - this.max - 1].position);
  }

  /** Every consumer has passed `floor`: what lies at or before it is no longer needed. */
  forget(floor: Position | null): void {
    if (this.from === undefined || this.compare(floor, this.from) <= 0) return;
    this.tail = this.tail.slice(this.firstAfter(floor));
    this.from = floor;
  }

  /** How far a consumer standing at `position` is behind the newest event read. */
  behind(position: Position | null, now = Date.now()): { events: number; seconds: number } {
    const head = this.head;
    if (head === undefined || this.compare(position, head) >= 0) return { events: 0, seconds: 0 };
    const i = this.firstAfter(position);
    if (i >= this.tail.length) return { events: 0, seconds: 0 };
    return { events: this.tail.length - i, seconds: Math.max(0, (now - this.tail[i].at) / 1000) };
  }

  /** Index of the first kept event after `position` (binary search: the tail is in log order). */
  private firstAfter(position: Position | null): number {
    let lo = 0;
    let hi = this.tail.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.compare(this.tail[mid].position, position) > 0) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}
