// npm run events:export -- --out practice.ndjson — writes the configured store's whole log (EVENT_STORE,
// DATABASE_URL / KURRENTDB_URL) as NDJSON, in global order and as stored: personal fields stay sealed,
// and the data keys (PostgreSQL tables data_keys, key_aliases, server_keys) are NOT in the file.
// Stop the servers first (or at least every writer): events appended during the export may be missed.
import { once } from 'node:events';
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { exportLog, openRawStore, type Trailer } from '../eventstore/transfer.ts';
import { ConfigError, loadConfig, type Config } from '../platform/config.ts';
import { openDatabase, runningEmbeddedUrl } from '../platform/database.ts';

/** Reactors behind the log's head have not handled every event: warn, the target will not redo them. */
async function reactorsBehind(db: { knex: import('knex').Knex }, head: string | null, compare: (a: string | null, b: string | null) => number) {
  const rows: { name: string; position: string | null }[] = await db.knex('reactor_checkpoints').select('name', 'position');
  return rows.filter((r) => compare(r.position, head) < 0).map((r) => r.name);
}

export async function runExport(config: Config, out: string, log: (line: string) => void = () => {}): Promise<Trailer> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl ?? runningEmbeddedUrl(config.dataDir), dataDir: config.dataDir, poolMax: 3 });
  const source = await openRawStore(config, db.knex, db.url);
  // Written beside the target and renamed at the end: a failed export never leaves a file that looks whole.
  const partial = `${out}.partial`;
  const file = createWriteStream(partial, { encoding: 'utf8', mode: 0o600 });
  try {
    const behind = await reactorsBehind(db, await source.store.head(), (a, b) => source.store.compare(a, b));
    if (behind.length) log(`Warning: reactors not caught up (${behind.join(', ')}): after an import they will not act on the missing events.`);
    const write = async (line: string) => {
      if (!file.write(`${line}\n`)) await once(file, 'drain');
    };
    const trailer = await exportLog(source, write);
    file.end();
    await once(file, 'finish');
    renameSync(partial, out);
    return trailer;
  } catch (err) {
    file.destroy();
    rmSync(partial, { force: true });
    throw err;
  } finally {
    await source.store.close();
    await db.close();
  }
}

const isMain = Boolean(process.argv[1]) && import.meta.url === pathToFileURL(resolve(process.argv[1]!)).href;
if (isMain) {
  try {
    const { values } = parseArgs({ options: { out: { type: 'string' } } });
    if (!values.out) throw new ConfigError('usage: npm run events:export -- --out <file.ndjson>');
    const config = loadConfig();
    const say = (line: string) => process.stderr.write(`${line}\n`);
    const t = await runExport(config, resolve(values.out), say);
    say(`Exported ${t.events} events and ${t.reservations} reservations from ${config.eventStore} to ${values.out}.`);
    say('The data keys stay in PostgreSQL (data_keys, key_aliases, server_keys): the file alone cannot be read.');
    process.exit(0);
  } catch (err) {
    const config = err instanceof ConfigError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    process.stderr.write(config ? `${(err as Error).message}\n` : `Export failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(config ? 2 : 1);
  }
}
