// npm stop — stops the server using DATA_DIR (default ./data): SIGTERM to the pid in the data
// folder's lock (src/platform/data-lock.ts; a server with its embedded PostgreSQL), or to every
// server of this host listed in <DATA_DIR>/servers (src/platform/server-registry.ts; servers with
// DATABASE_URL), then waits for them to end, i.e. for their graceful shutdown (docs/operations.md
// "Starting and stopping").
import { hostname } from 'node:os';
import { dataDirOf } from '../platform/config.ts';
import { ConfigError } from '../platform/config-error.ts';
import { holderAlive, liveHolder, type Holder } from '../platform/data-lock.ts';
import { loadLimits } from '../platform/limits.ts';
import { registeredServers } from '../platform/server-registry.ts';
import { commandLine, isMainModule } from './args.ts';

const USAGE = `Usage: npm stop

Stops the server using the data folder DATA_DIR (default ./data), as Ctrl-C in its terminal would:
the requests in flight get up to SHUTDOWN_GRACE_MS to finish, the embedded PostgreSQL stops last.
Servers with DATABASE_URL may share a folder: every one of them running on this host is stopped.
Exit 0 once they have stopped (or when none was running), 1 if one could not be stopped or the
folder lists servers of other hosts only (stop them there).
`;

/** The embedded PostgreSQL's own fast shutdown may take up to 30 s after the grace period (postgres/embedded.ts). */
const PG_STOP_MS = 30_000;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The command the server runs as (src/main.ts, or its compiled form): a command-line tool's lock is not ours to end. */
const isServer = (h: Holder) => /^main\.[cm]?[jt]s$/.test(h.command);

interface Say {
  out(line: string): void;
  err(line: string): void;
}

/** Exit code: 0 stopped or nothing to stop, 1 otherwise. */
export async function stopServer(dataDir: string, graceMs: number, say: Say): Promise<number> {
  const h = await liveHolder(dataDir);
  if (h && !isServer(h)) {
    say.err(`The data folder ${dataDir} is held by process ${h.pid} (${h.command}), a command, not the server: not stopped. Let it finish.`);
    return 1;
  }
  let found: { servers: Holder[]; code: number };
  try {
    found = h ? { servers: [h], code: 0 } : sharingServers(dataDir, say);
  } catch (err) {
    say.err(`Cannot read the servers listed in ${dataDir}/servers: ${(err as Error).message}`);
    return 1;
  }
  const { servers } = found;
  if (servers.length === 0) return found.code;
  const codes = await Promise.all(servers.map((s) => stopOne(s, dataDir, graceMs, say)));
  return Math.max(...codes);
}

/** The servers with DATABASE_URL listed in the folder, of this host; says why when there are none here (code 1: some may run elsewhere). */
function sharingServers(dataDir: string, say: Say): { servers: Holder[]; code: number } {
  const { here, elsewhere } = registeredServers(dataDir);
  if (here.length > 0 || elsewhere.length === 0) {
    if (here.length === 0) say.out(`No server is running with the data folder ${dataDir}.`);
    return { servers: here, code: 0 };
  }
  const hosts = [...new Set(elsewhere.map((e) => e.host))].join(', ');
  say.err(
    `No server is running with the data folder ${dataDir} on this host (${hostname()}), but it lists ` +
    `${elsewhere.length} of other hosts (${hosts}): run npm stop there (or docker compose stop). ` +
    `A file in ${dataDir}/servers left by a server that is gone may be deleted.`,
  );
  return { servers: [], code: 1 };
}

/** SIGTERM, then waits for the process to end: 0 stopped, 1 not. */
async function stopOne(h: Holder, dataDir: string, graceMs: number, say: Say): Promise<number> {
  say.out(`Stopping the server (process ${h.pid}${h.url ? `, ${h.url}` : ''}) using ${dataDir} ...`);
  try {
    process.kill(h.pid, 'SIGTERM');
  } catch (err) {
    say.err(`Cannot signal process ${h.pid}: ${(err as Error).message} (run npm stop as the user who started it).`);
    return 1;
  }
  const deadline = Date.now() + graceMs + PG_STOP_MS + 5_000;
  while (holderAlive(h)) {
    if (Date.now() > deadline) {
      say.err(`Process ${h.pid} is still stopping. kill -KILL ${h.pid} ends it at once (committed writes are kept).`);
      return 1;
    }
    await sleep(100);
  }
  say.out('Stopped.');
  return 0;
}

if (isMainModule(import.meta.url)) {
  commandLine(USAGE, {});
  let graceMs: number;
  try {
    graceMs = loadLimits(process.env).shutdownGraceMs;
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`Configuration error: ${err.message}\n`);
    process.exit(2);
  }
  const code = await stopServer(dataDirOf(process.env), graceMs, {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  });
  process.exit(code);
}
