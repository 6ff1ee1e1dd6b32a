// HTTP, one figure: what adding a read model that no write waits for costs a write. POST
// /api/diario-emocional on the service with bench/lib/extra-read-model.ts (readYourWrites: false,
// one upsert per diary entry into a table of its own) against the same service without it: one
// database, the same user, body and connections, alternating pairs (ABBA order, so that drift on a
// shared machine weighs on both sides alike). Each measurement is a fresh service process, alone on
// the database (every consumer its own), started once every read model has caught up with the log.
import { createKnex } from '../src/platform/database.ts';
import { serviceEnv, type Session } from './lib/api.ts';
import { spawnTs } from './lib/child.ts';
import type { SectionContext } from './lib/context.ts';
import { createExtraReadModelTable } from './lib/extra-read-model.ts';
import { failureNote, load } from './lib/load.ts';
import { ratio, round } from './lib/stats.ts';

const SECTION = 'HTTP';
type Side = 'with' | 'without';

async function measureSide(ctx: SectionContext, url: string, dir: string, writer: Session, side: Side) {
  const child = await spawnTs<{ url: string }>('bench/lib/service-main.ts', { env: serviceEnv(url, dir, { BENCH_EXTRA_READ_MODEL: side === 'with' ? '1' : '0' }) });
  try {
    // A fresh process is measured cold otherwise: at least 2 s of warm-up and 3 s measured (quick).
    const { connections } = ctx.sizes.http;
    const warmSeconds = Math.max(2, ctx.sizes.http.warmSeconds);
    const seconds = Math.max(3, ctx.sizes.http.seconds);
    const post = (s: number) => load({
      url: child.ready.url, method: 'POST', path: '/api/diario-emocional', token: writer.token,
      body: { emocion: 'Calma', intensidad: 4, nota: 'Paseo por el parque' }, seconds: s, connections, maxRequests: 200_000,
    });
    await post(warmSeconds);
    return await post(seconds);
  } finally {
    await child.stop();
  }
}

/** Runs after the section's own service stopped: `writer` is a patient of the seeded database `url`. */
export async function extraReadModelFigures(ctx: SectionContext, url: string, dir: string, writer: Session): Promise<void> {
  const knex = createKnex(url, 1);
  try {
    await createExtraReadModelTable(knex); // the bench's own table: no migration of the product makes it
  } finally {
    await knex.destroy();
  }
  const rps: Record<Side, number[]> = { with: [], without: [] };
  const failures: Record<string, number> = {};
  const pairs = ctx.quick ? 3 : 5;
  for (let i = 0; i < pairs; i++) {
    const order: Side[] = i % 2 === 0 ? ['without', 'with'] : ['with', 'without'];
    for (const side of order) {
      ctx.log(`http: extra read model, pair ${i + 1}/${pairs}, ${side}`);
      const r = await measureSide(ctx, url, dir, writer, side);
      ctx.log(`http: extra read model, ${side}: ${round(r.rps, 0)} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms`);
      rps[side].push(r.rps);
      for (const [k, v] of Object.entries(r.failures)) failures[k] = (failures[k] ?? 0) + v;
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const each = (xs: number[]) => xs.map((x) => round(x, 0)).join(', ');
  ctx.add({ section: SECTION, name: 'POST /api/diario-emocional, service as shipped', value: round(mean(rps.without), 0), unit: 'req/s', ratios: [{ to: 'itself', value: 1 }] });
  ctx.add({
    section: SECTION, name: 'POST /api/diario-emocional, one extra read model no write waits for', value: round(mean(rps.with), 0), unit: 'req/s',
    ratios: [{ to: 'without it (target ≥ 0.97)', value: ratio(mean(rps.with), mean(rps.without)) }],
    note: `${pairs} alternating pairs, a fresh process each; with: ${each(rps.with)}; without: ${each(rps.without)} req/s; ${failureNote(failures) ?? 'no failures'}`,
  });
}
