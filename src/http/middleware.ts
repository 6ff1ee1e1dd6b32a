import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { Logger } from '../platform/logger.ts';
import { errors } from '../platform/errors.ts';

/**
 * Request id (echoed as X-Request-Id) and one log line per request: method, route, status, time.
 * `router` names the route of requests refused before routing; without it they log as unmatched.
 */
export function requestLog(logger: Logger, router?: Router) {
  const loggedPath = pathForLog(router);
  return async (ctx: Context, next: Next) => {
    const incoming = ctx.get('X-Request-Id');
    const id = incoming !== '' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.set('X-Request-Id', id);
    // The request's child logger is made on first use: most requests of a quiet server never log.
    let child: Logger | undefined;
    Object.defineProperty(ctx.state, 'logger', {
      get: () => (child ??= logger.child({ requestId: id })),
      set: (l: Logger) => { child = l; },
      enumerable: true, configurable: true,
    });
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      // Only the route, never the raw path (secrets), the query or the body (health data). Probes (a
      // load balancer or a scraper every few seconds) would drown the real requests: debug, unless they fail.
      const level = PROBES.has(ctx.path) && ctx.status < 500 ? 'debug' : 'info';
      if (logger.isLevelEnabled(level)) {
        (ctx.state.logger as Logger)[level](
          { method: ctx.method, path: loggedPath(ctx), status: ctx.status, ms: Number(process.hrtime.bigint() - started) / 1e6 },
          'request',
        );
      }
    }
  };
}

const REQUEST_ID = /^[\w.-]{1,64}$/;

/**
 * What the log shows of a path: the pattern of the route it reached (`/calendario/:secreto.ics`,
 * `/api/dispositivos/:token`), never the path itself. A calendar feed's path is its credential and
 * a device token sits in the path of its DELETE, and the router also serves other spellings of
 * them (case, a trailing slash, percent-encoding), which no pattern over the raw path can catch.
 */
function pathForLog(router?: Router) {
  // First segments of our routes: of a path that matches none, only a known one is shown.
  const ours = new Set((router?.stack ?? []).map((l) => String(l.path).split('/')[1]?.toLowerCase()).filter((s) => s && !s.startsWith(':')));
  return (ctx: Context): string => {
    const matched = (ctx as { _matchedRoute?: unknown })._matchedRoute;
    if (typeof matched === 'string') return matched;
    // Refused before routing (415, a guard's 400) or for its method (405): the route its path takes.
    const layer = router?.match(ctx.path, ctx.method).path.filter((l) => l.methods.length > 0).at(-1);
    if (layer) return String(layer.path);
    if (ctx.path === '/') return '/';
    const first = ctx.path.split('/').find((s) => s !== '')?.toLowerCase();
    return first !== undefined && ours.has(first) ? `/${first}/*` : '/*';
  };
}

const PROBES = new Set(['/health', '/ready', '/metrics']);

const DOC_PATHS = /^\/(swagger-ui|docs|swagger-ui-assets)(\/|$)/;

export function securityHeaders() {
  return async (ctx: Context, next: Next) => {
    await next();
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    ctx.set(
      'Content-Security-Policy',
      DOC_PATHS.test(ctx.path)
        ? "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'"
        : "default-src 'none'; frame-ancestors 'none'",
    );
    // A route's own header is kept when it already forbids storing (a health-data file says private, no-store).
    const api = ctx.path.startsWith('/api') || ctx.path.startsWith('/auth');
    if (api && !/\bno-store\b/.test(ctx.response.get('Cache-Control'))) ctx.set('Cache-Control', 'no-store');
  };
}

/** CORS for the configured origins only. */
export function cors(allowed: string[]) {
  return async (ctx: Context, next: Next) => {
    const origin = ctx.get('Origin');
    ctx.vary('Origin');
    if (!origin || !allowed.includes(origin)) return next();
    ctx.set('Access-Control-Allow-Origin', origin);
    ctx.set('Access-Control-Expose-Headers', 'X-Request-Id, Retry-After, Link, X-Consistency-Token');
    if (ctx.method === 'OPTIONS' && ctx.get('Access-Control-Request-Method')) {
      ctx.set('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
      ctx.set('Access-Control-Allow-Headers', 'Authorization, Content-Type, Accept-Language, X-Request-Id, X-Consistency-Token');
      ctx.set('Access-Control-Max-Age', '600');
      ctx.status = 204;
      return;
    }
    return next();
  };
}

/** A body must be JSON (or multipart where a route takes an upload). */
export function requireJson(multipartPaths: RegExp[]) {
  return async (ctx: Context, next: Next) => {
    const hasBody = ctx.request.length > 0 || ctx.get('Transfer-Encoding') !== '';
    if (hasBody && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(ctx.method)) {
      const multipart = multipartPaths.some((re) => re.test(ctx.path));
      const ok = multipart ? ctx.is('multipart/form-data') : ctx.is('application/json', 'application/*+json');
      if (!ok) throw errors.unsupportedMediaType();
    }
    return next();
  };
}
