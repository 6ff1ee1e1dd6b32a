// One embedded PostgreSQL for the whole run (loopback only); each section gets its own database,
// so one section's tables and caches do not weigh on the next one's figures.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../src/platform/database.ts';

export interface BenchPostgres {
  /** Creates an empty database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startBenchPostgres(): Promise<BenchPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'practice-bench-pg-'));
  chmodSync(dir, 0o711); // as root the server runs as its own user, which must reach its folder
  const server = await startEmbeddedPostgres(join(dir, 'data'), false);
  const at = (db: string) => {
    const u = new URL(server.url);
    u.pathname = `/${db}`;
    return u.toString();
  };
  return {
    async createDatabase(name) {
      await createDatabaseOn(server.url, name);
      return at(name);
    },
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Drops and creates database `name` on the server `url` connects to (a fresh one for each use). */
export async function createDatabaseOn(url: string, name: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}
