import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Knex } from 'knex';
import { createKnex, migrate, startEmbeddedPostgres, type EmbeddedServer } from '../../src/platform/database.ts';

// One PostgreSQL server per test run (DATABASE_URL's, or an embedded one in a temp folder);
// one fresh database per suite, so suites never see each other's rows.
let server: Promise<{ adminUrl: string; stop: () => Promise<void> }> | null = null;
let counter = 0;

function startServer() {
  if (process.env.DATABASE_URL) {
    return Promise.resolve({ adminUrl: process.env.DATABASE_URL, stop: async () => {} });
  }
  const dir = mkdtempSync(join(tmpdir(), 'practice-test-pg-'));
  return startEmbeddedPostgres(dir, false).then((s: EmbeddedServer) => ({
    adminUrl: s.url,
    stop: async () => {
      await s.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  }));
}

export interface TestDatabase {
  url: string;
  knex: Knex;
  drop(): Promise<void>;
}

export async function createTestDatabase(options: { migrate?: boolean; poolMax?: number } = {}): Promise<TestDatabase> {
  server ??= startServer();
  const { adminUrl } = await server;
  const name = `t_${process.pid}_${Date.now()}_${counter++}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const knex = createKnex(url.toString(), options.poolMax ?? 40);
  if (options.migrate !== false) await migrate(knex);
  return {
    url: url.toString(),
    knex,
    drop: async () => {
      await knex.destroy();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function stopTestServer(): Promise<void> {
  if (!server) return;
  const s = await server;
  server = null;
  await s.stop();
}

/** For tests that list read models or run them on a bare database (no server's config at hand). */
export const PROJECTION_OPTIONS = { analyticsPepper: 'test-analytics-pepper-of-32-characters', practiceTimezone: 'Europe/Madrid' };
