// Figures 2 and 3: what the tree costs the writers, and how soon a write is under a signed
// checkpoint. An append here is the service's: one event of a new stream through the sealing store
// (`store.append`, as a diary entry's command does), the audit consumer and signer running in the
// same process as they do in the server; the read models are not running, so the tree's cost is
// not diluted by theirs.
import { randomUUID } from 'node:crypto';
import type { NewEvent } from '../../src/eventstore/port.ts';
import type { SectionContext } from '../lib/context.ts';
import { percentile, ratio, round, sleep, timedLoop } from '../lib/stats.ts';
import { AuditWorkers, leafCount, signedSize, type AuditBenchDb } from './log.ts';
import { cpuMeter, spent, type CpuMeter, type CpuSpent } from './cpu.ts';
import { SECTION, fmt, pairedRatio, pairsNote, target, targetBoth } from './targets.ts';

const WRITERS = 16;
const PATIENTS = 500;
const THROUGHPUT_TARGET = 0.95;
const LATENCY_TARGET_MS = 1000;

let nextDiary = 10_000_000;

/** A diary entry of one of PATIENTS patients (their data keys made in the warm-up). */
function diaryEntry(i: number, eventId: string = randomUUID()): { streamId: string; event: NewEvent } {
  const id = nextDiary++;
  return {
    streamId: `diario-${id}`,
    event: {
      type: 'DiarioRegistrado',
      data: { idDiario: id, idPaciente: 1 + (i % PATIENTS), fecha: '2031-01-06T21:00:00', emocion: 'Calma', intensidad: 1 + (i % 10), nota: 'Paseo por el parque con una amiga' },
      metadata: { eventId, actor: { idUsuario: 1 + (i % PATIENTS), rol: 'PACIENTE' }, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
    },
  };
}

async function appendOne(db: AuditBenchDb, i: number, eventId?: string): Promise<void> {
  const { streamId, event } = diaryEntry(i, eventId);
  await db.store.append([{ streamId, expected: 'noStream', events: [event] }]);
}

interface Phase { tree: boolean; appends: number; seconds: number; p50: number; p99: number; backlog: number; cpu: CpuSpent }

/** One measured phase; with the tree on, the workers start caught up and what they did not reach by the end is reported. */
async function phase(ctx: SectionContext, db: AuditBenchDb, meter: CpuMeter, tree: boolean): Promise<Phase> {
  const { appendSeconds } = ctx.sizes.audit;
  const workers = tree ? new AuditWorkers(db) : null;
  if (workers) {
    workers.start();
    await workers.settle(300_000);
  }
  const before = await leafCount(db.knex);
  const c0 = meter.sample();
  const r = await timedLoop({ writers: WRITERS, count: 200_000, ms: appendSeconds * 1000 }, (_, i) => appendOne(db, i));
  const c1 = meter.sample();
  const backlog = workers ? r.done - ((await leafCount(db.knex)) - before) : 0;
  await workers?.stop();
  const cpu = spent(c0, c1);
  return { tree, appends: r.done, seconds: r.seconds, p50: percentile(r.latencies, 50), p99: percentile(r.latencies, 99), backlog, cpu };
}

export async function throughputFigure(ctx: SectionContext, db: AuditBenchDb): Promise<void> {
  for (let i = 0; i < PATIENTS; i++) await appendOne(db, i); // warm-up: every patient's data key exists
  const meter = await cpuMeter(db.knex);
  const phases: Phase[] = [];
  // off, on, on, off, off, on, …: pairs of adjacent phases (targets.ts pairedRatio).
  for (let pair = 0; pair < ctx.sizes.audit.appendPairs; pair++) {
    for (const tree of pair % 2 ? [true, false] : [false, true]) {
      ctx.log(`audit: appends, tree ${tree ? 'on' : 'off'} (${phases.length + 1}/${2 * ctx.sizes.audit.appendPairs})`);
      phases.push(await phase(ctx, db, meter, tree));
    }
  }
  const sum = (on: boolean) => {
    const ps = phases.filter((p) => p.tree === on);
    const appends = ps.reduce((a, p) => a + p.appends, 0);
    const cpu = (k: keyof CpuSpent) => (ps.reduce((a, p) => a + p.cpu[k], 0) * 1e6) / appends;
    return { rate: appends / ps.reduce((a, p) => a + p.seconds, 0), p50: Math.max(...ps.map((p) => p.p50)), p99: Math.max(...ps.map((p) => p.p99)), node: cpu('node'), postgres: cpu('postgres') };
  };
  const [on, off] = [sum(true), sum(false)];
  const r = pairedRatio(phases.map((p) => ({ tree: p.tree, rate: p.appends / p.seconds })));
  const backlog = Math.max(...phases.map((p) => p.backlog));
  const us = (n: number) => `${Math.round(n)} µs`;
  const cpuRatio = (off.node + off.postgres) / (on.node + on.postgres);
  ctx.add({
    section: SECTION, name: `store.append with the tree on, 1 event/tx, ${WRITERS} writers (sealed diary entries)`, value: round(on.rate, 0), unit: 'appends/s', p50Ms: round(on.p50), p99Ms: round(on.p99),
    ratios: [
      { to: 'tree off (median of interleaved pairs)', value: ratio(r.median, 1) },
      { to: 'CPU per append (Node + PostgreSQL), off ÷ on', value: ratio(cpuRatio, 1) },
    ],
    note: `${targetBoth(`≥ ${THROUGHPUT_TARGET}× tree off`, THROUGHPUT_TARGET, r.median, cpuRatio)}; ${pairsNote(r.pairs)} (phases of ${ctx.sizes.audit.appendSeconds} s); CPU per append off → on: Node ${us(off.node)} → ${us(on.node)}, PostgreSQL ${us(off.postgres)} → ${us(on.postgres)}; at most ${backlog} events not yet leaves at a phase's end`,
  });
  ctx.add({ section: SECTION, name: 'store.append with the tree off (same workload, interleaved)', value: round(off.rate, 0), unit: 'appends/s', p50Ms: round(off.p50), p99Ms: round(off.p99), ratios: [{ to: 'itself', value: 1 }] });
}

/**
 * Appends at a steady `rate` (open loop) with the consumer and signer running, and times each from
 * the append's commit to the first signed checkpoint whose tree holds its leaf (audit_checkpoints
 * polled every 10 ms, the leaves it adds read by index).
 */
export async function latencyFigure(ctx: SectionContext, db: AuditBenchDb, rate = 100): Promise<void> {
  const seconds = ctx.sizes.audit.latencySeconds;
  const workers = new AuditWorkers(db);
  workers.start();
  await workers.settle(300_000);
  const committedAt = new Map<string, number>();
  const signedEarly = new Set<string>();
  const latencies: number[] = [];
  const appendMs: number[] = [];
  let covered = await signedSize(db.knex);
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const size = await signedSize(db.knex);
      if (size > covered) {
        const { rows } = await db.knex.raw('select event_id from audit_leaves where leaf_index >= ? and leaf_index < ?', [covered, size]);
        const now = performance.now();
        for (const { event_id: id } of rows as { event_id: string }[]) {
          const at = committedAt.get(id);
          if (at === undefined) signedEarly.add(id); // signed before its append call returned
          else latencies.push(now - at);
          committedAt.delete(id);
        }
        covered = size;
      }
      await sleep(10);
    }
  })();
  poller.catch(() => {}); // awaited (and thrown) in the finally below
  const total = Math.round(seconds * rate);
  const inFlight: Promise<void>[] = [];
  const t0 = performance.now();
  try {
    for (let i = 0; i < total; i++) {
      const due = t0 + (i * 1000) / rate;
      if (due > performance.now()) await sleep(due - performance.now());
      const id = randomUUID();
      const write = (async () => {
        const start = performance.now();
        await appendOne(db, i, id);
        const done = performance.now();
        appendMs.push(done - start);
        if (signedEarly.delete(id)) latencies.push(0);
        else committedAt.set(id, done);
      })();
      write.catch(() => {}); // reported after the loop, not as an unhandled rejection meanwhile
      inFlight.push(write);
    }
    const failed = (await Promise.allSettled(inFlight)).find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) throw failed.reason;
    const deadline = performance.now() + 30_000;
    while (committedAt.size > 0 && performance.now() < deadline) await sleep(20);
  } finally {
    polling = false;
    await poller;
    await workers.stop();
  }
  if (committedAt.size > 0) throw new Error(`audit latency: ${committedAt.size} appends not under a signed checkpoint within 30 s`);
  const p95 = percentile(latencies, 95);
  const interval = db.config.audit.checkpointIntervalMs;
  ctx.add({
    section: SECTION, name: `commit → signed checkpoint at ${rate} appends/s for ${seconds} s`, value: round(p95, 1), unit: 'ms p95',
    p50Ms: round(percentile(latencies, 50), 1), p99Ms: round(percentile(latencies, 99), 1),
    ratios: [{ to: `AUDIT_CHECKPOINT_INTERVAL_MS (${interval})`, value: ratio(p95, interval) }],
    note: `${target(`p95 ≤ ${fmt(LATENCY_TARGET_MS)} ms`, p95 <= LATENCY_TARGET_MS)}; ${fmt(latencies.length)} appends, append p50 ${percentile(appendMs, 50).toFixed(1)} ms, p99 ${percentile(appendMs, 99).toFixed(1)} ms`,
  });
}
