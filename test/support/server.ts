import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../../src/platform/config.ts';
import type { Clock } from '../../src/platform/clock.ts';
import { RecordingPush } from '../../src/reactors/push/push.ts';
import type { RecordingAeat } from '../../src/platform/verifactu/aeat-fake.ts';
import type { RecordingStripe } from '../../src/platform/stripe/fake.ts';
import { startServer, type RunningServer } from '../../src/server.ts';
import type { Projection } from '../../src/projections/runner.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { startSmtpServer } from './smtp.ts';
import { UNTHROTTLED } from './limits.ts';

export const ADMIN_EMAIL = 'admin@test.local';
export const ADMIN_PASSWORD = 'Admin12345';

export interface TestServer extends RunningServer {
  db: TestDatabase;
  push: RecordingPush;
  /** The recording AEAT given in the options (VERI*FACTU submission); null: nothing is submitted. */
  aeat: RecordingAeat | null;
  /** The recording Stripe given in the options (online payments); null: not configured. */
  stripe: RecordingStripe | null;
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  config: Config;
  /** fetch against the server with JSON in and out; `token` adds the Bearer header. */
  request(method: string, path: string, opts?: { body?: unknown; token?: string; headers?: Record<string, string>; raw?: string }): Promise<{ status: number; body: any; headers: Headers; text: string }>;
  login(email: string, password: string): Promise<string>;
  adminToken(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The event store of a test database: under npm run test:kurrentdb, KurrentDB, in streams of the
 * database's own (streamPrefix) so that each database has a log of its own; else PostgreSQL's.
 */
export function testStoreEnv(db: { url: string }): Record<string, string> {
  if (process.env.TEST_EVENT_STORE !== 'kurrentdb') return {};
  const url = process.env.KURRENTDB_URL;
  return { EVENT_STORE: 'kurrentdb', KURRENTDB_URL: `${url}${url?.includes('?') ? '&' : '?'}streamPrefix=${new URL(db.url).pathname.slice(1)}` };
}

/** testStoreEnv as Config fields: a server started with a test server's config on another test database. */
export function testStoreConfig(db: { url: string }): Pick<Config, 'eventStore' | 'kurrentdbUrl'> {
  const env = testStoreEnv(db);
  return env.EVENT_STORE ? { eventStore: 'kurrentdb', kurrentdbUrl: env.KURRENTDB_URL } : { eventStore: 'postgres', kurrentdbUrl: null };
}

/** A whole server on a fresh database, a real in-process SMTP server and a recording push transport. */
export async function startTestServer(opts: { env?: Record<string, string>; clock?: Clock; extraProjections?: Projection[]; aeat?: RecordingAeat; stripe?: RecordingStripe } = {}): Promise<TestServer> {
  const db = await createTestDatabase();
  const smtp = await startSmtpServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'practice-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: db.url, SMTP_URL: smtp.url,
    ADMIN_EMAIL, ADMIN_PASSWORD, BCRYPT_COST: '4', PRACTICE_TIMEZONE: 'Europe/Madrid', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...testStoreEnv(db),
    ...UNTHROTTLED,
    // Where Stripe would send the patient back: the recording Stripe needs them like the real one.
    ...(opts.stripe ? { STRIPE_SUCCESS_URL: 'https://consulta.test/pago/ok?sesion={CHECKOUT_SESSION_ID}', STRIPE_CANCEL_URL: 'https://consulta.test/pago/cancelado' } : {}),
    ...opts.env,
  });
  const push = new RecordingPush();
  const running = await startServer({ config, database: db, push, aeat: opts.aeat, stripe: opts.stripe, clock: opts.clock, extraProjections: opts.extraProjections });
  // PostgreSQL: the read models a write waits for are written inline once adopted (a few ms on a fresh database).
  if (!(await running.deps.projections.inlineAdopted(30_000))) throw new Error('inline read models not adopted within 30 s');
  const request: TestServer['request'] = async (method, path, o = {}) => {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.token) headers.Authorization = `Bearer ${o.token}`;
    let body: string | undefined = o.raw;
    if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers['Content-Type'] ??= 'application/json';
    }
    const res = await fetch(`${running.url}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed, headers: res.headers, text };
  };
  const login = async (email: string, password: string) => {
    const r = await request('POST', '/auth/login', { body: { email, password } });
    if (r.status !== 200) throw new Error(`login ${email}: ${r.status} ${r.text}`);
    return r.body.token as string;
  };
  return {
    ...running, db, push, aeat: opts.aeat ?? null, stripe: opts.stripe ?? null, smtp, config, request, login,
    adminToken: () => login(ADMIN_EMAIL, ADMIN_PASSWORD),
    async stop() {
      await running.close();
      await smtp.close();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
