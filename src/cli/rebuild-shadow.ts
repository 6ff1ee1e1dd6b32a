// npm run projections:rebuild -- --shadow — rebuilds every read model without downtime: the servers keep
// answering from the current tables while fresh copies are filled, then one short transaction swaps them
// in (src/projections/shadow-rebuild.ts). Run it as the database role that owns the tables (the app's).
import { openEventStore } from '../eventstore/open.ts';
import type { Config } from '../platform/config.ts';
import { openDatabase, runningEmbeddedUrl } from '../platform/database.ts';
import { createLogger } from '../platform/logger.ts';
import { allProjections } from '../projections/index.ts';
import { shadowRebuild } from '../projections/shadow-rebuild.ts';

export async function rebuildProjectionsShadow(config: Config, log: (line: string) => void = () => {}): Promise<{ events: number | null; ms: number }> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl ?? runningEmbeddedUrl(config.dataDir), dataDir: config.dataDir, poolMax: 5 });
  // Through the sealing layer, as the servers read: read models hold opened personal fields.
  const { store } = await openEventStore(config, db.knex, db.url);
  try {
    const { ms } = await shadowRebuild({ knex: db.knex, url: db.url, store, projections: allProjections, logger: createLogger(config.logLevel), log });
    // The events behind the swapped-in tables (PostgreSQL store: the log's length now).
    const events = config.eventStore === 'postgres' ? Number((await db.knex('events').count({ n: '*' }).first())?.n ?? 0) : null;
    return { events, ms };
  } finally {
    await store.close();
    await db.close();
  }
}
