// npm stop — stops the server that keeps its embedded PostgreSQL in DATA_DIR (default ./data): SIGTERM
// to the pid in the data folder's lock (src/platform/data-lock.ts), then waits for that process to
// end, i.e. for its graceful shutdown (docs/operations.md "Starting and stopping").
import { dataDirOf } from '../platform/config.ts';
import { ConfigError } from '../platform/config-error.ts';
import { holderAlive, liveHolder, type Holder } from '../platform/data-lock.ts';
import { loadLimits } from '../platform/limits.ts';
import { commandLine, isMainModule } from './args.ts';

const USAGE = `Usage: npm stop

Stops the server using the data folder DATA_DIR (default ./data), as Ctrl-C in its terminal would:
the requests in flight get up to SHUTDOWN_GRACE_MS to finish, the embedded PostgreSQL stops last.
Exit 0 once it has stopped (or when none was running), 1 if it could not be stopped.
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
  if (!h) {
    say.out(`No server is running with the data folder ${dataDir}.`);
    return 0;
  }
  if (!isServer(h)) {
    say.err(`The data folder ${dataDir} is held by process ${h.pid} (${h.command}), a command, not the server: not stopped. Let it finish.`);
    return 1;
  }
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
