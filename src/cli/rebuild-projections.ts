// npm run projections:rebuild [-- --in-place]
// By default the log is replayed into copies of the read models (unlogged while they fill) that are
// swapped in at the end (src/projections/shadow-rebuild.ts): the listings never go empty.
// --in-place empties every read model and replays into it (faster, but live clients see the read
// models fill again); safe beside running servers: the advisory locks make the reset and each batch
// exclusive.
import type { Position } from '../eventstore/port.ts';
import { openEventStore } from '../eventstore/open.ts';
import { ConfigError, type Config } from '../platform/config.ts';
import type { Database } from '../platform/database.ts';
import { openServiceDatabase, serviceConfig } from './service-data.ts';
import { createLogger } from '../platform/logger.ts';
import { allProjections } from '../projections/index.ts';
import { CheckpointRunner, projectionHandlers, resetProjections } from '../projections/runner.ts';
import { instanceName } from '../projections/lease-keeper.ts';
import { OffThreadReads } from '../projections/rebuild-reads.ts';
import { commandLine, isMainModule, UsageError } from './args.ts';
import { eventsReplayed, replayProgress, type ReplayProgress } from './rebuild-progress.ts';
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

export async function rebuildProjections(
  config: Config,
  log: (line: string) => void = () => {},
  opts: { progress?: boolean } = {},
): Promise<{ events: number; ms: number }> {
  const started = Date.now();
  const projections = allProjections(config);
  const db = await openServiceDatabase(config, 5);
  // Through the sealing layer, as the server reads: read models hold opened personal fields.
  const { store, raw } = await openEventStore(config, db.knex, db.url);
  let progress: ReplayProgress | null = null;
  const onBatch = (name: string, position: Position) => progress?.onBatch(name, position);
  const logger = createLogger(config.logLevel, { destination: 'stderr' });
  // The log is read and opened on a worker thread: this one applies the read models meanwhile.
  const reads = await OffThreadReads.start(store, { ...config, url: db.url }, logger);
  const runner = new CheckpointRunner(db.knex, reads, projectionHandlers(projections), {
    table: 'projection_checkpoints', onBatch, lease: { instance: `rebuild-${instanceName()}`, ms: config.consumerLeaseMs },
  }, logger);
  try {
    await resetProjections(db.knex, projections);
    log(`Read models emptied: ${projections.map((p) => p.name).join(', ')}. Replaying the log ...`);
    const [head, committed] = [await store.head(), await lastCommitted(config, db)];
    const target = store.compare(committed, head) > 0 ? committed : head;
    if (opts.progress) progress = await replayProgress(config, db.knex, store, new Set(projections.map((p) => p.name)).size, target);
    runner.start();
    // No time limit: a long log takes as long as it takes. A running server may do some batches.
    while (!(await runner.waitFor(target, 5_000))) if (!progress) log('  still replaying ...');
    progress?.stop(true);
    return { events: await eventsReplayed(config, db.knex, raw, target), ms: Date.now() - started };
  } finally {
    progress?.stop(false); // a no-op after a finished replay
    await runner.stop();
    await reads.stopWorker();
    await store.close();
    await db.close();
  }
}

const USAGE = `Usage: npm run projections:rebuild [-- --in-place]

Rebuilds every read model from the event log.

Options:
  --in-place   empty the read models and replay into them (clients see them fill again);
               by default copies are filled beside the live tables and swapped in at the end
  --shadow     the default (accepted for old scripts)
  --help       this text

Progress goes to stderr: a bar on a terminal, otherwise a line per 10%.
`;

if (isMainModule(import.meta.url)) {
  // --shadow is accepted for old scripts: it is the default now.
  const values = commandLine(USAGE, { 'in-place': { type: 'boolean' }, shadow: { type: 'boolean' } }, (v) => {
    if (v['in-place'] && v.shadow) throw new UsageError('Give --in-place or --shadow, not both');
    return v;
  });
  try {
    const config = serviceConfig();
    const out = (line: string) => process.stderr.write(`${line}\n`);
    const { events, ms } = await (values['in-place'] ? rebuildProjections : rebuildProjectionsShadow)(config, out, { progress: true });
    out(`Rebuilt ${allProjections(config).length} read models from ${events} events in ${(ms / 1000).toFixed(2)} s.`);
    process.exit(0);
  } catch (err) {
    process.stderr.write(err instanceof ConfigError ? `Configuration error: ${err.message}\n` : `Rebuild failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(err instanceof ConfigError ? 2 : 1);
  }
}
