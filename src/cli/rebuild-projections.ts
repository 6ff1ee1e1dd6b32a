// npm run projections:rebuild [-- --in-place]
// By default the log is replayed into copies of the read models (unlogged while they fill) that are
// swapped in at the end (src/projections/shadow-rebuild.ts): the listings never go empty.
// --in-place empties every read model and replays into it (faster, but live clients see the read
// models fill again); safe beside running servers: the advisory locks make the reset and each batch
// exclusive.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Position } from '../eventstore/port.ts';
import { openEventStore } from '../eventstore/open.ts';
import { ConfigError, loadConfig, type Config } from '../platform/config.ts';
import { openDatabase, runningEmbeddedUrl, type Database } from '../platform/database.ts';
import { createLogger } from '../platform/logger.ts';
import { allProjections } from '../projections/index.ts';
import { CheckpointRunner, projectionHandlers, resetProjections } from '../projections/runner.ts';
import { rebuildProjectionsShadow } from './rebuild-shadow.ts';

/**
 * The newest committed event. `store.head()` stops below the oldest open transaction of the whole
 * PostgreSQL cluster, so it can lag behind what is committed; the rebuild waits for everything.
 */
async function lastCommitted(config: Config, db: Database): Promise<Position | null> {
  if (config.eventStore !== 'postgres') return null;
  const { rows } = await db.knex.raw('select tx_id::text as tx, global_position::text as gp from events order by events.tx_id desc, events.global_position desc limit 1');
  return rows.length ? `${rows[0].tx}/${rows[0].gp}` : null;
}

/** Events in the log up to `head` (PostgreSQL store), for the report. */
async function countEvents(config: Config, db: Database, head: Position | null): Promise<number | null> {
  if (config.eventStore !== 'postgres') return null;
  if (head === null) return 0;
  const [tx, gp] = head.split('/');
  const { rows } = await db.knex.raw('select count(*)::int as n from events where (tx_id, global_position) <= (?::text::xid8, ?::bigint)', [tx, gp]);
  return rows[0].n;
}

export async function rebuildProjections(config: Config, log: (line: string) => void = () => {}): Promise<{ events: number | null; ms: number }> {
  const started = Date.now();
  const db = await openDatabase({ databaseUrl: config.databaseUrl ?? runningEmbeddedUrl(config.dataDir), dataDir: config.dataDir, poolMax: 5 });
  // Through the sealing layer, as the server reads: read models hold opened personal fields.
  const { store } = await openEventStore(config, db.knex, db.url);
  const runner = new CheckpointRunner(db.knex, store, projectionHandlers(allProjections), { table: 'projection_checkpoints' }, createLogger(config.logLevel));
  try {
    await resetProjections(db.knex, allProjections);
    log(`Read models emptied: ${allProjections.map((p) => p.name).join(', ')}. Replaying the log ...`);
    const [head, committed] = [await store.head(), await lastCommitted(config, db)];
    const target = store.compare(committed, head) > 0 ? committed : head;
    runner.start();
    // No time limit: a long log takes as long as it takes. A running server may do some batches.
    while (!(await runner.waitFor(target, 5_000))) log('  still replaying ...');
    const events = await countEvents(config, db, target);
    return { events, ms: Date.now() - started };
  } finally {
    await runner.stop();
    await store.close();
    await db.close();
  }
}

const USAGE = `Usage: npm run projections:rebuild [-- --in-place]

Rebuilds every read model from the event log.

Options:
  --in-place   empty the read models and replay into them (clients see them fill again);
               by default copies are filled beside the live tables and swapped in at the end
  --help       this text
`;

const isMain = Boolean(process.argv[1]) && import.meta.url === pathToFileURL(resolve(process.argv[1]!)).href;
if (isMain) {
  let values: { 'in-place'?: boolean; shadow?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({ args: process.argv.slice(2), strict: true, allowPositionals: false, options: {
      'in-place': { type: 'boolean' }, shadow: { type: 'boolean' }, help: { type: 'boolean' },
    } }));
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    process.stdout.write(USAGE);
    process.exit(0);
  }
  try {
    const config = loadConfig();
    const out = (line: string) => process.stderr.write(`${line}\n`);
    // --shadow is accepted for old scripts: it is the default now.
    const { events, ms } = await (values['in-place'] ? rebuildProjections : rebuildProjectionsShadow)(config, out);
    out(`Rebuilt ${allProjections.length} read models from ${events ?? 'all'} events in ${(ms / 1000).toFixed(2)} s.`);
    process.exit(0);
  } catch (err) {
    process.stderr.write(err instanceof ConfigError ? `Configuration error: ${err.message}\n` : `Rebuild failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(err instanceof ConfigError ? 2 : 1);
  }
}
