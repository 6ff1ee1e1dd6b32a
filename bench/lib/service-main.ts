// Child process: the whole service (`startServer`, as `npm start` wires it) on the database named by
// DATABASE_URL, configured from the environment the runner passes. Prints `READY {"url": ...}`.
// With BENCH_QUERY_LOG=<file>, counts the SQL statements the service sends (by their first 70
// characters) and writes the counts there on exit: round trips are most of the cost of a request.
import { writeFileSync } from 'node:fs';
import { loadConfig } from '../../src/platform/config.ts';
import { startServer } from '../../src/server.ts';

const config = loadConfig(process.env);
const running = await startServer({ config });
const queryLog = process.env.BENCH_QUERY_LOG;
const counts = new Map<string, number>();
if (queryLog) {
  running.deps.knex.on('query', (q: { sql: string }) => {
    const key = q.sql.replace(/\s+/g, ' ').trim().slice(0, 70);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  });
}
process.stdout.write(`READY ${JSON.stringify({ url: running.url })}\n`);

let stopping = false;
process.on('SIGTERM', () => {
  if (stopping) return;
  stopping = true;
  if (queryLog) writeFileSync(queryLog, JSON.stringify(Object.fromEntries([...counts].sort((a, b) => b[1] - a[1])), null, 2));
  // A normal exit: `--cpu-prof` writes its profile only then.
  void running.close().finally(() => process.exit(0));
});
