// FHIR Bulk Data export, one figure (issue 26): a system export of about 100,000 resources (quick:
// 10,000; BENCH_FHIR_EXPORT_RESOURCES overrides), resources per second and the memory of the
// service while it runs. The log is the bench's clinic (bench/lib/generate.ts: per patient a
// Patient, 6 Appointments, 4 Observations, a Condition and a CarePlan, an Encounter and its
// DocumentReference, 2 Communications: 17 resources in 31 events, and a Provenance for each of the
// 18 events on those resources' streams: 35), written straight to the store;
// the service runs in this process (so its memory is this process's), once its read models have
// caught up with the log. Time: the job's own, from kick-off to finished (the database's rows),
// not the client's polling.
import { loadConfig } from '../src/platform/config.ts';
import { startServer } from '../src/server.ts';
import { BENCH_ADMIN, serviceEnv } from './lib/api.ts';
import { withTempDir, type SectionContext } from './lib/context.ts';
import { generateClinicLog } from './lib/generate.ts';
import { round, sleep } from './lib/stats.ts';
import { openBenchStore } from './projections.ts';

const SECTION = 'FHIR export';
const RESOURCES_PER_PATIENT = 35;
const EVENTS_PER_PATIENT = 31;
const MB = 1024 * 1024;

/** The highest RSS and heap seen, sampled every 20 ms while `work` runs. */
async function peakMemory<T>(work: () => Promise<T>): Promise<{ result: T; rss: number; heap: number }> {
  let rss = 0;
  let heap = 0;
  const sample = () => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  };
  const timer = setInterval(sample, 20);
  try {
    sample();
    const result = await work();
    return { result, rss, heap };
  } finally {
    clearInterval(timer);
  }
}

async function call(url: string, path: string, token?: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${url}${path}`, { headers: { ...headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

/** Kick-off, polls honouring Retry-After, the manifest. */
async function exportAll(url: string, token: string): Promise<{ jobId: string; manifest: { output: { count: number }[] } }> {
  const k = await call(url, '/fhir/R4/$export', token, { Prefer: 'respond-async' });
  if (k.status !== 202) throw new Error(`kick-off: ${k.status} ${k.body}`);
  const status = new URL(k.headers.get('content-location')!).pathname;
  for (;;) {
    const r = await call(url, status, token);
    if (r.status === 200) return { jobId: status.split('/').pop()!, manifest: JSON.parse(r.body) };
    if (r.status !== 202 && r.status !== 429) throw new Error(`status: ${r.status} ${r.body}`);
    await sleep(Number(r.headers.get('retry-after') ?? 1) * 1000);
  }
}

export async function fhirExportSection(ctx: SectionContext): Promise<void> {
  const target = Number(process.env.BENCH_FHIR_EXPORT_RESOURCES ?? (ctx.quick ? 10_000 : 100_000));
  await withTempDir('practice-bench-fhir-export-', async (dir) => {
    const url = await ctx.pg.createDatabase('fhir_export');
    const opened = await openBenchStore(url, dir);
    const events = await generateClinicLog(opened.knex, opened.store, Math.ceil(target / RESOURCES_PER_PATIENT) * EVENTS_PER_PATIENT);
    await opened.close();
    ctx.log(`fhir-export: ${events} events written; starting the service`);
    const running = await startServer({ config: loadConfig(serviceEnv(url, dir, { BULK_EXPORT_RETRY_AFTER_SECONDS: '1' })) });
    try {
      if (!(await running.deps.projections.waitFor(await running.deps.store.head(), 900_000))) throw new Error('read models did not catch up');
      const login = await fetch(`${running.url}/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(BENCH_ADMIN) });
      const { token } = (await login.json()) as { token: string };
      const before = process.memoryUsage();
      ctx.log(`fhir-export: caught up; exporting (RSS ${round(before.rss / MB, 0)} MB)`);
      const { result, rss, heap } = await peakMemory(() => exportAll(running.url, token));
      const job = await running.deps.knex('fhir_export_jobs').where({ id: result.jobId }).first('creado_en', 'terminado_en');
      const seconds = (job.terminado_en.getTime() - job.creado_en.getTime()) / 1000;
      const resources = result.manifest.output.reduce((n, o) => n + o.count, 0);
      ctx.log(`fhir-export: ${resources} resources in ${round(seconds, 1)} s; peak RSS ${round(rss / MB, 0)} MB, heap ${round(heap / MB, 0)} MB`);
      ctx.add({
        section: SECTION, name: `GET /fhir/R4/$export, ${resources.toLocaleString('en')} resources`, value: round(resources / seconds, 0), unit: 'resources/s',
        ratios: [{ to: 'peak RSS ÷ RSS before the kick-off', value: round(rss / before.rss, 2) }],
        note: `${round(seconds, 1)} s from kick-off to finished; RSS before ${round(before.rss / MB, 0)} MB, peak ${round(rss / MB, 0)} MB; heap used before ${round(before.heapUsed / MB, 0)} MB, peak ${round(heap / MB, 0)} MB; ${events} events in the log`,
      });
    } finally {
      await running.close();
    }
  });
}
