import { NotLeaderError, UnavailableError, convertToCommandError } from '@kurrent/kurrentdb-client';
import { EventStoreUnavailableError } from './port.ts';

// In a cluster the client does not retry by itself: a write at a follower (or a read asking for the
// leader, as the native read bridge does with nodePreference=leader) fails with NotLeader and the client
// only reconnects to the leader named in the error; a leader stepping down fails calls in flight with
// UNAVAILABLE and the client rediscovers through gossip. So the adapter sends the operation again. An
// append sent again carries the same event ids at the same expected revisions: a server that had
// written it before the answer was lost answers with the original result and writes nothing.

const ATTEMPTS = 20;
const NAMES = new Set(['NotLeaderError', 'UnavailableError']);

/** NotLeader or unavailable: the cluster changed under the call; the next attempt finds the leader. */
export function isTransient(err: unknown): boolean {
  const e = err instanceof Error ? convertToCommandError(err) : err;
  return e instanceof NotLeaderError || e instanceof UnavailableError || (e instanceof Error && NAMES.has(e.name));
}

/**
 * Runs `op` again on transient errors (up to ATTEMPTS, waiting a little longer each time, ~7 s in all);
 * still failing: EventStoreUnavailableError (a 503, not a 500).
 */
export async function retrying<T>(op: () => Promise<T>, onRetry: (err: unknown) => void = () => {}): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await op();
    } catch (err) {
      if (!isTransient(err)) throw err;
      if (attempt >= ATTEMPTS) throw new EventStoreUnavailableError(err);
      onRetry(err);
      await new Promise((r) => setTimeout(r, Math.min(25 * attempt, 500)));
    }
  }
}
