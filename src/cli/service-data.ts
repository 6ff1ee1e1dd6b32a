// The service's data as the commands that work on it open it (audit:export, audit:replay,
// events:export, analytics:export, analytics:grant, projections:parked, projections:rebuild,
// agenda:upgrade, keys:rotate). loadConfig and openDatabase make what is missing (secrets in DATA_DIR, a new
// embedded PostgreSQL, the schema), which is right for the service's first start and wrong for a
// command: run from the wrong folder, it made a new ./data with new secrets and then blamed the
// service. Here nothing is made: a command that finds no service data says where it looked and
// which variable to set, and leaves nothing behind.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, dataDirOf, loadConfig, type Config } from '../platform/config.ts';
import { createKnex, openDatabase, runningEmbeddedUrl, type Database } from '../platform/database.ts';
import type { Env } from '../platform/env.ts';
import { checkSharedSecrets } from '../platform/secret-checks.ts';
import { checkLogIdentity, logIdentity } from '../eventstore/log-identity.ts';
import { StartupError } from '../platform/startup-error.ts';

/** The secrets loadConfig would generate into DATA_DIR when neither the variable nor its file is there. */
const SECRETS = ['JWT_SECRET', 'MASTER_KEY', 'ANALYTICS_PEPPER', 'AUDIT_SIGNING_KEY'] as const;

const where = (env: Env, dataDir: string) => `${dataDir} (${env.DATA_DIR ? 'from DATA_DIR' : 'DATA_DIR is unset: ./data of the current folder'})`;

/**
 * The service's configuration, refused (ConfigError) when DATA_DIR lacks a secret the environment
 * does not give either: loadConfig would generate one, and data sealed or signed under it would be
 * no data of the service's.
 */
export function serviceConfig(env: Env = process.env): Config {
  const dataDir = dataDirOf(env);
  const missing = SECRETS.filter((name) => !env[name] && !existsSync(join(dataDir, `.${name.toLowerCase()}`)));
  if (missing.length) {
    const files = missing.map((n) => `.${n.toLowerCase()}`).join(', ');
    throw new ConfigError(
      `no service data in ${where(env, dataDir)}: ${existsSync(dataDir) ? `it holds no ${files}` : 'the folder does not exist'}. `
      + `Set DATA_DIR to the data folder the service runs with (or give ${missing.join(', ')} as the service has them). Nothing was written.`,
    );
  }
  return loadConfig(env);
}

/** DATABASE_URL's database, only when the service's schema is already there (no migrations run on an empty one). */
async function assertServiceSchema(url: string): Promise<void> {
  const knex = createKnex(url, 1);
  try {
    const { rows } = await knex.raw("select to_regclass('public.knex_migrations') is not null as ok");
    if (!rows[0].ok) throw new ConfigError('DATABASE_URL names a database without the service\'s tables: set it to the database the service runs with. Nothing was written.');
  } finally {
    await knex.destroy();
  }
}

/**
 * The service's database: DATABASE_URL's, the embedded server a running service keeps in DATA_DIR,
 * or that server started for the command while the service is stopped; never a new one.
 */
export async function openServiceDatabase(config: Config, poolMax: number): Promise<Database> {
  const db = await openExisting(config, poolMax);
  // Another data folder's secrets would fail deep inside (Decipheriv) or seal and sign as no one
  // the service knows: the command names the secret instead, and writes nothing (no recording).
  // Likewise another EVENT_STORE or streamPrefix than the checkpoints' log (log-identity.ts).
  const checks = () => checkSharedSecrets(db.knex, config, { record: false }).then(() => checkLogIdentity(db.knex, logIdentity(config), { record: false }));
  await checks().catch(async (err) => {
    await db.close();
    throw err instanceof StartupError ? new ConfigError(err.message) : err;
  });
  return db;
}

async function openExisting(config: Config, poolMax: number): Promise<Database> {
  if (config.databaseUrl) {
    await assertServiceSchema(config.databaseUrl);
    return openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax });
  }
  const running = runningEmbeddedUrl(config.dataDir);
  if (running) return openDatabase({ databaseUrl: running, dataDir: config.dataDir, poolMax });
  if (!existsSync(join(config.dataDir, 'postgres', 'PG_VERSION'))) {
    throw new ConfigError(
      `no service database in ${config.dataDir}/postgres and DATABASE_URL is unset: set DATA_DIR to the data folder the service runs with, `
      + 'or DATABASE_URL to its database. Nothing was written.',
    );
  }
  return openDatabase({ databaseUrl: null, dataDir: config.dataDir, poolMax });
}
