// Projections: rebuild rate of every read model over a generated clinic log (sealed, as in
// production), how the rebuild time grows with the log, and the projection lag under a sustained
// write load (append committed → visible in the read models, as read-your-writes waits for it).
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { EventStore } from '../src/eventstore/port.ts';
import { openEventStore } from '../src/eventstore/open.ts';
import { PostgresEventStore } from '../src/eventstore/postgres.ts';
import { loadConfig } from '../src/platform/config.ts';
import { createKnex, migrate } from '../src/platform/database.ts';
import { allProjections } from '../src/projections/index.ts';
import { CheckpointRunner, projectionHandlers, resetProjections, type Projection } from '../src/projections/runner.ts';
import { OffThreadReads, type ReadsSource } from '../src/projections/rebuild-reads.ts';
import { shadowRebuild } from '../src/projections/shadow-rebuild.ts';
import { BENCH_MASTER_KEY } from './lib/api.ts';
import { withTempDir, type SectionContext } from './lib/context.ts';
import { generateClinicLog, reserveIds } from './lib/generate.ts';
import type { Figure } from './lib/report.ts';
import { percentile, ratio, round, sleep } from './lib/stats.ts';
import { useInlineModels } from '../src/projections/inline.ts';

const SECTION = 'Projections';
const fmt = (n: number) => n.toLocaleString('en-US');

export interface OpenedStore {
  knex: Knex;
  url: string;
  store: EventStore;
  /** Every read model, with the bench's configuration (pepper, zone). */
  projections: Projection[];
  /** What a rebuild's reading worker opens its own store with (src/projections/rebuild-reads.ts). */
  source: ReadsSource;
  close(): Promise<void>;
}

/** The production wiring (`openEventStore`: sealing over PostgreSQL) on a fresh, migrated database. */
export async function openBenchStore(url: string, dataDir: string, opts: { inline?: boolean } = {}): Promise<OpenedStore> {
  const knex = createKnex(url, 20);
  await migrate(knex);
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url, MASTER_KEY: BENCH_MASTER_KEY, JWT_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent' });
  const { store, raw } = await openEventStore(config, knex, url);
  // Beside running servers: its appends write the inline read models as theirs do (docs/read-models.md).
  if (opts.inline) useInlineModels(raw, knex, allProjections(config));
  return { knex, url, store, projections: allProjections(config), source: { ...config, url }, close: async () => { await store.close(); await knex.destroy(); } };
}

/** One pass over the whole log through the store (decryption included), applying nothing. */
async function readPass(store: EventStore): Promise<{ events: number; seconds: number }> {
  const t = performance.now();
  let from = null as string | null;
  let events = 0;
  for (;;) {
    const r = await store.readAll(from, 500);
    if (r.events.length === 0) break;
    events += r.events.length;
    from = r.last;
  }
  return { events, seconds: (performance.now() - t) / 1000 };
}

/**
 * Why `waitFor` answered false: the runner's waiters end at once (false) when a consumer is stuck
 * retrying an event (it then parks it, skipping the event): a figure measured past that would time
 * a read model that skipped work, so the bench fails instead, naming the consumer and the event.
 */
export function notCaughtUp(runner: CheckpointRunner, parked: string[], what: string, timeoutMs: number): Error {
  const failing = runner.failing().map((f) => `${f.name} at ${f.position} (${f.attempts} attempts)`);
  if (failing.length || parked.length) {
    return new Error(`${what}: consumers stuck on an event: ${[...failing, ...parked.map((p) => `${p} parked an event`)].join(', ')}`);
  }
  return new Error(`${what}: not caught up within ${timeoutMs / 1000} s`);
}

/** Runner options that record parked events (each one a consumer that skipped an event: a broken figure). */
export function parkedRecorder(): { parked: string[]; onParked: (name: string, id: number) => void } {
  const parked: string[] = [];
  return { parked, onParked: (name, id) => parked.push(`${name} (parked #${id})`) };
}

/**
 * Empties every read model and replays the log as npm run projections:rebuild does (the log read
 * and opened on a worker thread); returns the time and when each projection finished.
 */
export async function rebuild(o: OpenedStore, timeoutMs: number): Promise<{ seconds: number; slowest: string; reads: string }> {
  await resetProjections(o.knex, o.projections);
  const head = await o.store.head();
  const finished = new Map<string, number>();
  const t = performance.now();
  const { parked, onParked } = parkedRecorder();
  const reads = await OffThreadReads.start(o.store, o.source);
  const runner = new CheckpointRunner(o.knex, reads, projectionHandlers(o.projections), {
    table: 'projection_checkpoints',
    onParked,
    // Called per consumer per committed batch: the first batch that reaches the head is when that read model finished.
    onBatch: (name, position) => {
      if (o.store.compare(position, head) >= 0 && !finished.has(name)) finished.set(name, (performance.now() - t) / 1000);
    },
  });
  runner.start();
  const ok = await runner.waitFor(head, timeoutMs);
  const seconds = (performance.now() - t) / 1000;
  const error = ok && parked.length === 0 ? null : notCaughtUp(runner, parked, 'rebuild', timeoutMs);
  await runner.stop();
  const offThread = reads.offThread;
  await reads.stopWorker();
  if (error) throw error;
  const slowest = [...finished].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([n, s]) => `${n} ${s.toFixed(1)} s`).join(', ');
  return { seconds, slowest, reads: offThread ? 'the log read on a worker thread' : 'the log read on the main thread' };
}

async function rebuildFigures(ctx: SectionContext, o: OpenedStore): Promise<void> {
  const { rebuildEvents, growth } = ctx.sizes.projections;
  const sizes = [...growth.filter((g) => g < rebuildEvents), rebuildEvents];
  let perEventAtSmallest = NaN;
  let written = 0;
  for (const size of sizes) {
    const t = performance.now();
    const before = written;
    written = before + (await generateClinicLog(o.knex, o.store, size - before, (n) => ctx.log(`projections: generated ${fmt(before + n)} events`)));
    const genRate = (written - before) / ((performance.now() - t) / 1000);
    const floor = await readPass(o.store);
    ctx.log(`projections: rebuilding ${fmt(written)} events`);
    const r = await rebuild(o, 3_600_000);
    const rate = written / r.seconds;
    const perEvent = r.seconds / written;
    if (Number.isNaN(perEventAtSmallest)) perEventAtSmallest = perEvent;
    const growthRatio = { to: `time per event at ${fmt(sizes[0])} events`, value: ratio(perEvent, perEventAtSmallest) };
    ctx.add({
      section: SECTION, name: `rebuild all ${o.projections.length} read models, ${fmt(written)} events`, value: round(rate, 0), unit: 'events/s',
      ratios: [{ to: 'one sealed read pass of the log', value: ratio(rate, floor.events / floor.seconds) }, growthRatio],
      note: `${r.seconds.toFixed(1)} s, ${r.reads}; last to finish: ${r.slowest}`,
    });
    if (size === Math.min(PER_MODEL_EVENTS, rebuildEvents)) await rebuildEachAlone(ctx, o, written, floor.events / floor.seconds);
    if (size === rebuildEvents) {
      // The default CLI path: copies filled beside the live tables (unlogged), made logged, swapped in.
      ctx.log(`projections: rebuilding ${fmt(written)} events beside the live tables (shadow)`);
      const ts = performance.now();
      const reads = await OffThreadReads.start(o.store, o.source);
      await shadowRebuild({ knex: o.knex, url: o.url, store: reads, projections: o.projections }).finally(() => reads.stopWorker());
      const shadowSeconds = (performance.now() - ts) / 1000;
      ctx.add({
        section: SECTION, name: `rebuild beside the live tables and swap (npm run projections:rebuild), ${fmt(written)} events`,
        value: round(written / shadowSeconds, 0), unit: 'events/s',
        ratios: [{ to: 'one sealed read pass of the log', value: ratio(written / shadowSeconds, floor.events / floor.seconds) }, { to: 'in-place rebuild', value: ratio(r.seconds, shadowSeconds) }],
        note: `${shadowSeconds.toFixed(1)} s, of which making the copies logged and the switch are part`,
      });
      const plain = await readPass(new PostgresEventStore(o.knex, o.url));
      const plainRate = plain.events / plain.seconds;
      ctx.add({ section: SECTION, name: `sealed read pass (no apply), ${fmt(floor.events)} events`, value: round(floor.events / floor.seconds, 0), unit: 'events/s', ratios: [{ to: 'plain read pass (no decryption)', value: ratio(floor.events / floor.seconds, plainRate) }] });
      ctx.add({ section: SECTION, name: 'plain read pass (no decryption, no apply)', value: round(plainRate, 0), unit: 'events/s', ratios: [{ to: 'itself', value: 1 }] });
      ctx.add({ section: SECTION, name: 'log generation: sealed appends of ~2,000 events', value: round(genRate, 0), unit: 'events/s', ratios: [{ to: 'sealed read pass', value: ratio(genRate, floor.events / floor.seconds) }] });
    }
  }
}

/** Each read model rebuilt alone over a log of this size (the full rebuild runs them all at once). */
const PER_MODEL_EVENTS = 100_000;

/** Empties one read model and replays the log into it alone: its own rebuild rate, beside the others'. */
async function rebuildEachAlone(ctx: SectionContext, o: OpenedStore, events: number, readRate: number): Promise<void> {
  for (const p of [...o.projections].sort((a, b) => a.name.localeCompare(b.name))) {
    ctx.log(`projections: rebuilding ${p.name} alone over ${fmt(events)} events`);
    const { seconds } = await rebuild({ ...o, projections: [p] }, 3_600_000);
    ctx.add({
      section: SECTION, name: `rebuild one read model alone: ${p.name}${p.name === 'analitica' ? " (the analysts' schema)" : ''}, ${fmt(events)} events`,
      value: round(events / seconds, 0), unit: 'events/s', ratios: [{ to: 'one sealed read pass of the log', value: ratio(events / seconds, readRate) }],
      note: `${seconds.toFixed(1)} s; tables: ${p.tables.join(', ')}`,
    });
  }
}

/** Appends diary entries at a fixed rate and times each until the read models have it. */
async function lagFigure(ctx: SectionContext, o: OpenedStore, lagRate: number): Promise<Figure> {
  const { lagSeconds } = ctx.sizes.projections;
  const { parked, onParked } = parkedRecorder();
  const runner = new CheckpointRunner(o.knex, o.store, projectionHandlers(o.projections), { table: 'projection_checkpoints', onParked });
  runner.start();
  if (!(await runner.waitFor(await o.store.head(), 600_000))) {
    const error = notCaughtUp(runner, parked, 'lag: catching up before the test', 600_000);
    await runner.stop();
    throw error;
  }
  const total = Math.round(lagSeconds * lagRate);
  const ids = await reserveIds(o.knex, 'diario', total);
  const appendMs: number[] = [];
  const lagMs: number[] = [];
  const inFlight: Promise<void>[] = [];
  const t0 = performance.now();
  for (let i = 0; i < total; i++) {
    // Open loop: the i-th write starts on schedule, whether or not the earlier ones are visible yet.
    const due = t0 + (i * 1000) / lagRate;
    if (due > performance.now()) await sleep(due - performance.now());
    const write = (async () => {
      const start = performance.now();
      const r = await o.store.append([{ streamId: `diario-${ids[i]}`, expected: 'noStream', events: [{
        type: 'DiarioRegistrado',
        data: { idDiario: ids[i], idPaciente: 1 + (i % 500), fecha: '2031-01-06T21:00:00', emocion: 'Calma', intensidad: 5, nota: 'Bien' },
        metadata: { eventId: randomUUID(), actor: { idUsuario: 1, rol: 'PACIENTE' }, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
      }] }]);
      const committed = performance.now();
      appendMs.push(committed - start);
      if (!(await runner.waitFor(r.position, 60_000))) throw notCaughtUp(runner, parked, 'lag', 60_000);
      lagMs.push(performance.now() - committed);
    })();
    write.catch(() => {}); // reported after the loop (allSettled), not as an unhandled rejection meanwhile
    inFlight.push(write);
  }
  const settled = await Promise.allSettled(inFlight);
  await runner.stop();
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  if (parked.length) throw notCaughtUp(runner, parked, 'lag', 60_000);
  return {
    section: SECTION, name: `projection lag at ${lagRate} appends/s for ${lagSeconds} s (append → visible)`, value: round(percentile(lagMs, 99), 1), unit: 'ms p99',
    p50Ms: round(percentile(lagMs, 50), 1), p99Ms: round(percentile(lagMs, 99), 1),
    ratios: [{ to: 'append latency p99', value: ratio(percentile(lagMs, 99), percentile(appendMs, 99)) }],
    note: `${total} appends; append p50 ${percentile(appendMs, 50).toFixed(1)} ms, p99 ${percentile(appendMs, 99).toFixed(1)} ms`,
  };
}

export async function projectionsSection(ctx: SectionContext): Promise<void> {
  const url = await ctx.pg.createDatabase('bench_projections');
  await withTempDir('bench-proj-', async (dir) => {
    const o = await openBenchStore(url, dir);
    try {
      await rebuildFigures(ctx, o);
      for (const rate of ctx.sizes.projections.lagRates) {
        ctx.log(`projections: lag at ${rate} appends/s`);
        ctx.add(await lagFigure(ctx, o, rate));
      }
    } finally {
      await o.close();
    }
  });
}
