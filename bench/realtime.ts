// Real-time: the STOMP soak (bench/stomp-soak.ts, run as it is, in its own process with its own
// server) against a floor measured in the same run: a bare `ws` server that echoes and holds the
// same number of sessions. Ratios: delivery latency ÷ echo round trip, memory ÷ a bare socket's.
import WebSocket from 'ws';
import { runTs, spawnTs } from './lib/child.ts';
import type { SectionContext } from './lib/context.ts';
import { percentile, pool, ratio, round, sleep } from './lib/stats.ts';

const SECTION = 'Real-time';

interface SoakReport {
  sessions: number;
  users: number;
  connectSeconds: number;
  messages: number;
  deliveriesExpected: number;
  deliveriesReceived: number;
  latencyMs: { p50: number; p99: number; max: number };
  serverMemoryPerSessionKiB: { rss: number; heap: number };
  serverRssMiB: number;
}

interface Floor {
  p50: number;
  p99: number;
  rssKiBPerSession: number;
  heapKiBPerSession: number;
}

/** The bare ws floor: `sessions` sockets held, `messages` echo round trips at `rate` per second. */
async function wsFloor(sessions: number, messages: number, rate: number): Promise<Floor> {
  const child = await spawnTs<{ url: string }>('bench/lib/floor-main.ts', { args: ['ws'] });
  const sockets: WebSocket[] = [];
  try {
    const memory = async () => (await (await fetch(`${child.ready.url}/memory`)).json()) as { rss: number; heap: number };
    const before = await memory();
    const wsUrl = `${child.ready.url.replace('http', 'ws')}/ws`;
    await pool(Array.from({ length: sessions }, (_, i) => i), 50, async () => {
      const ws = new WebSocket(wsUrl);
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      sockets.push(ws);
    });
    await sleep(2000); // as the soak waits before it reads the server's memory
    const after = await memory();
    const latencies: number[] = [];
    for (let k = 0; k < messages; k++) {
      const ws = sockets[k % sockets.length];
      const t = performance.now();
      await new Promise<void>((resolve) => {
        ws.once('message', () => resolve());
        ws.send(`echo-${k}`);
      });
      latencies.push(performance.now() - t);
      await sleep(1000 / rate);
    }
    return {
      p50: percentile(latencies, 50), p99: percentile(latencies, 99),
      rssKiBPerSession: (after.rss - before.rss) / sessions / 1024, heapKiBPerSession: (after.heap - before.heap) / sessions / 1024,
    };
  } finally {
    for (const ws of sockets) ws.terminate();
    await child.stop();
  }
}

function parseSoak(stdout: string): SoakReport | null {
  const a = stdout.indexOf('{');
  const b = stdout.lastIndexOf('}');
  if (a < 0 || b < a) return null;
  try {
    return JSON.parse(stdout.slice(a, b + 1)) as SoakReport;
  } catch {
    return null;
  }
}

export async function realtimeSection(ctx: SectionContext): Promise<void> {
  const s = ctx.sizes.stomp;
  const url = await ctx.pg.createDatabase('bench_stomp');
  ctx.log(`realtime: STOMP soak, ${s.sessions} sessions`);
  const args = ['--sessions', String(s.sessions), '--users', String(s.users), '--messages', String(s.messages), '--rate', String(s.rate), '--duration', String(s.durationSeconds)];
  const run = await runTs('bench/stomp-soak.ts', args, { DATABASE_URL: url }, (s.durationSeconds + 40) * 1000);
  const soak = parseSoak(run.stdout);
  if (!soak) throw new Error(`stomp-soak gave no report (exit ${run.code}): ${run.stderr.slice(-1500)}`);
  ctx.log('realtime: bare ws floor');
  const floor = await wsFloor(s.sessions, s.messages, s.rate);
  const complete = soak.deliveriesReceived === soak.deliveriesExpected;
  const note = `${soak.deliveriesReceived}/${soak.deliveriesExpected} deliveries${complete ? '' : ' (INCOMPLETE)'}; ${soak.users} users; server RSS ${soak.serverRssMiB} MiB`;
  ctx.add({ section: SECTION, name: `STOMP sessions held (connect time for all)`, value: soak.sessions, unit: 'sessions', ratios: [{ to: 'sessions asked', value: ratio(soak.sessions, s.sessions) }], note: `connected in ${soak.connectSeconds} s` });
  ctx.add({
    section: SECTION, name: `STOMP chat delivery latency, ${soak.messages} messages fanned out`, value: soak.latencyMs.p50, unit: 'ms p50',
    p50Ms: soak.latencyMs.p50, p99Ms: soak.latencyMs.p99,
    ratios: [{ to: 'bare ws echo p50', value: ratio(soak.latencyMs.p50, floor.p50) }, { to: 'bare ws echo p99 (for p99)', value: ratio(soak.latencyMs.p99, floor.p99) }],
    note,
  });
  ctx.add({
    section: SECTION, name: 'STOMP server memory per session (RSS)', value: soak.serverMemoryPerSessionKiB.rss, unit: 'KiB',
    ratios: [{ to: 'bare ws socket', value: ratio(soak.serverMemoryPerSessionKiB.rss, floor.rssKiBPerSession) }],
    note: `heap ${soak.serverMemoryPerSessionKiB.heap} KiB/session vs bare ${round(floor.heapKiBPerSession, 1)}`,
  });
  ctx.add({ section: SECTION, name: 'floor: bare ws echo round trip', value: round(floor.p50, 2), unit: 'ms p50', p50Ms: round(floor.p50, 2), p99Ms: round(floor.p99, 2), ratios: [{ to: 'itself', value: 1 }], note: `${round(floor.rssKiBPerSession, 1)} KiB RSS per socket` });
}
