import type Router from '@koa/router';
import client from 'prom-client';
import type { Context, Next } from 'koa';
import type { AppDeps } from './deps.ts';
import { parkedCounts } from '../projections/failures.ts';

/** Prometheus metrics of one app: HTTP timings and how far each projection is behind the log. */
export function createMetrics(deps: AppDeps) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const duration = new client.Histogram({
    name: 'http_request_duration_seconds', help: 'HTTP request duration', labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5], registers: [registry],
  });
  new client.Gauge({
    name: 'projection_lag_events', help: 'Events in the log not yet applied by the projection', labelNames: ['projection'],
    registers: [registry],
    async collect() {
      const checkpoints = await deps.projections.checkpoints();
      for (const [name, position] of checkpoints) {
        const [tx, gp] = position ? position.split('/') : ['0', '0'];
        const { rows } = await deps.knex.raw(
          'select count(*)::int as n from events where (tx_id, global_position) > (?::text::xid8, ?::bigint)', [tx, gp],
        );
        this.set({ projection: name }, rows[0].n);
      }
    },
  });
  new client.Gauge({
    name: 'parked_events', help: 'Events a read model or reactor skipped after its retries, not yet retried or skipped by an operator',
    labelNames: ['kind', 'consumer'], registers: [registry],
    async collect() {
      this.reset();
      for (const r of await parkedCounts(deps.knex)) this.set({ kind: r.kind, consumer: r.consumer }, r.n);
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

export function mountSystem(router: Router, deps: AppDeps, registry: client.Registry): void {
  // Up while the process serves; DEGRADED (still 200) while a read model or reactor has parked
  // events or is retrying one: some answers or side effects are missing until an operator acts.
  router.get('/health', async (ctx) => {
    const retrying = [...deps.projections.failing(), ...(deps.reactors?.failing() ?? [])].map((f) => f.name);
    try {
      const parked = await parkedCounts(deps.knex);
      const total = parked.reduce((s, r) => s + r.n, 0);
      ctx.body = total === 0 && retrying.length === 0
        ? { status: 'UP' }
        : { status: 'DEGRADED', parkedEvents: total, parked: parked.map((r) => ({ kind: r.kind, consumer: r.consumer, events: r.n })), retrying };
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
  router.get('/metrics', async (ctx) => {
    ctx.type = registry.contentType;
    ctx.body = await registry.metrics();
  });
}
