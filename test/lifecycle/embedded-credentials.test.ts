import { expect } from 'chai';
import { chmodSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedServer } from '../../src/platform/database.ts';
import { runCli } from '../cli/support.ts';
import { baseEnv, cleanUp, dataFolder, startMain, within, type Main } from './support.ts';

// The embedded PostgreSQL's superuser `postgres` once had the same password everywhere ('embedded'):
// anyone who could reach the port (a local user, an analyst given host and port) logged in as it.
// Each data folder now has its own, kept in <DATA_DIR>/.postgres_password; an old folder gets one
// at its next start.

const OLD = 'embedded';

/** '' when `user`/`password` may connect to `database`, else the SQLSTATE of the refusal. */
async function login(port: number, user: string, password: string, database = 'postgres'): Promise<string> {
  const c = new pg.Client({ host: '127.0.0.1', port, user, password, database });
  return c.connect().then(async () => {
    await c.end();
    return '';
  }, (err: { code?: string }) => err.code ?? '?');
}

const portOf = (s: EmbeddedServer) => Number(new URL(s.url).port);
const passwordOf = (s: EmbeddedServer) => decodeURIComponent(new URL(s.url).password);

async function query<T>(s: EmbeddedServer, sql: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: s.url });
  await c.connect();
  try {
    return (await c.query(sql)).rows;
  } finally {
    await c.end();
  }
}

const authMethods = async (s: EmbeddedServer) => [...new Set((await query<{ m: string }>(s, 'select auth_method as m from pg_hba_file_rules')).map((r) => r.m))];

/** A folder as the versions before left it: the fixed password, clear-text auth, no password file. */
async function makeOld(dataDir: string): Promise<void> {
  const s = await startEmbeddedPostgres(join(dataDir, 'postgres'));
  await query(s, `create table kept (x int); insert into kept values (42); alter role postgres password '${OLD}'`);
  await s.stop();
  const hba = join(dataDir, 'postgres', 'pg_hba.conf');
  writeFileSync(hba, readFileSync(hba, 'utf8').replace(/scram-sha-256$/gm, 'password'));
  rmSync(join(dataDir, '.postgres_password'));
}

describe('life cycle: the embedded PostgreSQL superuser has a password of its own per data folder', function () {
  this.timeout(120_000);
  const folders: string[] = [];
  const servers: EmbeddedServer[] = [];
  let main: Main | null = null;

  const folder = () => {
    const dir = dataFolder('practice-pgpass-');
    folders.push(dir);
    return dir;
  };
  const start = async (dataDir: string) => {
    const s = await startEmbeddedPostgres(join(dataDir, 'postgres'));
    servers.push(s);
    return s;
  };

  after(async () => {
    for (const s of servers) await s.stop();
    await cleanUp(main, null);
    for (const f of folders) await cleanUp(null, f);
  });

  it('a new folder: the old fixed password is refused; its own is kept (mode 600) and asked for with SCRAM', async () => {
    const dir = folder();
    const s = await start(dir);
    expect(await login(portOf(s), 'postgres', OLD)).to.equal('28P01');
    const file = join(dir, '.postgres_password');
    expect(statSync(file).mode & 0o777).to.equal(0o600);
    expect(readFileSync(file, 'utf8')).to.equal(passwordOf(s));
    expect(passwordOf(s)).to.have.length.greaterThanOrEqual(40);
    expect(await login(portOf(s), 'postgres', passwordOf(s))).to.equal('');
    expect(await authMethods(s)).to.deep.equal(['scram-sha-256']);
    // Another folder, another password; the same folder keeps its own across restarts.
    const other = await start(folder());
    expect(passwordOf(other)).to.not.equal(passwordOf(s));
    await s.stop();
    servers.splice(servers.indexOf(s), 1);
    const again = await start(dir);
    expect(passwordOf(again)).to.equal(readFileSync(file, 'utf8'));
  });

  it('an old folder gets its own password and SCRAM at its next start, and keeps its data', async () => {
    const dir = folder();
    await makeOld(dir);
    const s = await start(dir);
    expect(await login(portOf(s), 'postgres', OLD)).to.equal('28P01');
    expect(await login(portOf(s), 'postgres', passwordOf(s))).to.equal('');
    expect(readFileSync(join(dir, '.postgres_password'), 'utf8')).to.equal(passwordOf(s));
    expect(statSync(join(dir, '.postgres_password')).mode & 0o777).to.equal(0o600);
    expect(await authMethods(s)).to.deep.equal(['scram-sha-256']);
    expect(await query(s, 'select x from kept')).to.deep.equal([{ x: 42 }]);
  });

  it('an old folder whose upgrade died after saving the new password and before setting it: the next start sets it', async () => {
    const dir = folder();
    await makeOld(dir);
    const saved = 'saved-before-the-crash-0123456789abcdefghij';
    writeFileSync(join(dir, '.postgres_password'), saved, { mode: 0o600 });
    const s = await start(dir);
    expect(passwordOf(s)).to.equal(saved);
    expect(await login(portOf(s), 'postgres', OLD)).to.equal('28P01');
    expect(await login(portOf(s), 'postgres', saved)).to.equal('');
  });

  it("a password file that is not the folder's: the start refuses, naming the file and printing no password", async () => {
    const dir = folder();
    await (await start(dir)).stop();
    servers.length = 0;
    const wrong = 'not-this-folders-password-0123456789abcdef';
    writeFileSync(join(dir, '.postgres_password'), wrong, { mode: 0o600 });
    const err = await startEmbeddedPostgres(join(dir, 'postgres')).then(() => null, (e: Error) => e);
    expect(err?.message).to.include('.postgres_password').and.not.include(wrong);
  });

  it('a password file readable by others (0644, as a restore may leave it): the app tightens it to 0600 at start and says so, without the password', async () => {
    const dataDir = folder();
    await (await start(dataDir)).stop();
    servers.length = 0;
    const file = join(dataDir, '.postgres_password');
    const password = readFileSync(file, 'utf8');
    chmodSync(file, 0o644);
    const app = await startMain(baseEnv(dataDir));
    try {
      expect(statSync(file).mode & 0o777).to.equal(0o600);
      expect(readFileSync(file, 'utf8')).to.equal(password);
      const log = app.stdout.join('') + app.stderr.join('');
      const warning = log.split('\n').find((l) => l.includes('.postgres_password'));
      expect(warning, log).to.match(/0644/).and.match(/0600/);
      expect(JSON.parse(warning!)).to.include({ level: 40 });
      expect(log).to.not.include(password);
    } finally {
      app.proc.kill('SIGTERM');
      expect(await within(app.exited, 30_000, 'exit')).to.equal(0);
    }
  });

  it('with the app running, analytics:grant reaches its PostgreSQL and prints no superuser password; the analyst cannot log in as postgres nor reach database postgres', async () => {
    const dataDir = folder();
    const env = baseEnv(dataDir, { ANALYTICS_PEPPER: 'p'.repeat(40) });
    main = await startMain(env);
    const superuser = readFileSync(join(dataDir, '.postgres_password'), 'utf8');
    const cliEnv = Object.fromEntries(Object.entries(env).filter(([k, v]) => v !== undefined && !['PATH', 'HOME', 'NODE_ENV', 'LOG_LEVEL'].includes(k))) as Record<string, string>;
    const r = await runCli('analytics-grant', ['--role', 'ana'], cliEnv);
    expect(r.code, r.stderr).to.equal(0);
    expect(r.stdout + r.stderr).to.not.include(superuser);
    const given = JSON.parse(r.stdout) as { host: string; port: number; database: string; password: string };
    expect(await login(given.port, 'postgres', OLD)).to.equal('28P01');
    expect(await login(given.port, 'ana', given.password, given.database)).to.equal('');
    expect(await login(given.port, 'ana', given.password, 'postgres')).to.equal('42501');
    expect(await login(given.port, 'ana', given.password, 'template1')).to.equal('42501');
    main.proc.kill('SIGTERM');
    expect(await within(main.exited, 30_000, 'exit')).to.equal(0);
    expect(main.stdout.join('') + main.stderr.join('')).to.not.include(superuser);
  });
});
