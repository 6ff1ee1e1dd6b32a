import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PostgresEventStore } from '../../src/eventstore/postgres.ts';
import { allProjections } from '../../src/projections/index.ts';
import { CheckpointRunner, projectionHandlers } from '../../src/projections/runner.ts';
import { createTestDatabase, type TestDatabase, PROJECTION_OPTIONS } from '../support/db.ts';
import { UNTHROTTLED } from '../support/limits.ts';
import { freePort } from '../../src/platform/postgres/orphan.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const ADMIN_EMAIL = 'admin@kill9.local';
const ADMIN_PASSWORD = 'Admin12345';
const PASSWORD = 'secreto123';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

interface Child {
  proc: ChildProcess;
  output: string[];
  exited: Promise<number | string | null>;
}

describe('durability: kill -9 during a burst of writes', function () {
  this.timeout(60_000);
  let db: TestDatabase;
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  const children: Child[] = [];

  const spawnNode = (args: string[], extraEnv: Record<string, string> = {}): Child => {
    const proc = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: string[] = [];
    proc.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
    proc.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
    const exited = new Promise<number | string | null>((res) => proc.once('exit', (code, signal) => res(signal ?? code)));
    const child = { proc, output, exited };
    children.push(child);
    return child;
  };

  const startServer = async (): Promise<{ child: Child; url: string }> => {
    const port = await freePort();
    const child = spawnNode(['src/main.ts'], { PORT: String(port) });
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (child.proc.exitCode !== null) throw new Error(`server exited: ${child.output.join('')}`);
      const ok = await fetch(`${url}/health`, { signal: AbortSignal.timeout(1_000) }).then((r) => r.ok, () => false);
      if (ok) return { child, url };
      if (Date.now() > deadline) throw new Error(`server did not start: ${child.output.join('')}`);
      await sleep(100);
    }
  };

  const kill9 = async (child: Child) => {
    if (child.proc.exitCode === null && child.proc.signalCode === null) child.proc.kill('SIGKILL');
    return child.exited;
  };

  before(async () => {
    db = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'practice-kill9-'));
    env = {
      PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', HOST: '127.0.0.1', DATABASE_URL: db.url, DATA_DIR: dataDir,
      ADMIN_EMAIL, ADMIN_PASSWORD, BCRYPT_COST: '4', LOG_LEVEL: 'silent', ...UNTHROTTLED,
      // Fixed across restarts (and the rebuild CLI): the master key opens the sealed fields of the log.
      JWT_SECRET: 'k'.repeat(40), MASTER_KEY: 'q'.repeat(40),
    };
  });

  after(async () => {
    await Promise.all(children.map(kill9));
    await db?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses no acknowledged registration, and the read models match the log after a restart and a rebuild', async () => {
    // 1. A server, and a burst of registrations (8 at a time) that a kill -9 cuts short.
    const first = await startServer();
    const acknowledged: string[] = [];
    const failed: string[] = [];
    let next = 0;
    let killed = false;
    const KILL_AFTER = 30;
    const register = async (email: string) => {
      const res = await fetch(`${first.url}/auth/register-paciente`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          usuario: { nombre: 'Burst', apellido: 'Prueba', email, password: PASSWORD, dni: null },
          fechaNacimiento: '1990-05-01', direccion: [{ calle: 'Mayor 1', ciudad: 'Madrid', provincia: 'Madrid', codigoPostal: '28001', pais: 'España' }],
          aceptaTerminos: true, aceptaVideoconferencia: false, aceptaComunicacion: false,
        }),
        signal: AbortSignal.timeout(10_000),
      });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`${res.status} ${body}`);
    };
    const lane = async () => {
      while (!killed && next < 500) {
        const email = `burst${next++}@example.com`;
        try {
          await register(email);
          acknowledged.push(email);
          if (acknowledged.length >= KILL_AFTER && !killed) {
            killed = true;
            await kill9(first.child);
          }
        } catch {
          failed.push(email);
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, lane));
    expect(await first.child.exited).to.equal('SIGKILL');
    expect(acknowledged.length).to.be.at.least(KILL_AFTER);
    expect(failed.length, 'requests cut by the kill').to.be.greaterThan(0);

    // 2. Restart on the same database: every acknowledged registration is there.
    const second = await startServer();
    const login = async (email: string) => {
      const r = await fetch(`${second.url}/auth/login`, {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }), signal: AbortSignal.timeout(10_000),
      });
      return r.status;
    };
    const statuses = await Promise.all(acknowledged.map(login));
    expect(statuses.filter((s) => s !== 200), 'acknowledged registrations that cannot log in').to.deep.equal([]);

    // 3. The read models are the log's: wait until the restarted server's projections reach the head.
    const store = new PostgresEventStore(db.knex, db.url);
    try {
      // The newest committed event (store.head() stops below the cluster's oldest open transaction).
      const { rows: [last] } = await db.knex.raw('select tx_id::text as tx, global_position::text as gp from events order by events.tx_id desc, events.global_position desc limit 1');
      const head = `${last.tx}/${last.gp}`;
      const projections = new CheckpointRunner(db.knex, store, projectionHandlers(allProjections(PROJECTION_OPTIONS)), { table: 'projection_checkpoints' });
      expect(await projections.waitFor(head, 15_000)).to.equal(true);
      const ids = async (sql: string) => ((await db.knex.raw(sql)).rows as { id: number }[]).map((r) => Number(r.id)).sort((a, b) => a - b);
      const usuarioEvents = await ids("select (data->>'idUsuario')::int as id from events where type = 'UsuarioRegistrado'");
      expect(usuarioEvents.length).to.be.at.least(acknowledged.length + 1); // + the bootstrap administrator
      expect(await ids('select id_usuario as id from usuarios')).to.deep.equal(usuarioEvents);
      expect(await ids('select id_paciente as id from pacientes')).to.deep.equal(await ids("select (data->>'idPaciente')::int as id from events where type = 'PacienteRegistrado'"));
      const { rows: [dups] } = await db.knex.raw('select count(*)::int as n, count(distinct email_hash)::int as distinct from usuarios');
      expect(dups.n).to.equal(dups.distinct);
      // Committed but never answered registrations (cut by the kill) are in the read models too.
      const { rows: emails } = await db.knex.raw("select email from usuarios where email like 'burst%'");
      const known = new Set(emails.map((r: { email: string }) => r.email));
      for (const e of acknowledged) expect(known.has(e), e).to.equal(true);

      // The welcome-mail reactor enqueued exactly one mail per user, across the crash.
      const reactors = new CheckpointRunner(db.knex, store, [{ name: 'mail-bienvenida', handle: async () => {} }], { table: 'reactor_checkpoints' });
      expect(await reactors.waitFor(head, 15_000)).to.equal(true);
      const { rows: [outbox] } = await db.knex.raw("select count(*)::int as n, count(distinct dedupe_key)::int as distinct from outbox where dedupe_key like 'bienvenida:%'");
      expect(outbox).to.deep.equal({ n: usuarioEvents.length, distinct: usuarioEvents.length });

      // 4. A rebuild with the CLI, beside the running server, gives the same rows.
      const tables = allProjections(PROJECTION_OPTIONS).flatMap((p) => p.tables);
      const dump = async () => Object.fromEntries(await Promise.all(tables.map(async (t) => [t, (await db.knex.raw('select * from ?? order by 1', [t])).rows])));
      const before = await dump();
      const cli = spawnNode(['src/cli/rebuild-projections.ts']);
      const code = await Promise.race([cli.exited, sleep(30_000).then(() => 'timeout')]);
      expect(code, cli.output.join('')).to.equal(0);
      expect(cli.output.join('')).to.match(new RegExp(`Rebuilt ${allProjections(PROJECTION_OPTIONS).length} read models from \\d+ events`));
      expect(await dump()).to.deep.equal(before);
      expect(await login(acknowledged[0])).to.equal(200);
    } finally {
      await store.close();
    }
  });
});
