// The default of npm run projections:rebuild: rebuilds every read model without downtime. The servers
// keep answering from the current tables while fresh copies are filled, then one short transaction swaps
// them in (src/projections/shadow-rebuild.ts). Run it as the database role that owns the tables (the app's).
import { openEventStore } from '../eventstore/open.ts';
import type { Config } from '../platform/config.ts';
import { createLogger } from '../platform/logger.ts';
import { allProjections } from '../projections/index.ts';
import { OffThreadReads } from '../projections/rebuild-reads.ts';
import { shadowRebuild } from '../projections/shadow-rebuild.ts';
import { eventsReplayed, replayProgress } from './rebuild-progress.ts';
import { openServiceDatabase } from './service-data.ts';

export async function rebuildProjectionsShadow(
  config: Config,
  log: (line: string) => void = () => {},
  opts: { progress?: boolean } = {},
): Promise<{ events: number; ms: number }> {
  const db = await openServiceDatabase(config, 5);
  // Through the sealing layer, as the servers read: read models hold opened personal fields.
  const { store, raw } = await openEventStore(config, db.knex, db.url);
  const target = await store.head();
  const progress = opts.progress ? await replayProgress(config, db.knex, store, new Set(allProjections(config).map((p) => p.name)).size, target) : null;
  const logger = createLogger(config.logLevel, { destination: 'stderr' });
  // The log is read and opened on a worker thread: this one fills the copies meanwhile.
  const reads = await OffThreadReads.start(store, { ...config, url: db.url }, logger);
  try {
    // Every line after the first comes once the replay is over: the progress report ends before it.
    let lines = 0;
    const say = (line: string) => {
      if (lines++ > 0) progress?.stop(true);
      log(line);
    };
    const { ms } = await shadowRebuild({
      knex: db.knex, url: db.url, store: reads, projections: allProjections(config), target, logger,
      log: say, onBatch: progress?.onBatch,
    });
    progress?.stop(true);
    // The events behind the swapped-in tables: the log's length now on PostgreSQL, up to the target elsewhere.
    const events = config.eventStore === 'postgres' ? Number((await db.knex('events').count({ n: '*' }).first())?.n ?? 0) : await eventsReplayed(config, db.knex, raw, target);
    return { events, ms };
  } finally {
    progress?.stop(false); // a no-op after a finished replay
    await reads.stopWorker();
    await store.close();
    await db.close();
  }
}
