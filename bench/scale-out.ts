// Scale-out (issue 24): 1, 2 and 4 service processes on one PostgreSQL primary with a streaming
// standby for list reads, behind HAProxy, under a mixed load (bookings, diary, chat, reads) through
// the balancer. At every N: owners per consumer (each instance's own view, sampled), stale reads
// with the consistency token, acknowledged writes lost, mails and pushes per notice at the sinks,
// reminders per appointment. With 2 and 4, the busiest instance is killed with -9 mid-load: the
// takeover of its consumers ÷ the lease, and every chat message acknowledged meanwhile delivered or
// listed. Then, on 4 fresh instances: one user's writes through the balancer ÷ the shared limit, and
// the projection lag at 100 appends/s.
import { Api } from './lib/api.ts';
import { withTempDir, type SectionContext } from './lib/context.ts';
import type { Figure } from './lib/report.ts';
import { ratio, round, sleep } from './lib/stats.ts';
import { Cluster, clusterEnv, Databases } from './scale-out/cluster.ts';
import { outboxDrained, startMailSink, tallyNotices, tallyReminders } from './scale-out/notices.ts';
import { setUpPractice, type Practice } from './scale-out/practice.ts';
import { listIds, lostWrites, runWorkload, type WorkloadResult } from './scale-out/workload.ts';
import { LAG_MODEL, lagWithInstances, OwnerSampler } from './scale-out/watch.ts';
import { openBenchStore } from './projections.ts';
import { accuracy, BURST, PER_MINUTE } from './throttles.ts';

const SECTION = 'Scale-out';
const LEASE_MS = 5_000;
const ZONE = 'Europe/Madrid';

interface RoundResult {
  n: number;
  work: WorkloadResult;
  takeoverMs: number | null;
}

async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(250);
  }
  return check();
}

/** Kills the busiest instance halfway through the load; resolves with the takeover time of its consumers. */
async function killMidway(ctx: SectionContext, cluster: Cluster, sampler: OwnerSampler, afterMs: number): Promise<{ ms: number; at: number; names: string[] }> {
  await sleep(afterMs);
  await sampler.sample();
  const victim = sampler.busiest();
  const names = sampler.lastRunning.get(victim.index) ?? [];
  await cluster.kill(victim);
  ctx.log(`scale-out: killed instance ${victim.index} (${names.length} consumers)`);
  return { ms: await sampler.takeover(names, victim.killedAt!, 10 * LEASE_MS), at: victim.killedAt!, names };
}

/** Chat messages acknowledged (all, and those around the kill) that reached the receiver live or are in their list. */
async function chatDelivery(base: string, practice: Practice, work: WorkloadResult, window: [number, number] | null) {
  const listed = new Set<number>();
  for (const p of practice.psicologos) for (const id of await listIds(base, '/api/psicologo/mensajes', p.token, 'idMensaje')) listed.add(id);
  const all = work.acknowledged.mensajes;
  const live = all.filter((m) => practice.received.get(m.receiverId)?.has(m.idMensaje));
  const reached = all.filter((m) => listed.has(m.idMensaje) || practice.received.get(m.receiverId)?.has(m.idMensaje));
  const during = window ? all.filter((m) => m.at >= window[0] && m.at <= window[1]) : [];
  const duringReached = during.filter((m) => reached.includes(m));
  return { all: all.length, live: live.length, reached: reached.length, during: during.length, duringReached: duringReached.length };
}

async function measureRound(ctx: SectionContext, dbs: Databases, n: number, dir: string, first: number | null): Promise<number> {
  const urls = await dbs.create(`scaleout_${n}`);
  const mails = await startMailSink();
  const cluster = new Cluster(dir, clusterEnv(urls, dir, mails.url, LEASE_MS));
  const sampler = new OwnerSampler(cluster);
  let practice: Practice | null = null;
  try {
    await cluster.start(n);
    practice = await setUpPractice(new Api(cluster.url), `n${n}`, 4, 4);
    sampler.start();
    const seconds = ctx.sizes.scaleOut.seconds;
    ctx.log(`scale-out: ${n} instance(s), mixed load for ${seconds} s`);
    const killing = n >= 2 ? killMidway(ctx, cluster, sampler, (seconds * 1000) / 2) : null;
    const work = await runWorkload({ url: cluster.url, patients: practice.patients, perPsicologo: 4, seconds, zone: ZONE });
    const kill = killing ? await killing : null;
    await sampler.stop();
    // Settle: the soon appointments' reminders (the worker looks every 30 s), then the outbox.
    const o = await openBenchStore(urls.primary, dir);
    const soon = work.acknowledged.citas.filter((c) => c.soon).map((c) => c.idCita);
    await until(async () => (await tallyReminders(o.store, soon)).missing === 0, 75_000);
    const drainStart = performance.now();
    await until(() => outboxDrained(o.knex), 180_000);
    const drainSeconds = (performance.now() - drainStart) / 1000;
    await sleep(1_000);
    const reminders = await tallyReminders(o.store, soon);
    const notices = await tallyNotices(o.knex, mails, cluster.instances);
    await o.close();
    const lost = await lostWrites(cluster.url, practice.patients, work.acknowledged);
    const chat = await chatDelivery(cluster.url, practice, work, kill ? [kill.at - 1_000, kill.at + kill.ms + 2_000] : null);
    report(ctx, { n, work, takeoverMs: kill?.ms ?? null }, first, { sampler, reminders, notices, lost, chat, killed: kill?.names.length ?? 0, drainSeconds });
    return work.ops / work.seconds;
  } finally {
    await sampler.stop();
    await practice?.close();
    await cluster.stop();
    await mails.close();
  }
}

function report(ctx: SectionContext, r: RoundResult, first: number | null, x: {
  sampler: OwnerSampler; reminders: Awaited<ReturnType<typeof tallyReminders>>; notices: Awaited<ReturnType<typeof tallyNotices>>;
  lost: { lost: number; examples: string[] }; chat: Awaited<ReturnType<typeof chatDelivery>>; killed: number; drainSeconds: number;
}): void {
  const { n, work } = r;
  const rate = work.ops / work.seconds;
  const failures = Object.keys(work.failures).length ? JSON.stringify(work.failures) : 'none';
  const add = (name: string, value: number, unit: string, to: string, v: number, note?: string) =>
    ctx.add({ section: SECTION, name: `${name}, ${n} instance(s)`, value, unit, ratios: [{ to, value: v }], note } as Figure);
  add('mixed load through HAProxy', round(rate, 0), 'ops/s', first === null ? 'itself' : 'one instance', first === null ? 1 : ratio(rate, first),
    `${work.ops} operations in ${round(work.seconds, 1)} s (${work.acknowledged.citas.length} bookings, ${work.acknowledged.diario.length} diary entries, ${work.acknowledged.mensajes.length} chat messages, ${work.reads} list reads, each write read back); failed requests ${failures}${r.takeoverMs !== null ? ' (those of the killed instance among them)' : ''}`);
  add('owners of one consumer at once', x.sampler.maxOwners, 'instances', 'target ≤ 1', x.sampler.maxOwners, `${x.sampler.samples} samples of every instance's /health "running"${x.sampler.worst ? `; most: ${x.sampler.worst}` : ''}`);
  add('stale reads with the consistency token', work.stale.total, 'reads', 'target 0', work.stale.total, `${work.stale.checked} writes read back at once through the balancer (primary or standby)${work.stale.examples.length ? `; e.g. ${work.stale.examples.join('; ')}` : ''}`);
  add('acknowledged writes lost', x.lost.lost, 'writes', 'target 0', x.lost.lost, `${work.acknowledged.citas.length + work.acknowledged.diario.length + work.acknowledged.mensajes.length} acknowledged, each looked for in the lists afterwards${x.lost.examples.length ? `; missing ${x.lost.examples.join(', ')}` : ''}`);
  for (const t of x.notices) {
    const worst = t.doubled ? 2 : t.lost || t.waiting ? 0 : 1;
    add(`${t.kind === 'mail' ? 'mails' : 'pushes'} per notice`, worst, t.kind === 'mail' ? 'mails' : 'pushes', 'target exactly 1', worst,
      `${t.queued} notices queued: ${t.once} delivered once, ${t.lost} never (marked sent or failed), ${t.waiting} still waiting when counted, ${t.doubled} more than once; ${t.unknown} deliveries of no queued notice (counted at the ${t.kind === 'mail' ? 'SMTP server' : 'push logs'}); the outbox drained ${round(x.drainSeconds, 1)} s after the load and the reminders`);
  }
  const rem = x.reminders;
  const remWorst = rem.doubled ? 2 : rem.missing ? 0 : 1;
  add('reminders per appointment, recipient and lead', remWorst, 'reminders', 'target exactly 1', remWorst, `${rem.appointments} appointments starting within hours, ${rem.reminders} reminders recorded; ${rem.missing} recipient(s) without one, ${rem.doubled} doubled`);
  if (r.takeoverMs !== null) {
    add('kill -9 of the busiest instance: takeover of its consumers', round(r.takeoverMs, 0), 'ms', `the lease (${LEASE_MS} ms; target ≤ 2)`, round(r.takeoverMs / LEASE_MS, 2), `${x.killed} consumers ran there; until every one runs on a live instance (sampled /health)`);
    add('chat messages sent around the kill, delivered or listed', x.chat.duringReached, 'messages', `sent (${x.chat.during}; target all)`, x.chat.during ? round(x.chat.duringReached / x.chat.during, 3) : 1,
      `all round: ${x.chat.reached} of ${x.chat.all} reached the psychologist (${x.chat.live} live over STOMP through the balancer, the rest in their list)`);
  }
}

export async function scaleOutSection(ctx: SectionContext): Promise<void> {
  const dbs = await Databases.start();
  try {
    await withTempDir('bench-scaleout-', async (dir) => {
      let first: number | null = null;
      for (const n of [1, 2, 4]) {
        const rate = await measureRound(ctx, dbs, n, dir, first);
        first ??= rate;
      }
      await fourInstances(ctx, dbs, dir);
    });
  } finally {
    await dbs.stop();
  }
}

/** Four fresh instances with the shared write limit on: its accuracy through the balancer, then the projection lag. */
async function fourInstances(ctx: SectionContext, dbs: Databases, dir: string): Promise<void> {
  const urls = await dbs.create('scaleout_limits');
  const mails = await startMailSink();
  const cluster = new Cluster(dir, { ...clusterEnv(urls, dir, mails.url, LEASE_MS), WRITES_PER_MINUTE: String(PER_MINUTE), WRITE_BURST: String(BURST) });
  try {
    await cluster.start(4);
    const api = new Api(cluster.url);
    ctx.log('scale-out: throttle accuracy through the balancer, 4 instances');
    // bench/throttles.ts's accuracy run, through the one balancer address instead of round robin over instances.
    const t = await accuracy([api], 'limite');
    ctx.add({
      section: SECTION, name: 'writes accepted ÷ the shared limit, one user through HAProxy, 4 instances', value: round(t.accepted / t.limit, 2), unit: '×',
      ratios: [{ to: 'exact (1.0; target ≤ 1.05)', value: round(t.accepted / t.limit, 2) }],
      note: `${t.accepted} accepted of ${4 * BURST}, limit ${round(t.limit, 1)} (burst ${BURST} + ${PER_MINUTE}/min refill); statuses ${JSON.stringify(t.statuses)}`,
    });
    const { rate, lagSeconds } = { rate: 100, lagSeconds: ctx.sizes.scaleOut.lagSeconds };
    ctx.log(`scale-out: projection lag at ${rate} appends/s, 4 instances`);
    const writer = await api.registerPaciente('lag');
    const lag = await lagWithInstances(urls.primary, dir, writer.idPaciente!, rate, lagSeconds);
    ctx.add({
      section: SECTION, name: `projection lag at ${rate} appends/s for ${lagSeconds} s, 4 instances (append → ${LAG_MODEL} checkpoint; diario is inline)`, value: round(lag.p99, 1), unit: 'ms p99',
      ratios: [{ to: 'target (100 ms)', value: round(lag.p99 / 100, 2) }], note: `${lag.n} events; p50 ${round(lag.p50, 1)} ms; heard on the checkpoint channel by the bench process`,
    });
  } finally {
    await cluster.stop();
    await mails.close();
  }
}
