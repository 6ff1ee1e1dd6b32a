import { constants } from 'node:os';

/**
 * One Ctrl-C under `npm start` arrives twice within milliseconds: from the terminal, and relayed by
 * npm (the server is npm's own child). Repeats inside this window are that echo, not a second press.
 */
const ECHO_MS = 1_000;

/**
 * SIGINT and SIGTERM run `stop` once, then exit 0 (1 if it failed). A second signal, past the
 * echo window, exits at once with 128 + its number; the embedded PostgreSQL still gets its fast
 * shutdown from the exit hook of postgres/embedded.ts, so committed work is kept.
 */
export function onShutdownSignals(stop: (signal: NodeJS.Signals) => Promise<void>): void {
  let first = 0;
  const handle = (signal: NodeJS.Signals) => {
    const now = Date.now();
    if (first === 0) {
      first = now;
      stop(signal).then(
        () => process.exit(0),
        (err: unknown) => {
          process.stderr.write(`Shutdown failed: ${err instanceof Error ? err.stack : String(err)}\n`);
          process.exit(1);
        },
      );
      return;
    }
    if (now - first < ECHO_MS) return;
    process.stderr.write(`${signal} again: stopping at once, requests in flight are cut.\n`);
    process.exit(128 + constants.signals[signal]);
  };
  process.on('SIGINT', handle);
  process.on('SIGTERM', handle);
}
