import { NotLeaderError, UnavailableError, convertToCommandError } from '@kurrent/kurrentdb-client';
import { EventStoreUnavailableError } from './port.ts';

// In a cluster the client does not retry by itself: a write at a follower (reads, kurrentdb-read.ts,
// do not ask for the leader: a follower answers them) fails with NotLeader and the client
// only reconnects to the leader named in the error; a leader stepping down fails calls in flight with
// UNAVAILABLE and the client rediscovers through gossip. So the adapter sends the operation again. An
// append sent again carries the same event ids at the same expected revisions: a server that had
// written it before the answer was lost answers with the original result and writes nothing.

/**
 * How long an operation is tried again (waits growing to 500 ms): no attempt starts that would end
 * after it at the pace of the slowest attempt so far.
 */
const BUDGET_MS = 7_000;
const NAMES = new Set(['NotLeaderError', 'UnavailableError']);

/** NotLeader or unavailable: the cluster changed under the call; the next attempt finds the leader. */
export function isTransient(err: unknown): boolean {
  const e = err instanceof Error ? convertToCommandError(err) : err;
  return e instanceof NotLeaderError || e instanceof UnavailableError || (e instanceof Error && NAMES.has(e.name));
}

/** The client's discovery gave up (a plain Error: the client has no class for it). */
const noLeaderFound = (err: unknown): boolean => err instanceof Error && /^Failed to discover after \d+ attempts/.test(err.message);

/**
 * Runs `op` again on transient errors (for BUDGET_MS, waiting a little longer each time);
 * still failing: EventStoreUnavailableError (a 503, not a 500).
 */
export async function retrying<T>(op: () => Promise<T>, onRetry: (err: unknown) => void = () => {}): Promise<T> {
  const started = Date.now();
  let slowest = 0; // ms, the longest attempt that failed
  for (let attempt = 1; ; attempt++) {
    const began = Date.now();
    try {
      return await op();
    } catch (err) {
      // The client's discovery found no leader (seconds of its own attempts): an election may still
      // end, so it is tried again like the others, within the same time as they are.
      if (!isTransient(err) && !noLeaderFound(err)) throw err;
      slowest = Math.max(slowest, Date.now() - began);
      const wait = Math.min(25 * attempt, 500);
      // The budget bounds the whole operation, not only when attempts start: with no leader, every
      // attempt after the first is the client's discovery (maxDiscoverAttempts × discoveryInterval
      // and gossip calls, seconds), and one started just inside the budget would run on past it and
      // write once a leader is elected: an answer long after the budget, where a 503 was due.
      if (Date.now() - started + wait + slowest > BUDGET_MS) throw new EventStoreUnavailableError(err);
      onRetry(err);
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}
