// Statements per write (issue 33's table): what the server sends to PostgreSQL for one diary entry
// and one booking, one client alone, split by where it comes from: the request's own path (auth
// check, id, stream reads, the append with its inline read models, the answer; and what the request
// starts, like the coalesced NOTIFY) and the background (asynchronous consumers, the log's
// subscribers, timers). Counted at node-postgres's Client.query in the server child
// (bench/lib/service-main.ts, BENCH_QUERY_SPLIT); a multi-statement query counts as one round trip.
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { Api, serviceEnv } from './lib/api.ts';
import { spawnTs } from './lib/child.ts';
import { withTempDir, type SectionContext } from './lib/context.ts';
import { load } from './lib/load.ts';
import { ENDPOINTS, seedHttpFixture } from './http.ts';

const SECTION = 'statements';
const WRITES = ['POST /api/diario-emocional', 'POST /api/citas (free slots)'];

function perWrite(counts: Record<string, number>, prefix: string, requests: number) {
  const rows = Object.entries(counts).filter(([k]) => k.startsWith(prefix));
  const total = rows.reduce((a, [, n]) => a + n, 0) / requests;
  const top = rows.sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, n]) => `${(n / requests).toFixed(2)} ${k.slice(prefix.length, prefix.length + 48)}`);
  return { total, top };
}

export async function statementsSection(ctx: SectionContext): Promise<void> {
  const url = await ctx.pg.createDatabase('bench_statements');
  await withTempDir('bench-statements-', async (dir) => {
    // Seeded by a server that does not count, so the counts hold the writes and little else.
    const seeder = await spawnTs<{ url: string }>('bench/lib/service-main.ts', { env: serviceEnv(url, dir) });
    const fx = await seedHttpFixture(new Api(seeder.ready.url)).finally(() => seeder.stop());
    for (const [i, name] of WRITES.entries()) {
      const log = join(dir, `statements-${i}.json`);
      const service = await spawnTs<{ url: string }>('bench/lib/service-main.ts', { env: serviceEnv(url, dir, { BENCH_QUERY_LOG: log, BENCH_QUERY_SPLIT: '1' }) });
      const o = ENDPOINTS.find((e) => e.name === name)!.options(fx);
      const offset = 300_000 + i * 10_000; // slots the http section does not book
      let requests = 0;
      try {
        const r = await load({
          ...o, url: service.ready.url, seconds: ctx.quick ? 3 : 10, connections: 1, maxRequests: ctx.quick ? 100 : 400,
          bodyFor: o.bodyFor ? (n: number) => o.bodyFor!(n + offset) : undefined, tokenFor: o.tokenFor ? (n: number) => o.tokenFor!(n + offset) : undefined,
        });
        requests = Math.max(1, r.requests);
        // The consumers catch up with the last writes before the counts are written (on SIGTERM).
        await new Promise((r) => setTimeout(r, 2_000));
      } finally {
        await service.stop();
      }
      const counts = JSON.parse(readFileSync(log, 'utf8')) as Record<string, number>;
      const path = perWrite(counts, 'request: ', requests);
      const background = perWrite(counts, 'background: ', requests);
      const short = name.split(' ').slice(0, 2).join(' ');
      ctx.add({ section: SECTION, name: `${short}: statements on the request's path per write (one client alone)`, value: Math.round(path.total * 100) / 100, unit: 'statements', ratios: [], note: path.top.join('; ') });
      ctx.add({ section: SECTION, name: `${short}: statements in the background per write (consumers, subscribers)`, value: Math.round(background.total * 100) / 100, unit: 'statements', ratios: [], note: background.top.join('; ') });
    }
  });
}
