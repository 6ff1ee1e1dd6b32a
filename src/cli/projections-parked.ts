// npm run projections:parked [-- --all | --json | --retry ID | --skip ID]
// Events that a read model or a reactor could not apply after its retries, and what to do with
// them: retry one (after a fix), or skip it for good. Messages go to stderr; --json prints only JSON.
import { openEventStore } from '../eventstore/open.ts';
import { ConfigError, type Config } from '../platform/config.ts';
import { openServiceDatabase, serviceConfig } from './service-data.ts';
import { allProjections } from '../projections/index.ts';
import { listParked, ParkedError, retryParked, skipParked, type ParkedEvent } from '../projections/parked.ts';
import { projectionHandlers } from '../projections/runner.ts';
import { allReactors } from '../reactors/index.ts';
import { reactorHandlers } from '../reactors/reactor.ts';
import { isMainModule, parseCommandLine, UsageError } from './args.ts';

const USAGE = `Usage: npm run -s projections:parked -- [options]

Lists the events that a read model or reactor parked after its retries.

Options:
  --all        also list events already retried or skipped
  --json       print JSON only
  --retry ID   apply parked event ID to its consumer again (after a fix); stays parked if it fails again
  --skip ID    leave parked event ID unapplied for good
  --help       this text
`;

export { UsageError };

export type Action = { kind: 'list'; all: boolean; json: boolean } | { kind: 'retry' | 'skip'; id: number; json: boolean } | { kind: 'help' };

export function parseCommand(argv: string[]): Action {
  const parsed = parseCommandLine(argv, { all: { type: 'boolean' }, json: { type: 'boolean' }, retry: { type: 'string' }, skip: { type: 'string' } });
  if (parsed.help) return { kind: 'help' };
  const { values } = parsed;
  if (values.retry !== undefined && values.skip !== undefined) throw new UsageError('Give --retry or --skip, not both');
  const target = values.retry ?? values.skip;
  if (target === undefined) return { kind: 'list', all: values.all ?? false, json: values.json ?? false };
  if (!/^\d{1,9}$/.test(target)) throw new UsageError(`Not a parked event id: ${target}`);
  if (values.all) throw new UsageError('--all only goes with the listing');
  return { kind: values.retry !== undefined ? 'retry' : 'skip', id: Number(target), json: values.json ?? false };
}

function table(rows: ParkedEvent[]): string {
  if (rows.length === 0) return 'No parked events.\n';
  const lines = rows.map((r) => [
    String(r.id), r.kind, r.consumer, r.status, r.eventType, r.position, String(r.attempts),
    new Date(r.firstFailureAt).toISOString(), new Date(r.lastFailureAt).toISOString(), r.error,
  ]);
  const head = ['ID', 'KIND', 'CONSUMER', 'STATUS', 'EVENT', 'POSITION', 'ATTEMPTS', 'FIRST FAILURE', 'LAST FAILURE', 'ERROR'];
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  return [head, ...lines].map((l) => l.map((c, i) => (i === l.length - 1 ? c : c.padEnd(widths[i]))).join('  ')).join('\n') + '\n';
}

export async function runParked(config: Config, action: Exclude<Action, { kind: 'help' }>): Promise<ParkedEvent[]> {
  const db = await openServiceDatabase(config, 3);
  const { store, keys } = await openEventStore(config, db.knex, db.url);
  try {
    if (action.kind === 'list') return await listParked(db.knex, action.all);
    if (action.kind === 'skip') return [await skipParked(db.knex, action.id)];
    const consumers = {
      projection: projectionHandlers(allProjections(config)),
      reactor: reactorHandlers(allReactors(keys, { practiceTimezone: config.practiceTimezone, maxDeviceTokens: config.limits.maxDeviceTokensPerUser, publicBaseUrl: config.publicBaseUrl, cargos: { store, ...config.billing }, correoFacturacion: { store, aeatEndpoint: config.aeat.endpoint } })),
    };
    return [await retryParked(db.knex, store, consumers, action.id)];
  } finally {
    await store.close();
    await db.close();
  }
}

if (isMainModule(import.meta.url)) {
  let code = 0;
  try {
    const action = parseCommand(process.argv.slice(2));
    if (action.kind === 'help') process.stdout.write(USAGE);
    else {
      const rows = await runParked(serviceConfig(), action);
      if (action.json) process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
      else if (action.kind === 'list') process.stdout.write(table(rows));
      else process.stderr.write(`Parked event ${rows[0].id} (${rows[0].consumer}, ${rows[0].eventType}): ${rows[0].status.toLowerCase()}.\n`);
    }
  } catch (err) {
    if (err instanceof UsageError) process.stderr.write(`${err.message}\n\n${USAGE}`);
    else if (err instanceof ConfigError) process.stderr.write(`Configuration error: ${err.message}\n`);
    else if (err instanceof ParkedError) process.stderr.write(`${err.message}\n`);
    else process.stderr.write(`projections:parked failed: ${err instanceof Error ? err.message : String(err)}\n`);
    code = err instanceof UsageError || err instanceof ConfigError ? 2 : 1;
  }
  process.exit(code);
}
