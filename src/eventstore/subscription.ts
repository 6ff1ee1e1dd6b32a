import type { EventStore, Position, StoredEvent, SubscribeOptions, Subscription } from './port.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface SubscriptionSource {
  readAll: EventStore['readAll'];
  waitForEvents: EventStore['waitForEvents'];
  /** Changes whenever a wake-up arrives, so a wake-up during a read is not lost. */
  wakeups(): number;
  /** true when committed events exist that an older open transaction still hides. */
  heldBack(): Promise<boolean>;
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
  const nap = (ms: number) => new Promise<void>((r) => { wake = r; setTimeout(r, ms); });

  const loop = async () => {
    while (!stopped) {
      const seen = source.wakeups();
      try {
        const batch = await source.readAll(position, batchSize);
        if (batch.events.length > 0) {
          await handler(batch.events);
          position = batch.last;
          continue;
        }
        if (source.wakeups() !== seen) continue;
        if (await source.heldBack()) {
          await nap(15);
          continue;
        }
        if (stopped) break;
        await Promise.race([source.waitForEvents(pollMs), nap(pollMs)]);
      } catch (err) {
        options.onError?.(err);
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
