// Figure 2b: the tree's cost as a client sees it. POST /api/diario-emocional (one append of a
// sealed event, answered once the read models have it) under autocannon against the whole service
// in a child process, its audit consumer turned off and on between phases (bench/audit/service-main.ts).
import { createKnex } from '../../src/platform/database.ts';
import { Api, serviceEnv } from '../lib/api.ts';
import { spawnTs, type Child } from '../lib/child.ts';
import { withTempDir, type SectionContext } from '../lib/context.ts';
import { failureNote, load, type LoadResult } from '../lib/load.ts';
import { ratio, round, sleep } from '../lib/stats.ts';
import { cpuMeter, spent, type CpuSpent } from './cpu.ts';
import { SECTION, pairedRatio, pairsNote, targetBoth } from './targets.ts';

const CONNECTIONS = 10;
const THROUGHPUT_TARGET = 0.95;

/** Toggles the child's audit consumer and waits for it to say it is done (turned on: caught up). */
async function toggle(service: Child<{ url: string }>, n: number, want: 'on' | 'off'): Promise<void> {
  service.proc.kill('SIGUSR2');
  const deadline = performance.now() + 300_000;
  while (!service.output().includes(`AUDIT ${n} ${want}`)) {
    if (performance.now() > deadline || service.proc.exitCode !== null) throw new Error(`the service did not turn its audit consumer ${want}`);
    await sleep(20);
  }
}

export async function httpThroughputFigure(ctx: SectionContext): Promise<void> {
  const url = await ctx.pg.createDatabase('bench_audit_http');
  const { appendSeconds: seconds, appendPairs } = ctx.sizes.audit;
  await withTempDir('bench-audit-http-', async (dir) => {
    const service = await spawnTs<{ url: string }>('bench/audit/service-main.ts', { env: serviceEnv(url, dir, { BCRYPT_COST: '4' }) });
    try {
      const me = await new Api(service.ready.url).registerPaciente('audit');
      const run = () => load({ url: service.ready.url, method: 'POST', path: '/api/diario-emocional', token: me.token, body: { emocion: 'Calma', intensidad: 4, nota: 'Paseo por el parque' }, seconds, connections: CONNECTIONS, maxRequests: 100_000 });
      await load({ url: service.ready.url, method: 'POST', path: '/api/diario-emocional', token: me.token, body: { emocion: 'Calma', intensidad: 4, nota: 'Paseo' }, seconds: 1, connections: CONNECTIONS }); // warm-up
      const meterDb = createKnex(url, 1);
      const meter = await cpuMeter(meterDb, service.proc.pid).finally(() => meterDb.destroy());
      const phases: { tree: boolean; r: LoadResult; cpu: CpuSpent }[] = [];
      let on = true;
      let toggles = 0;
      for (let pair = 0; pair < appendPairs; pair++) {
        for (const tree of pair % 2 ? [true, false] : [false, true]) {
          if (tree !== on) await toggle(service, ++toggles, tree ? 'on' : 'off');
          on = tree;
          ctx.log(`audit: POST /api/diario-emocional, tree ${tree ? 'on' : 'off'} (${phases.length + 1}/${2 * appendPairs})`);
          const c0 = meter.sample();
          const r = await run();
          const cpu = spent(c0, meter.sample());
          phases.push({ tree, r, cpu: { node: (cpu.node * 1e6) / r.requests, postgres: (cpu.postgres * 1e6) / r.requests } });
        }
      }
      const mean = (tree: boolean) => {
        const ps = phases.filter((p) => p.tree === tree);
        const avg = (f: (p: (typeof ps)[number]) => number) => ps.reduce((a, p) => a + f(p), 0) / ps.length;
        return { rps: avg((p) => p.r.rps), p50: Math.max(...ps.map((p) => p.r.p50Ms)), p99: Math.max(...ps.map((p) => p.r.p99Ms)), node: avg((p) => p.cpu.node), postgres: avg((p) => p.cpu.postgres) };
      };
      const [yes, no] = [mean(true), mean(false)];
      const r = pairedRatio(phases.map((p) => ({ tree: p.tree, rate: p.r.rps })));
      const failures = phases.map((p) => failureNote(p.r.failures)).filter(Boolean).join('; ');
      const us = (n: number) => `${Math.round(n)} µs`;
      const cpuRatio = (no.node + no.postgres) / (yes.node + yes.postgres);
      ctx.add({
        section: SECTION, name: `POST /api/diario-emocional with the tree on, ${CONNECTIONS} connections`, value: round(yes.rps, 0), unit: 'req/s', p50Ms: yes.p50, p99Ms: yes.p99,
        ratios: [
          { to: 'tree off (median of interleaved pairs)', value: ratio(r.median, 1) },
          { to: 'CPU per request (service + PostgreSQL), off ÷ on', value: ratio(cpuRatio, 1) },
        ],
        note: `${targetBoth(`≥ ${THROUGHPUT_TARGET}× tree off`, THROUGHPUT_TARGET, r.median, cpuRatio)}; ${pairsNote(r.pairs)} (phases of ${seconds} s); CPU per request off → on: service ${us(no.node)} → ${us(yes.node)}, PostgreSQL ${us(no.postgres)} → ${us(yes.postgres)}${failures ? `; ${failures}` : ''}`,
      });
      ctx.add({ section: SECTION, name: 'POST /api/diario-emocional with the tree off (same service, consumer stopped)', value: round(no.rps, 0), unit: 'req/s', p50Ms: no.p50, p99Ms: no.p99, ratios: [{ to: 'itself', value: 1 }] });
    } finally {
      await service.stop();
    }
  });
}
