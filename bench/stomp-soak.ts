// Soak test of the STOMP channel: holds N concurrent sessions on one server process (loopback
// only, bounded in time), sends chat messages through it, and reports delivery latency p50/p99
// and the server's memory per session.
//
//   npx tsx bench/stomp-soak.ts [--sessions 2000] [--users 50] [--messages 200] [--rate 10] [--duration 180]
//
// The server is `src/main.ts` in a child process (its own embedded PostgreSQL in a temporary
// folder, or DATABASE_URL), so the memory figures are the server's alone, read from /metrics.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { encodeFrame, FrameParser, headersOf } from '../src/realtime/frame.ts';

const { values } = parseArgs({
  options: {
    sessions: { type: 'string', default: '2000' },
    users: { type: 'string', default: '50' },
    messages: { type: 'string', default: '200' },
    rate: { type: 'string', default: '10' },
    duration: { type: 'string', default: '180' },
  },
});
const N = Number(values.sessions);
const USERS = Math.min(Number(values.users), N);
const MESSAGES = Number(values.messages);
/** Messages per second, from one sender: a busy chat, not a flood (one session's SENDs are handled in order). */
const RATE = Number(values.rate);
const DEADLINE_MS = Number(values.duration) * 1000;
const ADMIN = { email: 'admin@soak.local', password: 'Soak12345' };

let child: ChildProcess | null = null;
const dataDir = mkdtempSync(join(tmpdir(), 'stomp-soak-'));
chmodSync(dataDir, 0o711); // the embedded server may run as its own user (as root we create one): it must reach its folder
/** SIGTERM lets the server stop its embedded PostgreSQL; SIGKILL if it takes too long. */
async function cleanup(): Promise<void> {
  const c = child;
  if (c && c.exitCode === null) {
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    const force = setTimeout(() => c.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(force);
  }
  rmSync(dataDir, { recursive: true, force: true });
}
// Bounded in time whatever happens.
const watchdog = setTimeout(() => {
  process.stderr.write(`soak: deadline of ${DEADLINE_MS / 1000} s reached\n`);
  void cleanup().finally(() => process.exit(1));
}, DEADLINE_MS);

/** /metrics answers only with this run's token (METRICS_TOKEN). */
const METRICS_TOKEN = randomBytes(24).toString('hex');

function startServer(): Promise<string> {
  child = spawn(process.execPath, ['--import=tsx', 'src/main.ts'], {
    env: {
      ...process.env, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent',
      ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, BCRYPT_COST: '4', METRICS_TOKEN,
      // Hundreds of users from one address in seconds: the abuse limits would refuse the soak itself.
      LOGIN_MAX_FAILURES: '0', AUTH_RATE_PER_MINUTE: '0', REGISTRATIONS_PER_HOUR: '0', WRITES_PER_MINUTE: '0', STOMP_SESSIONS_PER_USER: '0',
      HTTP_MAX_CONNECTIONS: '0', // 2,000 sockets: past the default cap of 1,000
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child!.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /(?:API listening on |"url":")(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child!.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

async function http(base: string, method: string, path: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text;
}

async function serverMemory(base: string): Promise<{ rss: number; heap: number }> {
  const res = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  if (res.status !== 200) throw new Error(`/metrics: ${res.status}`);
  const text = await res.text();
  const metric = (name: string) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? NaN);
  return { rss: metric('process_resident_memory_bytes'), heap: metric('nodejs_heap_size_used_bytes') };
}

/** A bare STOMP session: CONNECT, one SUBSCRIBE, and a callback per MESSAGE body. */
function session(wsUrl: string, token: string, onMessage: (body: string) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl, ['v12.stomp']);
    const parser = new FrameParser();
    ws.on('open', () => {
      ws.send(encodeFrame('CONNECT', { 'accept-version': '1.2', host: 'localhost', Authorization: `Bearer ${token}` }).toString());
      ws.send(encodeFrame('SUBSCRIBE', { id: '0', destination: '/user/queue/messages', receipt: 'sub' }).toString());
    });
    ws.on('message', (data: Buffer) => {
      for (const f of parser.push(data).frames) {
        if (f.command === 'RECEIPT' && headersOf(f, '1.2')['receipt-id'] === 'sub') resolve(ws);
        else if (f.command === 'MESSAGE') onMessage(f.body.toString());
        else if (f.command === 'ERROR') reject(new Error(f.body.toString()));
      }
    });
    ws.on('error', reject);
  });
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function pool<T>(items: T[], limit: number, work: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i], i);
    }
  }));
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main() {
  const base = await startServer();
  const wsUrl = `${base.replace('http', 'ws')}/ws`;
  const admin = (await http(base, 'POST', '/auth/login', ADMIN)).token as string;
  const pacientes: { token: string; idUsuario: number }[] = [];
  await pool(Array.from({ length: USERS }, (_, i) => i), 4, async (i) => {
    const r = await http(base, 'POST', '/auth/register-paciente', {
      usuario: { nombre: `Soak${i}`, apellido: 'Bench', email: `soak${i}@bench.local`, password: 'soak12345' },
      fechaNacimiento: '1990-01-01', aceptaTerminos: true,
    });
    pacientes[i] = { token: r.token, idUsuario: r.idUsuario };
  });

  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const received = (body: string) => {
    const t = sentAt.get(JSON.parse(body).mensaje);
    if (t !== undefined) latencies.push(performance.now() - t);
  };
  const before = await serverMemory(base);
  const t0 = performance.now();
  const sockets: WebSocket[] = [];
  await pool(Array.from({ length: N }, (_, i) => i), 50, async (i) => {
    sockets.push(await session(wsUrl, pacientes[i % USERS].token, received));
  });
  const connectMs = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 2000));
  const after = await serverMemory(base);

  const sender = await session(wsUrl, admin, () => undefined);
  const expected = Array.from({ length: MESSAGES }, (_, k) => Math.ceil((N - (k % USERS)) / USERS)).reduce((a, b) => a + b, 0);
  for (let k = 0; k < MESSAGES; k++) {
    const mensaje = `soak-${k}`;
    sentAt.set(mensaje, performance.now());
    sender.send(encodeFrame('SEND', { destination: '/app/chat' }, JSON.stringify({ receiverId: pacientes[k % USERS].idUsuario, mensaje })).toString());
    await new Promise((r) => setTimeout(r, 1000 / RATE));
  }
  const waitUntil = Date.now() + 30_000;
  while (latencies.length < expected && Date.now() < waitUntil) await new Promise((r) => setTimeout(r, 100));

  latencies.sort((a, b) => a - b);
  const report = {
    sessions: N, users: USERS, connectSeconds: +(connectMs / 1000).toFixed(2),
    messages: MESSAGES, ratePerSecond: RATE, deliveriesExpected: expected, deliveriesReceived: latencies.length,
    latencyMs: { p50: +pct(latencies, 50).toFixed(1), p99: +pct(latencies, 99).toFixed(1), max: +latencies[latencies.length - 1].toFixed(1) },
    serverMemoryPerSessionKiB: { rss: Math.round((after.rss - before.rss) / N / 1024), heap: Math.round((after.heap - before.heap) / N / 1024) },
    serverRssMiB: Math.round(after.rss / 1048576),
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  for (const ws of [...sockets, sender]) ws.terminate();
  return latencies.length === expected ? 0 : 1;
}

main()
  .catch((err) => {
    process.stderr.write(`soak failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    return 1;
  })
  .then(async (code) => {
    clearTimeout(watchdog);
    await cleanup();
    process.exit(code);
  });
