// Real-time abuse: the held-SEND attack of issue 22 (BEGIN, then 100 SENDs of 60 KB, new
// transactions, never a COMMIT) from one self-registered user's sessions, against the service in
// a child process. Reports the server's RSS growth during the attack and a few seconds after the
// sockets closed, against the same traffic made of SENDs the server refuses at once (receiving and
// dropping the bytes, nothing held). The write throttle is off here, so the caps alone bound it.
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { encodeFrame, FrameParser } from '../src/realtime/frame.ts';
import { Api, serviceEnv } from './lib/api.ts';
import { spawnTs } from './lib/child.ts';
import { withTempDir, type SectionContext } from './lib/context.ts';
import { ratio, round, sleep } from './lib/stats.ts';

const SECTION = 'Real-time abuse';
const SESSIONS = 10; // STOMP_SESSIONS_PER_USER's default: what one account may open
const HELD_CAP = 256 * 1024; // STOMP_MAX_HELD_BYTES's default
const BODY = Buffer.alloc(60 * 1024, 'x');
const MiB = 1024 * 1024;

interface Tally { framesSent: number; errors: number; connections: number }

/** One attacker's session, reopened whenever the server closes it, until `deadline`. */
async function attacker(wsUrl: string, token: string, deadline: number, tally: Tally, sockets: Set<WebSocket>, mode: 'held' | 'refused'): Promise<void> {
  while (performance.now() < deadline) {
    const ws = new WebSocket(wsUrl, ['v12.stomp']);
    sockets.add(ws);
    tally.connections++;
    const parser = new FrameParser();
    ws.on('message', (d: Buffer) => {
      for (const f of parser.push(d).frames) if (f.command === 'ERROR') tally.errors++;
    });
    const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
    ws.on('error', () => undefined);
    await new Promise<void>((resolve) => ws.once('open', () => resolve()).once('close', () => resolve()));
    if (ws.readyState === WebSocket.OPEN) ws.send(encodeFrame('CONNECT', { 'accept-version': '1.2', host: 'localhost', Authorization: `Bearer ${token}` }));
    for (let n = 0; ws.readyState === WebSocket.OPEN && performance.now() < deadline; n++) {
      ws.send(encodeFrame('BEGIN', { transaction: `t${n}` }));
      const headers: Record<string, string> = mode === 'held' ? { destination: '/app/chat', transaction: `t${n}` } : { destination: '/nowhere' };
      const send = encodeFrame('SEND', headers, BODY);
      for (let i = 0; i < 100 && ws.readyState === WebSocket.OPEN; i++) {
        ws.send(send);
        tally.framesSent++;
      }
      while (ws.readyState === WebSocket.OPEN && ws.bufferedAmount > MiB) await sleep(5);
    }
    ws.terminate();
    await closed;
    sockets.delete(ws);
  }
}

interface Memory { rss: number; heap: number; external: number }
interface Run { before: Memory; peak: number; after: Memory; tally: Tally }

/**
 * One service child, one user's `SESSIONS` sessions pushing the attack's traffic for `seconds`:
 * 'held' is the attack (each SEND in a transaction), 'refused' the same bytes with SENDs the server
 * refuses at the first frame (what receiving and dropping that traffic costs, nothing held).
 */
async function attackRun(ctx: SectionContext, mode: 'held' | 'refused', seconds: number): Promise<Run> {
  const url = await ctx.pg.createDatabase(`bench_held_${mode}`);
  const metricsToken = randomBytes(24).toString('hex');
  return withTempDir('bench-held-', async (dir) => {
    const env = serviceEnv(url, dir, { METRICS_TOKEN: metricsToken, STOMP_SESSIONS_PER_USER: String(SESSIONS), BCRYPT_COST: '4' });
    const service = await spawnTs<{ url: string }>('bench/lib/service-main.ts', { env });
    const sockets = new Set<WebSocket>();
    try {
      const memory = async (): Promise<Memory> => {
        const text = await (await fetch(`${service.ready.url}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } })).text();
        const metric = (name: string) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? NaN);
        return { rss: metric('process_resident_memory_bytes'), heap: metric('nodejs_heap_size_used_bytes'), external: metric('nodejs_external_memory_bytes') };
      };
      const me = await new Api(service.ready.url).registerPaciente(`held${mode}`);
      await sleep(1000);
      const before = await memory();
      ctx.log(`held-sends (${mode}): ${SESSIONS} sessions for ${seconds} s`);
      const tally: Tally = { framesSent: 0, errors: 0, connections: 0 };
      let peak = before.rss;
      const sampler = setInterval(() => void memory().then((m) => { peak = Math.max(peak, m.rss); }, () => undefined), 250);
      const deadline = performance.now() + seconds * 1000;
      const wsUrl = `${service.ready.url.replace('http', 'ws')}/ws`;
      await Promise.all(Array.from({ length: SESSIONS }, () => attacker(wsUrl, me.token, deadline, tally, sockets, mode)));
      clearInterval(sampler);
      peak = Math.max(peak, (await memory()).rss);
      await sleep(5000);
      return { before, peak, after: await memory(), tally };
    } finally {
      for (const ws of sockets) ws.terminate();
      await service.stop();
    }
  });
}

const mib = (bytes: number) => round(bytes / MiB, 1);

export async function heldSendsSection(ctx: SectionContext): Promise<void> {
  const seconds = ctx.quick ? 4 : 12;
  const floor = await attackRun(ctx, 'refused', seconds);
  const held = await attackRun(ctx, 'held', seconds);
  const t = held.tally;
  const growth = (r: Run) => r.peak - r.before.rss;
  const left = (r: Run) => r.after.rss - r.before.rss;
  const bound = SESSIONS * HELD_CAP;
  ctx.add({
    section: SECTION, name: `held-SEND attack, ${SESSIONS} sessions of one user, ${seconds} s: server RSS growth at peak`, value: mib(growth(held)), unit: 'MiB',
    ratios: [{ to: 'the same traffic refused at its first SEND', value: ratio(growth(held), growth(floor)) }],
    note: `${t.framesSent} SENDs of 60 KB (${Math.round((t.framesSent * BODY.length) / MiB)} MiB) over ${t.connections} connections, ${t.errors} ERRORs; the caps let ${SESSIONS} sessions hold ${mib(bound)} MiB; RSS ${mib(held.before.rss)} MiB before`,
  });
  ctx.add({
    section: SECTION, name: 'held-SEND attack: server RSS growth 5 s after the sockets closed', value: mib(left(held)), unit: 'MiB',
    ratios: [{ to: 'the same after the refused traffic', value: ratio(left(held), left(floor)) }],
    note: `heap used ${mib(held.after.heap - held.before.heap)} MiB, external ${mib(held.after.external - held.before.external)} MiB vs before; refused traffic: RSS +${mib(left(floor))} MiB (peak +${mib(growth(floor))})`,
  });
}
