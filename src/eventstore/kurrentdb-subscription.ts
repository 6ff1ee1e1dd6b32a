import type { AllStreamResolvedEvent, AllStreamSubscription } from '@kurrent/kurrentdb-client';
import { compareKurrentPositions, type Recorded } from './kurrentdb-codec.ts';
import type { Position, StoredEvent, SubscribeOptions, Subscription } from './port.ts';

const RETRY_MS = 250;
const CATCH_UP_WAIT_MS = 100;

export interface SubscriptionSource {
  /** A catch-up subscription to $all after `from` (null: from the start). */
  open(from: Position | null): AllStreamSubscription;
  /** The store was closed: do not resubscribe. */
  closed(): boolean;
  /** The port's event, or null for one this store does not show (system, reservation, another prefix). */
  decode(e: Recorded): StoredEvent | null;
}

/**
 * The port's subscription over KurrentDB's: batches of up to `batchSize` events in $all order, handed
 * to the handler one at a time; a failing handler gets the same batch again after a delay. When the
 * server subscription drops (server restart, network, deadline), it is reopened from the position of
 * the last batch the handler completed: nothing is skipped, and nothing handled is handed out again.
 */
export function kurrentSubscription(
  source: SubscriptionSource,
  from: Position | null,
  handler: (events: StoredEvent[]) => Promise<void>,
  options: SubscribeOptions = {},
): Subscription {
  const batchSize = Math.max(1, options.batchSize ?? 500);
  let position = from;
  let stopped = false;
  // Counts 'readable', drops and stop(): a signal between a read and the wait is never lost.
  let signals = 0;
  const listeners = new Set<() => void>();
  const signal = () => {
    signals++;
    for (const l of [...listeners]) l();
  };
  const waitSignal = (since: number, ms: number | null) =>
    new Promise<void>((resolve) => {
      if (signals !== since) return resolve();
      const done = () => { clearTimeout(timer); listeners.delete(done); resolve(); };
      const timer = ms === null ? undefined : setTimeout(done, ms);
      listeners.add(done);
    });
  // A delay that only stop() cuts short.
  let cutNap = () => {};
  const nap = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => cutNap(), ms);
      cutNap = () => { clearTimeout(timer); cutNap = () => {}; resolve(); };
    });
  const report = (err: unknown) => {
    try { options.onError?.(err); } catch { /* a failing reporter must not end the subscription */ }
  };

  /** What is readable now, after `last`, up to `max` events. */
  const take = (sub: AllStreamSubscription, last: Position | null, max: number): StoredEvent[] => {
    const batch: StoredEvent[] = [];
    for (let r: AllStreamResolvedEvent | null; batch.length < max && (r = sub.read() as AllStreamResolvedEvent | null) !== null; ) {
      const e = r.event ? source.decode(r.event) : null;
      if (!e) continue;
      // A resubscription may start at the last handled event itself: never hand it out twice.
      if (compareKurrentPositions(e.position, last) > 0) { batch.push(e); last = e.position; }
    }
    return batch;
  };

  /**
   * The client hands events over one gRPC message per read, as they come off the network: a catch-up
   * would otherwise go to the handler an event or two at a time. Until the server says the
   * subscription has caught up, the batch waits for more (up to batchSize); a wait of CATCH_UP_WAIT_MS
   * without news counts as caught up (servers before 23.10 never say so). Once live, the batch takes
   * what arrives within two turns of the event loop, so a live event is not held back.
   */
  const fill = async (sub: AllStreamSubscription, batch: StoredEvent[], live: { caughtUp: boolean }, isDone: () => boolean): Promise<void> => {
    for (let idle = 0; batch.length < batchSize && !isDone(); ) {
      const since = signals;
      const more = take(sub, batch[batch.length - 1].position, batchSize - batch.length);
      if (more.length) { batch.push(...more); idle = 0; continue; }
      if (live.caughtUp) {
        if (++idle > 2) return;
        await new Promise<void>((resolve) => setImmediate(resolve));
        continue;
      }
      await waitSignal(since, CATCH_UP_WAIT_MS);
      if (signals === since) live.caughtUp = true;
    }
  };

  const deliver = async (batch: StoredEvent[]): Promise<boolean> => {
    for (;;) {
      try { await handler(batch); return true; } catch (err) { report(err); }
      if (stopped) return false;
      await nap(RETRY_MS);
      if (stopped) return false;
    }
  };

  /** Runs one server subscription until it drops (returns the reason) or the subscription stops. */
  const follow = async (sub: AllStreamSubscription): Promise<unknown> => {
    let dropped: unknown = null;
    const live = { caughtUp: false };
    const onDrop = (err: unknown) => { dropped ??= err; signal(); };
    sub.on('readable', signal).on('error', onDrop).on('end', () => onDrop(new Error('subscription ended')));
    sub.on('caughtUp', () => { live.caughtUp = true; signal(); });
    try {
      while (!stopped && dropped === null) {
        const since = signals;
        const batch = take(sub, position, batchSize);
        if (batch.length === 0) { await waitSignal(since, null); continue; }
        await fill(sub, batch, live, () => stopped || dropped !== null);
        if (stopped) return null;
        if (!(await deliver(batch))) return null;
        position = batch[batch.length - 1].position;
      }
      return dropped;
    } finally {
      void sub.unsubscribe().catch(() => {});
    }
  };

  const loop = async () => {
    while (!stopped && !source.closed()) {
      let dropped: unknown;
      try {
        dropped = await follow(source.open(position));
      } catch (err) {
        dropped = err;
      }
      if (dropped !== null && !stopped) { report(dropped); await nap(RETRY_MS); }
    }
  };
  const done = loop();
  return {
    stop: async () => {
      stopped = true;
      signal();
      cutNap();
      await done;
    },
  };
}
