import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { stopOrphan } from '../../src/platform/postgres/orphan.ts';
import { sleep } from './support.ts';

// `npm start` / `npm stop` as a user runs them: npm, its script shell, and whatever they start.

const ROOT = resolve(import.meta.dirname, '../..');

export interface Npm {
  proc: ChildProcess;
  output: () => string;
  exited: Promise<number | string | null>;
}

/** `npm <args>` from the repository; `detached`: its own process group, like a terminal's job. */
export function spawnNpm(args: string[], env: NodeJS.ProcessEnv, detached = false): Npm {
  const proc = spawn('npm', args, {
    cwd: ROOT, env: { ...env, npm_config_update_notifier: 'false', npm_config_fund: 'false' }, stdio: ['ignore', 'pipe', 'pipe'], detached,
  });
  const chunks: string[] = [];
  proc.stdout!.on('data', (d: Buffer) => chunks.push(d.toString()));
  proc.stderr!.on('data', (d: Buffer) => chunks.push(d.toString()));
  const exited = new Promise<number | string | null>((res) => proc.once('exit', (code, signal) => res(signal ?? code)));
  return { proc, output: () => chunks.join(''), exited };
}

/**
 * `npm start` in its own process group, once /health answers. `port` is asked again when the one
 * it gave was taken meanwhile (a free port found earlier is free only at that moment).
 */
export async function npmStart(env: NodeJS.ProcessEnv, port: () => Promise<number>, attempts = 3): Promise<Npm> {
  const at = await port();
  const npm = spawnNpm(['start'], { ...env, PORT: String(at) }, true);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (npm.proc.exitCode !== null) {
      if (attempts > 1 && npm.output().includes(`EADDRINUSE: address already in use 127.0.0.1:${at}`)) return npmStart(env, port, attempts - 1);
      throw new Error(`npm start exited: ${npm.output()}`);
    }
    const ok = await fetch(`http://127.0.0.1:${at}/health`, { signal: AbortSignal.timeout(1_000) }).then((r) => r.ok, () => false);
    if (ok) return npm;
    if (Date.now() > deadline) throw new Error(`npm start did not start: ${npm.output()}`);
    await sleep(100);
  }
}

/** The pid in the data folder's lock: the server's own process. */
export function lockHolder(dataDir: string): number | null {
  const file = join(dataDir, 'data.lock');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { pid: number }).pid : null;
}

/** The embedded PostgreSQL's postmaster, while it runs. */
export function postmaster(dataDir: string): number | null {
  const file = join(dataDir, 'postgres', 'postmaster.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : null;
}

/** Every live process of a process group, as "pid command" (from /proc: field 5 of stat is the group). */
export function groupMembers(pgid: number): string[] {
  const found: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] !== 'Z' && Number(fields[2]) === pgid) found.push(`${entry} ${readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').trim()}`);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whatever a failed case left: the whole group killed, the orphaned PostgreSQL stopped. */
export async function reap(npm: Npm | null, dataDir: string): Promise<void> {
  if (npm?.proc.pid && groupMembers(npm.proc.pid).length > 0) {
    try {
      process.kill(-npm.proc.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    await sleep(200);
  }
  await stopOrphan(join(dataDir, 'postgres'));
}
