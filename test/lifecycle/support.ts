import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { stopOrphan } from '../../src/platform/postgres/orphan.ts';
import { UNTHROTTLED } from '../support/limits.ts';
import { freePort } from '../../src/platform/postgres/orphan.ts';

export { freePort };

const ROOT = resolve(import.meta.dirname, '../..');
export const ADMIN_EMAIL = 'admin@lifecycle.local';
export const PASSWORD = 'secreto123';
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A data folder the embedded PostgreSQL can use: mkdtemp makes it 0700, closed to `postgres` when we are root. */
export function dataFolder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return dir;
}

export function baseEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', HOST: '127.0.0.1', DATA_DIR: dataDir,
    ADMIN_EMAIL, ADMIN_PASSWORD: 'Admin12345', LOG_LEVEL: 'warn', ...UNTHROTTLED,
    JWT_SECRET: 'k'.repeat(40), MASTER_KEY: 'q'.repeat(40), ...extra,
  };
}

export interface Main {
  proc: ChildProcess;
  url: string;
  stdout: string[];
  stderr: string[];
  exited: Promise<number | string | null>;
}

/** `src/main.ts` as a real process, in its own process group (a terminal's job): `-pid` signals all of it. */
export function spawnMain(env: NodeJS.ProcessEnv, port: number): Main {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: ROOT, env: { ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'], detached: true,
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  proc.stdout!.on('data', (d: Buffer) => stdout.push(d.toString()));
  proc.stderr!.on('data', (d: Buffer) => stderr.push(d.toString()));
  const exited = new Promise<number | string | null>((res) => proc.once('exit', (code, signal) => res(signal ?? code)));
  return { proc, url: `http://127.0.0.1:${port}`, stdout, stderr, exited };
}

export async function startMain(env: NodeJS.ProcessEnv): Promise<Main> {
  const main = spawnMain(env, await freePort());
  const deadline = Date.now() + 40_000;
  for (;;) {
    if (main.proc.exitCode !== null) throw new Error(`server exited: ${main.stdout.join('')}${main.stderr.join('')}`);
    const ok = await fetch(`${main.url}/health`, { signal: AbortSignal.timeout(1_000) }).then((r) => r.ok, () => false);
    if (ok) return main;
    if (Date.now() > deadline) throw new Error(`server did not start: ${main.stdout.join('')}${main.stderr.join('')}`);
    await sleep(100);
  }
}

export const within = <T>(p: Promise<T>, ms: number, what: string): Promise<T> =>
  Promise.race([p, sleep(ms).then(() => { throw new Error(`${what}: no answer within ${ms} ms`); })]);

/** Test clean-up whatever happened: TERM, then KILL, then the orphaned embedded server if any. */
export async function cleanUp(main: Main | null, dataDir: string | null): Promise<void> {
  if (main && main.proc.exitCode === null && main.proc.signalCode === null) {
    main.proc.kill('SIGTERM');
    const ended = await Promise.race([main.exited.then(() => true), sleep(20_000).then(() => false)]);
    if (!ended) main.proc.kill('SIGKILL');
    await main.exited;
  }
  if (dataDir) {
    await stopOrphan(join(dataDir, 'postgres'));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function register(url: string, email: string): Promise<number> {
  const res = await fetch(`${url}/auth/register-paciente`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      usuario: { nombre: 'Cierre', apellido: 'Prueba', email, password: PASSWORD, dni: null },
      fechaNacimiento: '1990-05-01', direccion: [{ calle: 'Mayor 1', ciudad: 'Madrid', provincia: 'Madrid', codigoPostal: '28001', pais: 'España' }],
      aceptaTerminos: true, aceptaVideoconferencia: false, aceptaComunicacion: false,
    }),
    signal: AbortSignal.timeout(20_000),
  });
  await res.text();
  return res.status;
}

export async function login(url: string, email: string): Promise<number> {
  const res = await fetch(`${url}/auth/login`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }), signal: AbortSignal.timeout(20_000),
  });
  await res.text();
  return res.status;
}
