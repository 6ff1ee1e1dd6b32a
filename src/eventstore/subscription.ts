import type { EventStore, Position, StoredEvent, SubscribeOptions, Subscription } from './port.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface SubscriptionSource {
  readAll: EventStore['readAll'];
  waitForEvents: EventStore['waitForEvents'];
  /** Changes whenever a wake-up arrives, so a wake-up during a read is not lost. */
  wakeups(): number;
  /**
   * true when committed events exist after `position` that the last read did not return (an
   * older open transaction hid them, or they became readable just after the read): no new
   * wake-up will announce them, so look again soon.
   */
  heldBack(position: Position | null): Promise<boolean>;
}

/**
 * A catch-up subscription that goes live: reads batches after the last handled position,
 * then waits for a wake-up (or a poll tick). A failing handler gets the same batch again.
 */
export function catchUpSubscription(
  source: SubscriptionSource,
  from: Position | null,
  handler: (events: StoredEvent[]) => Promise<void>,
  options: SubscribeOptions & { pollMs?: number } = {},
): Subscription {
  const batchSize = options.batchSize ?? 500;
  const pollMs = options.pollMs ?? 1000;
  let position = from;
  let stopped = false;
  let wake: () => void = () => {};
  // A nap that stop() cuts short, leaving no timer behind.
  const nap = (ms: number) =>
    new Promise<void>((r) => {
      const timer = setTimeout(() => wake(), ms);
      wake = () => {
        clearTimeout(timer);
        wake = () => {};
        r();
      };
    });

  const loop = async () => {
    while (!stopped) {
      const seen = source.wakeups();
      try {
        const batch = await source.readAll(position, batchSize);
        if (stopped) break;
        if (batch.events.length > 0) {
          await handler(batch.events);
          position = batch.last;
          // A full batch: more may follow at once. A short one read up to the end of the log as it
          // was: no second read to find it empty (a round trip per subscriber and write); the
          // wake-up count and heldBack() below see anything committed since.
          if (batch.events.length >= batchSize) continue;
        }
        if (source.wakeups() !== seen) continue;
        if (await source.heldBack(position)) {
          await nap(15);
          continue;
        }
        if (stopped) break;
        // A wake-up during heldBack() would be lost by a waiter registered after it: re-check,
        // with no await between the check and the waiter's registration.
        if (source.wakeups() !== seen) continue;
        const napping = nap(pollMs);
        await Promise.race([source.waitForEvents(pollMs), napping]);
        wake();
      } catch (err) {
        try {
          options.onError?.(err);
        } catch {
          // A failing error callback must not end the subscription.
        }
        if (!stopped) await nap(250);
      }
    }
  };
  const done = loop();
  return {
    stop: async () => {
      stopped = true;
      wake();
      await done;
    },
  };
}

export { sleep };
