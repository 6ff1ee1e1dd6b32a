import { randomInt } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { basename, dirname, join } from 'node:path';
import { envInt, type Env } from '../env.ts';
import { StartupError } from '../startup-error.ts';
import { freePort } from './orphan.ts';

// The embedded PostgreSQL's port is chosen once per data folder and kept beside it
// (`<DATA_DIR>/.postgres_port`), so that analysts' connection details (host, port) survive restarts.
// EMBEDDED_PG_PORT chooses it instead, and is kept in turn.

/** EMBEDDED_PG_PORT, or null (unset: the kept port, or one chosen at the first start). */
export function embeddedPgPortOf(env: Env): number | null {
  return env.EMBEDDED_PG_PORT ? envInt(env, 'EMBEDDED_PG_PORT', 0, 1024, 65535) : null;
}

/** `<DATA_DIR>/.postgres_port` for the cluster in `<DATA_DIR>/postgres`. */
export function portFile(clusterDir: string): string {
  return join(dirname(clusterDir), `.${basename(clusterDir)}_port`);
}

function keptPort(file: string): number | null {
  try {
    const port = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(port) && port > 0 && port < 65536 ? port : null;
  } catch {
    return null;
  }
}

function keep(file: string, port: number): void {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, `${port}\n`, { mode: 0o644 });
    renameSync(temp, file);
  } finally {
    rmSync(temp, { force: true });
  }
}

/** Whether nothing listens on 127.0.0.1:port (where the embedded server listens). */
export function portFree(port: number): Promise<boolean> {
  return new Promise((res) => {
    const srv = createServer();
    srv.once('error', () => res(false));
    srv.listen({ port, host: '127.0.0.1', exclusive: true }, () => srv.close(() => res(true)));
  });
}

/** The kernel's first port for outgoing connections: a port below it is never taken by one of them. */
function ephemeralLow(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768;
  }
}

/** A free port below the ephemeral range (20000 up), so no client connection grabs it between two starts. */
async function choosePort(): Promise<number> {
  const high = ephemeralLow();
  for (let i = 0; high > 21_000 && i < 50; i++) {
    const port = randomInt(20_000, high);
    if (await portFree(port)) return port;
  }
  return freePort();
}

export function portTaken(port: number, why: string): StartupError {
  return new StartupError(
    `The embedded PostgreSQL cannot listen on 127.0.0.1:${port} (${why}): another program uses that port. ` +
    'Stop that program, or choose another port with EMBEDDED_PG_PORT (it is then kept for this data folder; ' +
    "analysts' connection details change with it). Nothing was changed.",
  );
}

export interface ChosenPort {
  port: number;
  /** Keeps the port for the next starts: called once the server listens on it. */
  keep(): void;
}

/** The port this start uses: EMBEDDED_PG_PORT, else the kept one, else a new one; refused if taken. */
export async function embeddedPort(clusterDir: string, requested: number | null): Promise<ChosenPort> {
  const file = portFile(clusterDir);
  const kept = keptPort(file);
  const port = requested ?? kept ?? (await choosePort());
  const why = requested ? 'EMBEDDED_PG_PORT' : kept ? `kept in ${file}` : 'chosen now';
  if (!(await portFree(port))) throw portTaken(port, why);
  return { port, keep: () => (port === kept ? undefined : keep(file, port)) };
}
