import type { Context } from 'koa';
import { errors } from '../platform/errors.ts';
import type { Throttles } from '../platform/throttle.ts';
import type { RouteDef } from './routes.ts';

/**
 * The client's address: the socket's, or behind a proxy we trust (TRUST_PROXY) the last address of
 * X-Forwarded-For, the one our proxy appended (earlier entries are whatever the client claimed).
 */
export function clientAddress(ctx: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = ctx.get('X-Forwarded-For').split(',').map((a) => a.trim()).filter(Boolean);
    if (forwarded.length > 0) return forwarded[forwarded.length - 1];
  }
  return ctx.req.socket.remoteAddress ?? 'unknown';
}

const refuse = (seconds: number | null) => {
  if (seconds !== null) throw errors.tooManyRequests(seconds);
};

/** True for the operations a limit applies to (documented with a 429 in the OpenAPI document). */
export function isThrottled(def: RouteDef): boolean {
  return def.method !== 'get' || def.throttle !== undefined;
}

/**
 * Per route, after the access check: auth endpoints count per client address (and self-registrations
 * per hour), every write of a signed-in user takes a token from that user's bucket (shared with STOMP SEND).
 * The counters are the practice's (PostgreSQL), so a balancer spreading a client over instances gains nothing.
 */
export function throttleGuard(throttles: Throttles, trustProxy: boolean) {
  return (def: RouteDef) => async (ctx: Context): Promise<void> => {
    if (def.throttle) {
      const address = clientAddress(ctx, trustProxy);
      refuse(await throttles.auth.hit(address));
      if (def.throttle === 'registration') refuse(await throttles.registrations.hit(address));
    }
    const user = ctx.state.user as { idUsuario: number } | undefined;
    if (def.method !== 'get' && user) refuse(await throttles.writes.take(String(user.idUsuario)));
  };
}
