// Child process: the whole service (`startServer`, as `npm start` wires it) on the database named by
// DATABASE_URL, configured from the environment the runner passes. Prints `READY {"url": ...}`.
// With BENCH_QUERY_LOG=<file>, counts the SQL statements the service sends (by their first 70
// characters) and writes the counts there on exit: round trips are most of the cost of a request.
// Counted at node-postgres's Client.query, so that every statement is: knex's, the event store's
// named statements on connections it takes from knex's pool (they bypass knex's query event), the
// shared limits' own pool, the listeners.
// With BENCH_PUSH_LOG=<file>, every push is a line there (its notice id), written before the send
// counts as done: the scale-out section counts pushes per notice across processes killed with -9.
// (BENCH_QUERY_SPLIT=1: by request path and background, below.)
// With BENCH_EXTRA_READ_MODEL=1, the service also runs bench/lib/extra-read-model.ts (a read model
// no write waits for; the runner creates its table first); set at all (1 or 0), READY waits until
// every read model has caught up with the log, so that both sides of the figure start alike.
import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { loadConfig } from '../../src/platform/config.ts';
import { startServer } from '../../src/server.ts';
import { extraReadModel } from './extra-read-model.ts';

const queryLog = process.env.BENCH_QUERY_LOG;
const counts = new Map<string, number>();
// With BENCH_QUERY_SPLIT=1 the counts are split by where a statement was sent from: inside an HTTP
// request's async context ("request: ...", the write path and what it starts) or not ("background: ...":
// the asynchronous consumers, the log's subscribers, timers started at boot).
const split = process.env.BENCH_QUERY_SPLIT === '1';
const inRequest = new AsyncLocalStorage<true>();
let counting = false;
if (queryLog) {
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const sql = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
    if (counting && sql) {
      const where = split ? (inRequest.getStore() ? 'request: ' : 'background: ') : '';
      const key = where + sql.replace(/\s+/g, ' ').trim().slice(0, 70);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

const config = loadConfig(process.env);
const pushLog = process.env.BENCH_PUSH_LOG;
const push = pushLog ? { send: async (m: { noticeId?: string }) => (appendFileSync(pushLog, `${m.noticeId ?? '-'}\n`), 'sent' as const) } : undefined;
const extra = process.env.BENCH_EXTRA_READ_MODEL;
const running = await startServer({ config, push, extraProjections: extra === '1' ? [extraReadModel] : [] });
if (extra !== undefined && !(await running.deps.projections.waitFor(await running.deps.store.head(), 600_000))) {
  throw new Error('the read models did not catch up with the log within 10 minutes');
}
// Listeners run in order in the emit's synchronous call: the app's handler, after this one, runs in the store.
if (split) running.server.prependListener('request', () => inRequest.enterWith(true));
counting = true; // from READY on: the start's migrations and catch-up are not the load's
process.stdout.write(`READY ${JSON.stringify({ url: running.url })}\n`);

let stopping = false;
process.on('SIGTERM', () => {
  if (stopping) return;
  stopping = true;
  if (queryLog) writeFileSync(queryLog, JSON.stringify(Object.fromEntries([...counts].sort((a, b) => b[1] - a[1])), null, 2));
  // A normal exit: `--cpu-prof` writes its profile only then.
  void running.close().finally(() => process.exit(0));
});
