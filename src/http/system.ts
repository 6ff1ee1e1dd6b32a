import { createHash, timingSafeEqual } from 'node:crypto';
import type Router from '@koa/router';
import client from 'prom-client';
import type { Context, Next } from 'koa';
import type { AppDeps } from './deps.ts';
import { parkedCounts } from '../projections/failures.ts';
import type { CheckpointRunner } from '../projections/runner.ts';
import { leaseOwners } from '../projections/leases.ts';
import { errors } from '../platform/errors.ts';
import { numeracion } from '../commands/facturas-append.ts';

/**
 * Lag gauges of one runner's consumers. Read from what the engine keeps in memory as events flow
 * (src/projections/lag.ts): a scrape runs no SQL, however many consumers and events there are.
 */
function lagGauges(registry: client.Registry, prefix: 'projection' | 'reactor', runners: () => (CheckpointRunner | undefined)[]): void {
  new client.Gauge({
    name: `${prefix}_lag_events`, help: `Events the ${prefix} runner has read that the ${prefix} has not applied yet`, labelNames: [prefix],
    registers: [registry],
    collect() {
      this.reset(); // a consumer another instance owns now is that instance's to report
      for (const l of runners().flatMap((r) => r?.lag() ?? [])) this.set({ [prefix]: l.name }, l.events);
    },
  });
  new client.Gauge({
    name: `${prefix}_lag_seconds`, help: `Age of the oldest event the ${prefix} has not applied yet (0 when caught up)`, labelNames: [prefix],
    registers: [registry],
    collect() {
      this.reset();
      for (const l of runners().flatMap((r) => r?.lag() ?? [])) this.set({ [prefix]: l.name }, l.seconds);
    },
  });
}

/** The invoice numbering's optimistic appends in this process: attempts, and races lost to another issue. */
function numberingCounters(registry: client.Registry): void {
  for (const [name, help, of] of [
    ['invoice_numbering_attempts_total', 'Appends tried to number an invoice or record its cancellation (one per invoice, plus one per lost race)', () => numeracion.intentos],
    ['invoice_numbering_conflicts_total', 'Appends that lost the race for an issuer\'s series or chain to another issue and were tried again', () => numeracion.conflictos],
  ] as const) {
    new client.Counter({ name, help, registers: [registry], collect() { this.reset(); this.inc(of()); } });
  }
}

/** Prometheus metrics of one app: HTTP timings, how far each consumer is behind the log, parked events. */
export function createMetrics(deps: AppDeps) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const duration = new client.Histogram({
    name: 'http_request_duration_seconds', help: 'HTTP request duration', labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5], registers: [registry],
  });
  // The audit log's consumer is counted with the read models (projection="audit-log").
  lagGauges(registry, 'projection', () => [deps.projections, deps.auditLog]);
  lagGauges(registry, 'reactor', () => [deps.reactors]);
  numberingCounters(registry);
  new client.Gauge({
    name: 'consumers_owned', help: 'Read models (kind="projection") and reactors this instance runs now, by the consumer leases',
    labelNames: ['kind', 'instance'], registers: [registry],
    collect() {
      this.reset();
      for (const r of runnersOf(deps)) if (r.leases) this.inc({ kind: r.table === 'reactor_checkpoints' ? 'reactor' : 'projection', instance: r.leases.instance }, r.owned().length);
    },
  });
  new client.Gauge({
    name: 'parked_events', help: 'Events a read model or reactor skipped after its retries, not yet retried or skipped by an operator',
    labelNames: ['kind', 'consumer'], registers: [registry],
    collect() {
      this.reset();
      const counts = [...deps.projections.parked.snapshot(), ...(deps.auditLog?.parked.snapshot() ?? []), ...(deps.reactors?.parked.snapshot() ?? [])];
      for (const r of counts) this.set({ kind: r.kind, consumer: r.consumer }, r.n);
    },
  });
  const middleware = async (ctx: Context, next: Next) => {
    const end = duration.startTimer();
    try {
      await next();
    } finally {
      end({ method: ctx.method, route: (ctx as { _matchedRoute?: string })._matchedRoute ?? 'unmatched', status: String(ctx.status) });
    }
  };
  return { registry, middleware };
}

const runnersOf = (deps: AppDeps) => [deps.projections, deps.auditLog, deps.reactors].filter((r): r is CheckpointRunner => r !== undefined);

/** Which instance runs each read model and reactor now (null: none this moment, one takes it over). */
async function owners(deps: AppDeps): Promise<Record<string, string | null>> {
  const consumers = runnersOf(deps).flatMap((r) => r.handlers.map((h) => ({ table: r.table, name: h.name })));
  return Object.fromEntries(await leaseOwners(deps.knex, consumers));
}

/** This instance's name and what it runs now by its own reckoning (a check that no two run one consumer at once). */
function here(deps: AppDeps): { instance?: string; running: string[] } {
  const runners = runnersOf(deps);
  return { instance: runners.find((r) => r.leases)?.leases!.instance, running: runners.flatMap((r) => r.owned()).sort() };
}

export function mountSystem(router: Router, deps: AppDeps, registry: client.Registry): void {
  // Up while the process serves; DEGRADED (still 200) while a read model or reactor has parked
  // events or is retrying one: some answers or side effects are missing until an operator acts.
  // `owners`: the instance that runs each of them (its name: host, pid and a random tail), by the
  // lease rows; `instance` and `running`: this one's name and what it runs now, by its own memory.
  router.get('/health', async (ctx) => {
    const retrying = runnersOf(deps).flatMap((r) => r.failing()).map((f) => f.name);
    try {
      const parked = await parkedCounts(deps.knex);
      const total = parked.reduce((s, r) => s + r.n, 0);
      const held = { ...here(deps), owners: await owners(deps) };
      ctx.body = total === 0 && retrying.length === 0
        ? { status: 'UP', ...held }
        : { status: 'DEGRADED', parkedEvents: total, parked: parked.map((r) => ({ kind: r.kind, consumer: r.consumer, events: r.n })), retrying, ...held };
    } catch {
      ctx.body = { status: 'DEGRADED', database: 'unreachable', retrying };
    }
  });
  router.get('/ready', async (ctx) => {
    try {
      await deps.knex.raw('select 1');
      const head = await deps.store.head();
      const behind = [...(await deps.projections.checkpoints()).values()].some((p) => deps.store.compare(p, head) < 0);
      ctx.status = 200;
      ctx.body = { status: 'READY', projectionsCaughtUp: !behind };
    } catch {
      ctx.status = 503;
      ctx.body = { status: 'NOT_READY' };
    }
  });
  // Not mounted without a token: /metrics then answers 404 like any unknown path.
  const token = deps.config.limits.metricsToken;
  if (token === null) return;
  router.get('/metrics', async (ctx) => {
    if (!bearerMatches(ctx.get('Authorization'), token)) throw errors.unauthenticated();
    ctx.type = registry.contentType;
    ctx.body = await registry.metrics();
  });
}

/**
 * The request's Bearer token equals `token`. Both are hashed first, so the comparison takes the
 * same time whatever the length or the first differing byte (no timing hints to a guesser).
 */
function bearerMatches(header: string, token: string): boolean {
  const m = /^Bearer +(\S+) *$/i.exec(header);
  if (!m) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(m[1]), digest(token));
}
