import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import type { TestServer } from '../support/server.ts';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface CliResult { code: number | null; stdout: string; stderr: string }

/**
 * Runs src/cli/<script>.ts as the npm script would (node + tsx, faster than npm), with only the given
 * environment (no DATABASE_URL or DATA_DIR leaks in from the test run), killed after `timeoutMs`.
 */
export function runCli(script: string, args: string[], env: Record<string, string>, timeoutMs = 60_000): Promise<CliResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', `src/cli/${script}.ts`, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (d: Buffer) => out.push(d));
  child.stderr.on('data', (d: Buffer) => err.push(d));
  return new Promise((done, fail) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`${script} ${args.join(' ')}: no exit within ${timeoutMs} ms\n${Buffer.concat(err).toString()}`));
    }, timeoutMs);
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() });
    });
  });
}

/** The environment of a command run against a test server's database, data folder (its keys) and event store. */
export function serverEnv(srv: TestServer): Record<string, string> {
  return { DATABASE_URL: srv.db.url, DATA_DIR: srv.config.dataDir, PRACTICE_TIMEZONE: srv.config.practiceTimezone, BCRYPT_COST: '4', ...storeEnv(srv) };
}

/** The server's event store for a command it spawns: under `npm run test:kurrentdb`, its KurrentDB streams. */
export function storeEnv(srv: Pick<TestServer, 'config'>): Record<string, string> {
  return srv.config.eventStore === 'kurrentdb' ? { EVENT_STORE: 'kurrentdb', KURRENTDB_URL: srv.config.kurrentdbUrl! } : {};
}
