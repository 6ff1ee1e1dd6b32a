import type { EventStore, StoredEvent, Subscription } from './port.ts';

/** Batches one follower may have waiting before the oldest is dropped (a follower stuck for good). */
const MAX_QUEUED_BATCHES = 1_000;
const RETRY_MS = 250;

export interface FollowOptions {
  /** Called when the handler throws; the follower retries the same batch after a pause. */
  onError?: (err: unknown) => void;
}

/**
 * One live subscription to the log, from its head, shared by a process's followers that keep no
 * checkpoint (the STOMP gateway's chat and safety alerts, the user cache's evictions): the log is
 * read and its events opened once per batch for all of them, not once per follower. Each follower
 * gets every batch read after it joined, in order, on a queue of its own, so one whose handler
 * throws retries its batch without holding the others or the shared read up.
 */
export class LiveTail {
  private subscription: Subscription | null = null;
  private readonly followers = new Set<Follower>();

  constructor(private readonly store: Pick<EventStore, 'head' | 'subscribe'>) {}

  /** Starts reading at the log's head (idempotent). */
  async start(): Promise<void> {
    if (this.subscription) return;
    const from = await this.store.head();
    this.subscription ??= this.store.subscribe(from, async (events) => {
      for (const f of this.followers) f.push(events);
    });
  }

  /** Every batch read from now on, to `handler`, in order; `stop` leaves (after the batch in hand). */
  follow(handler: (events: StoredEvent[]) => Promise<void>, options: FollowOptions = {}): Subscription {
    const follower = new Follower(handler, options);
    this.followers.add(follower);
    return {
      stop: async () => {
        this.followers.delete(follower);
        await follower.stop();
      },
    };
  }

  /** Stops reading; the followers finish the batch in hand. */
  async stop(): Promise<void> {
    const s = this.subscription;
    this.subscription = null;
    await s?.stop();
    await Promise.all([...this.followers].map((f) => f.stop()));
    this.followers.clear();
  }
}

class Follower {
  private readonly queue: StoredEvent[][] = [];
  private draining: Promise<void> | null = null;
  private stopped = false;
  private wake: (() => void) | null = null;

  constructor(private readonly handler: (events: StoredEvent[]) => Promise<void>, private readonly options: FollowOptions) {}

  push(events: StoredEvent[]): void {
    if (this.stopped) return;
    this.queue.push(events);
    if (this.queue.length > MAX_QUEUED_BATCHES) {
      const dropped = this.queue.shift()!;
      this.report(new Error(`live follower ${MAX_QUEUED_BATCHES} batches behind: ${dropped.length} events dropped`));
    }
    this.draining ??= this.drain();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.draining;
  }

  /** Runs while batches wait; it clears `draining` itself, with no pause between its last look at the queue and that. */
  private async drain(): Promise<void> {
    while (this.queue.length > 0 && !this.stopped) {
      try {
        await this.handler(this.queue[0]);
        this.queue.shift();
      } catch (err) {
        this.report(err);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => { this.wake = null; resolve(); }, RETRY_MS);
          this.wake = () => { clearTimeout(timer); this.wake = null; resolve(); };
        });
      }
    }
    this.draining = null;
  }

  private report(err: unknown): void {
    try {
      this.options.onError?.(err);
    } catch {
      // A failing error callback must not end the follower.
    }
  }
}
