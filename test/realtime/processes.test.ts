import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { asignar, newPaciente, newPsicologo } from '../mensajes/support.ts';
import { stomp, type StompUser } from './support.ts';
import { freePort } from '../../src/platform/postgres/orphan.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const ADMIN = { email: 'admin@procesos.local', password: 'Admin12345' };

interface Proc {
  child: ChildProcess;
  url: string;
  output: string[];
  request(method: string, path: string, o?: { body?: unknown; token?: string }): Promise<{ status: number; body: any; text: string; headers: Headers }>;
}

// The in-process cluster test covers push and the sweeps; this one runs two real server
// processes on one database, so nothing in memory can be shared between the instances.
describe('two server processes on one database', function () {
  this.timeout(90_000);
  let db: TestDatabase;
  let dataDir: string;
  const procs: Proc[] = [];
  const users: StompUser[] = [];

  async function start(): Promise<Proc> {
    const port = await freePort();
    const env = {
      PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port),
      DATABASE_URL: db.url, DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password,
      BCRYPT_COST: '4', LOG_LEVEL: 'silent', JWT_SECRET: 'j'.repeat(40), MASTER_KEY: 'm'.repeat(40),
    };
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: string[] = [];
    child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
    child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
    const url = `http://127.0.0.1:${port}`;
    const request: Proc['request'] = async (method, path, o = {}) => {
      const res = await fetch(`${url}${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', ...(o.token ? { Authorization: `Bearer ${o.token}` } : {}) },
        body: o.body === undefined ? undefined : JSON.stringify(o.body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined, text, headers: res.headers };
    };
    const proc = { child, url, output, request };
    procs.push(proc);
    for (const deadline = Date.now() + 30_000; ; ) {
      if (child.exitCode !== null) throw new Error(`server exited: ${output.join('')}`);
      if (await fetch(`${url}/health`).then((r) => r.ok, () => false)) return proc;
      if (Date.now() > deadline) throw new Error(`server did not start: ${output.join('')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  before(async () => {
    db = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'practice-procs-'));
    await start();
    await start();
  });
  after(async () => {
    await Promise.all(users.map((u) => u.close()));
    for (const p of procs) p.child.kill('SIGTERM');
    await Promise.all(procs.map((p) => new Promise((r) => (p.child.exitCode !== null ? r(null) : p.child.once('exit', r)))));
    await db?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers a message sent to instance A to a receiver on instance B, and both see the presence', async () => {
    const [a, b] = procs;
    const admin = (await a.request('POST', '/auth/login', { body: ADMIN })).body.token as string;
    const psi = await newPsicologo(a, admin);
    const pac = await newPaciente(b);
    await asignar(a, admin, pac.idPaciente, psi.idPsicologo);

    const watcherA = await stomp(`${a.url.replace('http', 'ws')}/ws`, psi.token);
    const watcherB = await stomp(`${b.url.replace('http', 'ws')}/ws`, admin);
    users.push(watcherA, watcherB);
    const presenceA = watcherA.subscribe('/topic/presence');
    const presenceB = watcherB.subscribe('/topic/presence');
    await new Promise((r) => setTimeout(r, 300)); // subscriptions and their snapshots
    presenceA.items.length = 0;
    presenceB.items.length = 0;

    const receiver = await stomp(`${b.url.replace('http', 'ws')}/ws`, pac.token);
    users.push(receiver);
    const inbox = receiver.subscribe('/user/queue/messages');
    const online = async (inboxP: typeof presenceA) => {
      for (;;) {
        const m = JSON.parse((await inboxP.next(8000)).body);
        if (m.idUsuario === pac.idUsuario) return m.online;
      }
    };
    expect(await online(presenceA), 'instance A sees the patient online').to.equal(true);
    expect(await online(presenceB), 'instance B sees the patient online').to.equal(true);
    await new Promise((r) => setTimeout(r, 200));

    const sent = await a.request('POST', '/api/psicologo/mensajes', { token: psi.token, body: { receiverId: pac.idUsuario, mensaje: 'Hola desde A' } });
    expect(sent.status, sent.text).to.equal(201);
    const delivered = JSON.parse((await inbox.next(8000)).body);
    expect(delivered).to.include({ idMensaje: sent.body.idMensaje, senderId: psi.idUsuario, receiverId: pac.idUsuario, mensaje: 'Hola desde A' });

    await receiver.close();
    expect(await online(presenceA), 'instance A sees the patient offline after the grace period').to.equal(false);
    expect(await online(presenceB), 'instance B sees the patient offline after the grace period').to.equal(false);
  });

  it('shows a user connected only to a killed instance offline within a few seconds (the default timings)', async () => {
    const [a] = procs;
    const c = await start();
    const admin = (await a.request('POST', '/auth/login', { body: ADMIN })).body.token as string;
    const pac = await newPaciente(a);
    const watcher = await stomp(`${a.url.replace('http', 'ws')}/ws`, admin);
    users.push(watcher);
    const presence = watcher.subscribe('/topic/presence');
    const state = async (ms: number) => {
      for (;;) {
        const m = JSON.parse((await presence.next(ms)).body);
        if (m.idUsuario === pac.idUsuario) return m.online as boolean;
      }
    };
    const onC = await stomp(`${c.url.replace('http', 'ws')}/ws`, pac.token);
    users.push(onC);
    expect(await state(8000), 'online through C').to.equal(true);
    await new Promise((r) => setTimeout(r, 1_500)); // a few of C's beats
    const killedAt = Date.now();
    const exited = new Promise((r) => c.child.once('exit', r));
    c.child.kill('SIGKILL');
    await exited;
    procs.splice(procs.indexOf(c), 1); // gone: nothing to stop in after()
    expect(await state(15_000), 'offline after the kill').to.equal(false);
    // PRESENCE_TIMEOUT_MS (3 s) and a sweep; it was 11-13 s (a 10 s timeout, then the 3 s grace).
    const took = Date.now() - killedAt;
    expect(took).to.be.below(5_000);
  });
});
