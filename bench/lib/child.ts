// Child processes of the benchmark: the service and the floors run apart from the load generator,
// so that neither steals the other's event loop. A child announces itself with one stdout line
// `READY <json>` and stops on SIGTERM (SIGKILL after a grace period).
import { spawn, type ChildProcess } from 'node:child_process';

export interface Child<T> {
  proc: ChildProcess;
  ready: T;
  /** Everything the child wrote to stdout after READY (JSON reports, say). */
  output(): string;
  stop(): Promise<void>;
}

const live = new Set<ChildProcess>();
// Never leave a server behind, whatever ends the run.
process.once('exit', () => {
  for (const c of live) if (c.exitCode === null) c.kill('SIGKILL');
});

export interface SpawnOptions {
  args?: string[];
  env?: Record<string, string>;
  /** Extra flags for node itself (e.g. --cpu-prof). */
  nodeArgs?: string[];
  /** How long the child may take to say READY. */
  startTimeoutMs?: number;
}

/** Starts `node --import tsx <script>` and resolves with the JSON of its READY line. */
export function spawnTs<T = unknown>(script: string, opts: SpawnOptions = {}): Promise<Child<T>> {
  const proc = spawn(process.execPath, ['--import', 'tsx', ...(opts.nodeArgs ?? []), script, ...(opts.args ?? [])], {
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(proc);
  proc.once('exit', () => live.delete(proc));
  let out = '';
  let err = '';
  let after = '';
  let readySeen = false;
  const stop = async () => {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    const force = setTimeout(() => proc.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(force);
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${script} did not start within ${opts.startTimeoutMs ?? 120_000} ms: ${err.slice(-2000)}`));
    }, opts.startTimeoutMs ?? 120_000);
    proc.stderr!.on('data', (d: Buffer) => {
      err = (err + d.toString()).slice(-20_000);
    });
    proc.stdout!.on('data', (d: Buffer) => {
      if (readySeen) {
        after += d.toString();
        return;
      }
      out += d.toString();
      const m = /^READY (.*)$/m.exec(out);
      if (!m) return;
      readySeen = true;
      after = out.slice(m.index + m[0].length + 1);
      clearTimeout(timer);
      resolve({ proc, ready: JSON.parse(m[1]) as T, output: () => after, stop });
    });
    proc.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!readySeen) reject(new Error(`${script} exited (${code ?? signal}) before READY: ${err.slice(-2000)}`));
    });
  });
}

/** Runs a script to completion (bounded in time) and returns its stdout. */
export function runTs(script: string, args: string[], env: Record<string, string>, timeoutMs: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', script, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(proc);
  let stdout = '';
  let stderr = '';
  proc.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-20_000)));
  return new Promise((resolve) => {
    const timer = setTimeout(() => proc.kill('SIGTERM'), timeoutMs);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      live.delete(proc);
      resolve({ code, stdout, stderr });
    });
  });
}
