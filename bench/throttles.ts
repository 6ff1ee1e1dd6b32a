// Shared throttles (issue 24): what a limit kept in PostgreSQL costs, and whether it holds when a
// balancer spreads one user over several instances.
// - one write-token check: the PostgreSQL upsert (one round trip) against the in-memory bucket the
//   instances used to keep each, one at a time and from 8 concurrent callers;
// - accuracy: one user's writes, round-robin over 1, 2 and 4 service processes on one database,
//   accepted ÷ the limit (the burst plus what refilled meanwhile); 1.0 is exact, N was per instance;
// - POST /api/diario-emocional with the write throttle on (always granted: every request pays the
//   check) against off, alternating pairs on one database.
import { createKnex, migrate } from '../src/platform/database.ts';
import { TokenBuckets } from '../src/platform/throttle.ts';
import { SharedTokenBuckets, throttlePool } from '../src/platform/throttle-shared.ts';
import { Api, serviceEnv } from './lib/api.ts';
import { spawnTs, type Child } from './lib/child.ts';
import { withTempDir, type SectionContext } from './lib/context.ts';
import { failureNote, load } from './lib/load.ts';
import { percentile, pool, ratio, round } from './lib/stats.ts';

const SECTION = 'Throttles';
export const BURST = 20;
export const PER_MINUTE = 60;
type Url = { url: string };

/** µs per check: `checks` calls from `concurrency` loops over 100 users' buckets. */
async function checkCost(take: (key: string) => unknown, checks: number, concurrency: number) {
  const latencies: number[] = [];
  const t0 = performance.now();
  await pool(Array.from({ length: checks }, (_, i) => i), concurrency, async (i) => {
    const t = performance.now();
    await take(`u${i % 100}`);
    latencies.push((performance.now() - t) * 1000);
  });
  const seconds = (performance.now() - t0) / 1000;
  return { checksPerSecond: checks / seconds, p50Us: percentile(latencies, 50), p99Us: percentile(latencies, 99) };
}

async function checkFigures(ctx: SectionContext, url: string): Promise<void> {
  const knex = createKnex(url, 10);
  await migrate(knex);
  await knex.destroy();
  const db = throttlePool(url, (err) => ctx.log(`throttles: ${err.message}`));
  try {
    // Unlimited in effect (every check granted), so each call does the full upsert.
    const shared = new SharedTokenBuckets(db, 'writes', 1_000_000, 1_000_000);
    const memory = new TokenBuckets(1_000_000, 1_000_000);
    const checks = ctx.quick ? 3_000 : 30_000;
    await checkCost((k) => shared.take(k), 500, 1); // warm the pool and the plan
    for (const concurrency of [1, 8]) {
      const pg = await checkCost((k) => shared.take(k), checks, concurrency);
      const mem = await checkCost((k) => memory.take(k), checks, concurrency);
      const note = `${checks} checks over 100 users, ${concurrency} at a time; p50 ${round(pg.p50Us, 0)} µs, p99 ${round(pg.p99Us, 0)} µs`;
      ctx.add({ section: SECTION, name: `write-token check in PostgreSQL, ${concurrency} concurrent`, value: round(1e6 / pg.checksPerSecond, 1), unit: 'µs/check', ratios: [{ to: 'in-memory check', value: ratio(mem.checksPerSecond, pg.checksPerSecond) }], note });
      ctx.add({ section: SECTION, name: `write-token check in memory, ${concurrency} concurrent`, value: round(1e6 / mem.checksPerSecond, 2), unit: 'µs/check', ratios: [{ to: 'itself', value: 1 }] });
    }
  } finally {
    await db.end();
  }
}

/** Starts `n` service processes on one database, one after another (one migrates, the rest find it done). */
async function services(n: number, url: string, dir: string, env: Record<string, string>): Promise<Child<Url>[]> {
  const children: Child<Url>[] = [];
  for (let i = 0; i < n; i++) children.push(await spawnTs<Url>('bench/lib/service-main.ts', { env: serviceEnv(url, dir, env) }));
  return children;
}

/** One fresh user writes 4 × the burst round-robin over the instances, 4 in flight: accepted ÷ (burst + refill). */
export async function accuracy(apis: Api[], tag: string): Promise<{ accepted: number; limit: number; statuses: Record<string, number> }> {
  const user = await apis[0].registerPaciente(tag);
  const statuses: Record<string, number> = {};
  let accepted = 0;
  const t0 = performance.now();
  await pool(Array.from({ length: 4 * BURST }, (_, i) => i), 4, async (i) => {
    const r = await apis[i % apis.length].call('POST', '/api/diario-emocional', { token: user.token, body: { emocion: 'Calma', intensidad: 4 } });
    statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    if (r.status === 201) accepted += 1;
  });
  const seconds = (performance.now() - t0) / 1000;
  return { accepted, limit: BURST + (PER_MINUTE / 60) * seconds, statuses };
}

async function accuracyFigures(ctx: SectionContext, url: string, dir: string): Promise<void> {
  const children = await services(4, url, dir, { WRITES_PER_MINUTE: String(PER_MINUTE), WRITE_BURST: String(BURST) });
  try {
    const apis = children.map((c) => new Api(c.ready.url));
    for (const n of [1, 2, 4]) {
      ctx.log(`throttles: accuracy over ${n} instance(s)`);
      const r = await accuracy(apis.slice(0, n), `acc${n}`);
      ctx.add({
        section: SECTION, name: `writes accepted ÷ limit, one user over ${n} instance(s)`, value: round(r.accepted / r.limit, 2), unit: '×',
        ratios: [{ to: 'exact (1.0; target ≤ 1.05)', value: round(r.accepted / r.limit, 2) }],
        note: `${r.accepted} accepted of ${4 * BURST}, limit ${round(r.limit, 1)} (burst ${BURST} + ${PER_MINUTE}/min refill); statuses ${JSON.stringify(r.statuses)}`,
      });
    }
  } finally {
    for (const c of children.reverse()) await c.stop();
  }
}

async function throughputFigures(ctx: SectionContext, url: string, dir: string): Promise<void> {
  // Granted every time, so every request pays the check and none is refused.
  const [on] = await services(1, url, dir, { WRITES_PER_MINUTE: '1000000', WRITE_BURST: '1000000' });
  const [off] = await services(1, url, dir, { WRITES_PER_MINUTE: '0' });
  try {
    const writer = await new Api(on.ready.url).registerPaciente('caudal');
    const { warmSeconds, seconds, connections } = ctx.sizes.http;
    const post = (base: string, s: number) => load({
      url: base, method: 'POST', path: '/api/diario-emocional', token: writer.token, body: { emocion: 'Calma', intensidad: 4, nota: 'Paseo' }, seconds: s, connections, maxRequests: 200_000,
    });
    await post(on.ready.url, warmSeconds);
    await post(off.ready.url, warmSeconds);
    const rps = { on: [] as number[], off: [] as number[] };
    const failures: Record<string, number> = {};
    // Alternating pairs: drift on a shared machine weighs on both sides alike.
    for (let i = 0; i < (ctx.quick ? 2 : 4); i++) {
      for (const [side, child] of [['on', on], ['off', off]] as const) {
        const r = await post(child.ready.url, seconds);
        rps[side].push(r.rps);
        for (const [k, v] of Object.entries(r.failures)) failures[k] = (failures[k] ?? 0) + v;
      }
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    ctx.add({ section: SECTION, name: 'POST /api/diario-emocional, write throttle off', value: round(mean(rps.off), 0), unit: 'req/s', ratios: [{ to: 'itself', value: 1 }] });
    ctx.add({
      section: SECTION, name: 'POST /api/diario-emocional, shared write throttle on', value: round(mean(rps.on), 0), unit: 'req/s',
      ratios: [{ to: 'throttle off', value: ratio(mean(rps.on), mean(rps.off)) }], note: `${rps.on.length} alternating pairs; ${failureNote(failures) ?? 'no failures'}`,
    });
  } finally {
    await on.stop();
    await off.stop();
  }
}

export async function throttlesSection(ctx: SectionContext): Promise<void> {
  await checkFigures(ctx, await ctx.pg.createDatabase('bench_throttle_checks'));
  const url = await ctx.pg.createDatabase('bench_throttles');
  await withTempDir('bench-throttles-', async (dir) => {
    await accuracyFigures(ctx, url, dir);
    await throughputFigures(ctx, url, dir);
  });
}
