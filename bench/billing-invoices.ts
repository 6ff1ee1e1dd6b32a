// Invoices under contention (issue 32): 10,000 invoices of one issuer (quick: 400) issued through
// POST /api/admin/facturas by 8 concurrent writers spread over 2 service processes on one database,
// every invoice racing for the same series and chain. Then the log is checked as an auditor would:
// numbers 1..N exactly once per series, dates never going back, the chain valid by billing:verify's
// own function. Reference, in the same run, on the same instances, with the same writers:
// POST /api/diario-emocional (a write with no shared stream), target invoices/s ≥ 0.5 × diary/s.
// The instances' /metrics tell the numbering's attempts and lost races (optimistic appends retried).
// With BENCH_BILLING_PROFILE=1, the first instance runs under --cpu-prof with its SQL counted, and
// bench/results/profile-billing-invoices.md tells where its time went (the whole run: diary and invoices).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { verificarRegistros } from '../src/cli/billing-verify.ts';
import { Api, serviceEnv, type Session } from './lib/api.ts';
import { spawnTs, type Child } from './lib/child.ts';
import { withTempDir, type SectionContext } from './lib/context.ts';
import { ratio, round, percentile, timedLoop } from './lib/stats.ts';
import { openBenchStore } from './projections.ts';
import { summarise } from './profile.ts';

const SECTION = 'Billing invoices';
const INSTANCES = 2;
const WRITERS = 8;
const TARGET_RATIO = 0.5;
const METRICS_TOKEN = 'bench-metrics-token-0123456789';
const EMISOR = { nombreRazon: 'Centro de Psicología Ejemplo, S.L.', nif: 'B12345674', domicilio: ['Calle Mayor 1, 2º B', '28013 Madrid'] };

type Url = { url: string };

interface Emitida { numero: number; serie: string; fechaExpedicion: string }

interface Run {
  done: number;
  seconds: number;
  p50: number;
  p99: number;
  failures: Record<string, number>;
}

/** `count` calls of `op` (or until `ms`), writer w on instance w % 2, each answered 201 or counted as a failure. */
async function drive(count: number, ms: number, op: (writer: number, api: Api) => Promise<{ status: number }>, apis: Api[]): Promise<Run> {
  const failures: Record<string, number> = {};
  let ok = 0;
  const r = await timedLoop({ writers: WRITERS, count, ms }, async (w) => {
    try {
      const res = await op(w, apis[w % apis.length]);
      if (res.status === 201) ok += 1;
      else failures[res.status] = (failures[res.status] ?? 0) + 1;
    } catch (err) {
      const k = (err as Error).name === 'TimeoutError' ? 'timeout' : 'connection';
      failures[k] = (failures[k] ?? 0) + 1;
    }
  });
  return { done: ok, seconds: r.seconds, p50: percentile(r.latencies, 50), p99: percentile(r.latencies, 99), failures };
}

const failureText = (f: Record<string, number>) => (Object.keys(f).length ? `; failures ${JSON.stringify(f)}` : '');

/** Numbers 1..n exactly once in every series, and dates non-decreasing with the number: the problems found. */
export function numberingProblems(emitidas: Emitida[]): string[] {
  const problems: string[] = [];
  const porSerie = new Map<string, Emitida[]>();
  for (const e of emitidas) porSerie.set(e.serie, [...(porSerie.get(e.serie) ?? []), e]);
  for (const [serie, list] of porSerie) {
    list.sort((a, b) => a.numero - b.numero);
    list.forEach((e, i) => {
      if (e.numero !== i + 1 && problems.length < 5) problems.push(`${serie}: number ${e.numero} where ${i + 1} was expected`);
      if (i > 0 && e.fechaExpedicion < list[i - 1].fechaExpedicion && problems.length < 5) problems.push(`${serie}/${e.numero}: date goes back`);
    });
  }
  return problems;
}

/** The numbering's counters summed over the instances (src/commands/facturas-append.ts, on /metrics). */
async function numberingCounters(children: Child<Url>[]): Promise<{ attempts: number; conflicts: number }> {
  let attempts = 0;
  let conflicts = 0;
  for (const c of children) {
    const text = await (await fetch(`${c.ready.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
    attempts += value('invoice_numbering_attempts_total');
    conflicts += value('invoice_numbering_conflicts_total');
  }
  return { attempts, conflicts };
}

function writeProfile(dir: string): void {
  const file = readdirSync(join(dir, 'prof')).find((f) => f.endsWith('.cpuprofile'));
  if (!file) return;
  const queries = Object.entries(JSON.parse(readFileSync(join(dir, 'queries.json'), 'utf8')) as Record<string, number>);
  const sql = ['| statements | first 70 characters |', '|---:|---|', ...queries.slice(0, 20).map(([q, n]) => `| ${n} | \`${q.replace(/\|/g, '\\|')}\` |`)].join('\n');
  const text = `## CPU profile: billing-invoices, instance 0 (diary and invoices)\n\n${summarise(JSON.parse(readFileSync(join(dir, 'prof', file), 'utf8')))}\n\n**SQL statements sent by instance 0**\n\n${sql}\n`;
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/profile-billing-invoices.md', text);
}

async function setUp(api: Api): Promise<{ admin: Session; patients: Session[] }> {
  const admin = await api.admin();
  await api.ok('PUT', '/api/admin/facturacion/ajustes', { token: admin.token, body: { emisorEs: 'CONSULTA', consulta: EMISOR } });
  const patients: Session[] = [];
  for (let w = 0; w < WRITERS; w++) patients.push(await api.registerPaciente(`factura${w}`));
  return { admin, patients };
}

export async function billingInvoicesSection(ctx: SectionContext): Promise<void> {
  const invoices = ctx.quick ? 300 : 10_000;
  const boundMs = ctx.quick ? 40_000 : 240_000;
  const url = await ctx.pg.createDatabase('bench_billing_invoices');
  await withTempDir('bench-billing-invoices-', async (dir) => {
    const children: Child<Url>[] = [];
    try {
      // One after another: the first migrates, the second finds it done.
      const profiling = process.env.BENCH_BILLING_PROFILE === '1';
      const profDir = join(dir, 'prof');
      mkdirSync(profDir);
      for (let i = 0; i < INSTANCES; i++) {
        const profile = profiling && i === 0 ? { nodeArgs: ['--cpu-prof', '--cpu-prof-dir', profDir] } : {};
        const queries: Record<string, string> = profiling && i === 0 ? { BENCH_QUERY_LOG: join(dir, 'queries.json') } : {};
        children.push(await spawnTs<Url>('bench/lib/service-main.ts', { env: serviceEnv(url, dir, { METRICS_TOKEN, ...queries }), ...profile }));
      }
      const apis = children.map((c) => new Api(c.ready.url));
      const { admin, patients } = await setUp(apis[0]);
      const warm = Math.min(200, invoices / 10);
      ctx.log(`billing-invoices: diary entries, ${WRITERS} writers over ${INSTANCES} instances`);
      const diaryBody = { emocion: 'Calma', intensidad: 4, nota: 'Paseo por el parque' };
      const diaryOp = (w: number, api: Api) => api.call('POST', '/api/diario-emocional', { token: patients[w].token, body: diaryBody, timeoutMs: 30_000 });
      await drive(warm, 10_000, diaryOp, apis);
      const diary = await drive(invoices, boundMs / 4, diaryOp, apis);
      ctx.log(`billing-invoices: diary ${round(diary.done / diary.seconds, 0)} req/s; now ${invoices} invoices`);

      const before = await numberingCounters(children);
      const emitidas: Emitida[] = [];
      const invoiceOp = async (w: number, api: Api) => {
        const r = await api.call('POST', '/api/admin/facturas', {
          token: admin.token, timeoutMs: 60_000,
          body: { idPaciente: patients[w].idPaciente, lineas: [{ descripcion: 'Sesión de psicología', precioCentimos: 6000 }] },
        });
        if (r.status === 201) emitidas.push({ numero: r.body.numero, serie: r.body.serie, fechaExpedicion: r.body.fechaExpedicion });
        return r;
      };
      const run = await drive(invoices, boundMs, invoiceOp, apis);
      const after = await numberingCounters(children);
      const attempts = after.attempts - before.attempts;
      const conflicts = after.conflicts - before.conflicts;

      const o = await openBenchStore(url, dir);
      let verify: Awaited<ReturnType<typeof verificarRegistros>>;
      let verifySeconds: number;
      try {
        const t = performance.now();
        verify = await verificarRegistros(o.store);
        verifySeconds = (performance.now() - t) / 1000;
      } finally {
        await o.close();
      }
      const problems = numberingProblems(emitidas);
      if (!verify.valido) problems.push(`chain broken: ${JSON.stringify(verify.rotura)}`);
      if (verify.registros !== run.done) problems.push(`${verify.registros} records in the log for ${run.done} invoices acknowledged`);
      const rate = run.done / run.seconds;
      const diaryRate = diary.done / diary.seconds;
      const r = ratio(rate, diaryRate);
      ctx.add({
        section: SECTION, name: `POST /api/admin/facturas, one issuer, ${WRITERS} writers over ${INSTANCES} instances`, value: round(rate, 0), unit: 'invoices/s',
        p50Ms: round(run.p50), p99Ms: round(run.p99),
        ratios: [{ to: `POST /api/diario-emocional, same writers and instances (target ≥ ${TARGET_RATIO})`, value: r }],
        note: `${run.done} of ${invoices} invoices in ${round(run.seconds, 1)} s${run.done < invoices ? ' (time bound hit)' : ''}; `
          + `${attempts} numbering attempts, ${conflicts} lost races (${round(conflicts / Math.max(1, run.done), 2)} per invoice); `
          + `numbers, dates and chain (billing:verify's check, ${round(verifySeconds, 1)} s): ${problems.length ? `PROBLEMS ${problems.join('; ')}` : 'all good'}; `
          + `target ${r >= TARGET_RATIO ? 'met' : 'NOT met'}${failureText(run.failures)}`,
      });
      ctx.add({
        section: SECTION, name: `POST /api/diario-emocional, ${WRITERS} writers over ${INSTANCES} instances (reference)`, value: round(diaryRate, 0), unit: 'req/s',
        p50Ms: round(diary.p50), p99Ms: round(diary.p99), ratios: [{ to: 'itself', value: 1 }],
        note: `${diary.done} entries in ${round(diary.seconds, 1)} s after ${warm} to warm up${failureText(diary.failures)}`,
      });
      if (problems.length) throw new Error(`billing-invoices: ${problems.join('; ')}`);
    } finally {
      for (const c of children.reverse()) await c.stop();
    }
    if (process.env.BENCH_BILLING_PROFILE === '1') writeProfile(dir);
  });
}
