// npm run projections:rebuild — empties every read model and replays the whole log into it.
// Safe beside running servers: the projections' advisory locks make the reset and each batch
// exclusive, so whichever process holds a projection's lock does its next batch.
// With --shadow the listings never go empty: the log is replayed into copies that are swapped in at
// the end (src/projections/shadow-rebuild.ts).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
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

const isMain = Boolean(process.argv[1]) && import.meta.url === pathToFileURL(resolve(process.argv[1]!)).href;
if (isMain) {
  try {
    const config = loadConfig();
    const out = (line: string) => process.stdout.write(`${line}\n`);
    const shadow = process.argv.slice(2).includes('--shadow');
    const { events, ms } = await (shadow ? rebuildProjectionsShadow : rebuildProjections)(config, out);
    out(`Rebuilt ${allProjections.length} read models from ${events ?? 'all'} events in ${(ms / 1000).toFixed(2)} s.`);
    process.exit(0);
  } catch (err) {
    process.stderr.write(err instanceof ConfigError ? `Configuration error: ${err.message}\n` : `Rebuild failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(err instanceof ConfigError ? 2 : 1);
  }
}
