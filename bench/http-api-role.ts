// HTTP, the writes again through an INSTANCE_ROLE=api process (docs/scaling.md "Instance roles"):
// it serves the requests and writes the inline read models; the service process started first stays
// beside it and follows the log (asynchronous read models, reactors, outbox, audit log), as a
// deployment that runs the log's followers in a process of their own would. Same database, same
// machine: the figure says what the request path gains when that work leaves its event loop.
import { serviceEnv } from './lib/api.ts';
import { spawnTs } from './lib/child.ts';
import type { SectionContext } from './lib/context.ts';
import { failureNote, load, type LoadOptions, type LoadResult } from './lib/load.ts';
import { ratio, round } from './lib/stats.ts';

const SECTION = 'HTTP';
/** Slots of their own: the main run books n < 200,000 (warm-up from 1,000,000), the alone run from 500,000. */
const OFFSET = 250_000;

/** The same requests from the n-th + `by` on: bookings in slots of their own. */
export const shifted = (o: Omit<LoadOptions, 'url' | 'seconds' | 'connections'>, by: number) => ({
  ...o,
  bodyFor: o.bodyFor ? (n: number) => o.bodyFor!(n + by) : undefined,
  tokenFor: o.tokenFor ? (n: number) => o.tokenFor!(n + by) : undefined,
});

/** A write of the HTTP section (http.ts's Endpoint, as far as this needs it). */
interface Write<F> {
  name: string;
  options: (fx: F) => Omit<LoadOptions, 'url' | 'seconds' | 'connections'>;
}

/** `floors`: each write endpoint's one-INSERT floor (req/s), measured earlier in the same run. */
export async function apiRoleFigures<F>(ctx: SectionContext, databaseUrl: string, dir: string, fx: F, writes: Write<F>[], floors: Map<string, number>): Promise<void> {
  const api = await spawnTs<{ url: string }>('bench/lib/service-main.ts', { env: serviceEnv(databaseUrl, dir, { INSTANCE_ROLE: 'api' }) });
  try {
    const url = api.ready.url;
    const { warmSeconds, seconds, connections } = ctx.sizes.http;
    for (const e of writes) {
      ctx.log(`http: ${e.name} through INSTANCE_ROLE=api`);
      const o = shifted(e.options(fx), OFFSET);
      await load({ ...shifted(o, 1_000_000), url, seconds: warmSeconds, connections, maxRequests: 20_000 });
      const r: LoadResult = await load({ ...o, url, seconds, connections, maxRequests: 200_000 });
      const floor = floors.get(e.name);
      ctx.add({
        section: SECTION, name: `${e.name}, INSTANCE_ROLE=api (the log followed by another process)`, value: round(r.rps, 0), unit: 'req/s',
        p50Ms: r.p50Ms, p99Ms: r.p99Ms, ratios: floor ? [{ to: 'node:http + pg, one INSERT per request', value: ratio(r.rps, floor) }] : [], note: failureNote(r.failures),
      });
      const alone = await load({ ...shifted(o, 500_000), url, seconds, connections: 1, maxRequests: 50_000 });
      ctx.add({
        section: SECTION, name: `${e.name}, INSTANCE_ROLE=api, one client alone (concurrency 1)`, value: round(alone.rps, 0), unit: 'req/s',
        p50Ms: alone.p50Ms, p99Ms: alone.p99Ms, ratios: [], note: failureNote(alone.failures),
      });
    }
  } finally {
    await api.stop();
  }
}
