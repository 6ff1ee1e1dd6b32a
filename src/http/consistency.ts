import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context, Next } from 'koa';
import type { Position } from '../eventstore/port.ts';
import { errors } from '../platform/errors.ts';

// Read-your-writes across a read replica (docs/operations.md "Read replica"): a write's answer
// carries the log position it stored as an opaque token; a read that sends it back is answered
// from the standby only once the standby's read models have passed that position.

export const CONSISTENCY_HEADER = 'X-Consistency-Token';

type Compare = (a: Position | null, b: Position | null) => number;

const requests = new AsyncLocalStorage<{ ctx: Context; compare: Compare; position: Position | null }>();

/** Opaque to clients: base64url of the position (a PostgreSQL or KurrentDB log position). */
export const encodeToken = (position: Position): string => Buffer.from(position, 'utf8').toString('base64url');

/**
 * The position a request's token names, null without one; a token that is not one of ours is the
 * client's error (400), never a read of an unknown freshness.
 */
export function tokenPosition(ctx: Context): Position | null {
  const token = ctx.get(CONSISTENCY_HEADER);
  if (!token) return null;
  const invalid = () => errors.invalid(`Cabecera ${CONSISTENCY_HEADER} no válida`, `Invalid ${CONSISTENCY_HEADER} header`);
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(token)) throw invalid();
  const position = Buffer.from(token, 'base64url').toString('utf8');
  // Both stores' positions are two counters, "<n>/<m>" (src/eventstore/position.ts, kurrentdb-codec.ts).
  if (!/^\d{1,20}\/\d{1,20}$/.test(position) || encodeToken(position) !== token) throw invalid();
  return position;
}

/** Waits until the read models that serve read-your-writes have passed a position (false: not in time). */
export type WaitForReads = (position: Position, timeoutMs: number) => Promise<boolean>;

/**
 * Every request may store a write: the newest position it stored goes out in the header. A read
 * that sends a token back is answered once this instance's read models have passed it (at most
 * `timeoutMs`): the write's own wait may have run out (its read model's owner had just died, say),
 * and the token still promises the write. Cheap when passed: the checkpoints are known in memory.
 */
export function consistencyTokens(compare: Compare, waitForReads?: WaitForReads, timeoutMs = 5_000) {
  return async (ctx: Context, next: Next) => {
    if (waitForReads && (ctx.method === 'GET' || ctx.method === 'HEAD')) {
      const position = tokenPosition(ctx);
      if (position !== null) await waitForReads(position, timeoutMs);
    }
    return requests.run({ ctx, compare, position: null }, next);
  };
}

/** Called once a write is stored (src/deps.ts settled): its answer carries the token. No-op outside an HTTP request (STOMP). */
export function noteWritten(position: Position | null): void {
  const request = requests.getStore();
  if (!request || position === null) return;
  if (request.position !== null && request.compare(request.position, position) >= 0) return;
  request.position = position;
  request.ctx.set(CONSISTENCY_HEADER, encodeToken(position));
}
