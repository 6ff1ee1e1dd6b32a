// npm run events:import -- --in practice.ndjson — appends an events:export file to the configured store
// (EVENT_STORE=kurrentdb + KURRENTDB_URL, or the PostgreSQL of DATABASE_URL) in the file's order, keeping
// streams, revisions, event ids and metadata; then claims the file's reservations. Resumable: run it again
// after a failure and the events already imported are skipped. The target's PostgreSQL must hold the data
// keys of the source (same database, or data_keys, key_aliases and server_keys copied over).
import { createReadStream } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Knex } from 'knex';
import type { EventStore } from '../eventstore/port.ts';
import { checkFile, importLog, openRawStore, type ImportResult } from '../eventstore/transfer.ts';
import { ConfigError, loadConfig, type Config } from '../platform/config.ts';
import { openDatabase, runningEmbeddedUrl } from '../platform/database.ts';
import { allProjections } from '../projections/index.ts';
import { resetProjections } from '../projections/runner.ts';

/**
 * The file's lines. The interface is made when iteration starts: readline emits lines as soon as it
 * exists, and the ones emitted before a `for await` attaches are lost (the import awaits the store first).
 */
async function* lines(file: string): AsyncGenerator<string> {
  yield* createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
}

/**
 * Checkpoints already in this database are positions in the log as it was before the import (another
 * store, or other transaction ids): meaningless now. Reactors are moved to the new head (they handled
 * these events at the source; reactor_processed dedupes by event id anyway); read models are emptied,
 * to be rebuilt from the imported log.
 */
async function repointCheckpoints(knex: Knex, store: EventStore): Promise<{ reactors: number; readModelsReset: boolean }> {
  const head = await store.head();
  const reactors = await knex('reactor_checkpoints').update({ position: head, updated_at: knex.fn.now() });
  const [{ n }] = await knex('projection_checkpoints').count<{ n: string }[]>({ n: '*' });
  if (Number(n) > 0) await resetProjections(knex, allProjections);
  return { reactors, readModelsReset: Number(n) > 0 };
}

export async function runImport(config: Config, file: string, opts: { keepCheckpoints?: boolean; log?: (line: string) => void } = {}) {
  const log = opts.log ?? (() => {});
  const { header, trailer } = await checkFile(() => lines(file));
  log(`${file}: ${trailer.events} events and ${trailer.reservations} reservations exported from ${header.source} at ${header.exportedAt}.`);
  const db = await openDatabase({ databaseUrl: config.databaseUrl ?? runningEmbeddedUrl(config.dataDir), dataDir: config.dataDir, poolMax: 3 });
  const target = await openRawStore(config, db.knex, db.url);
  try {
    const result: ImportResult = await importLog(target.store, lines(file), log);
    const moved = opts.keepCheckpoints ? null : await repointCheckpoints(db.knex, target.store);
    return { ...result, target: target.kind, checkpoints: moved };
  } finally {
    await target.store.close();
    await db.close();
  }
}

const isMain = Boolean(process.argv[1]) && import.meta.url === pathToFileURL(resolve(process.argv[1]!)).href;
if (isMain) {
  try {
    const { values } = parseArgs({ options: { in: { type: 'string' }, 'keep-checkpoints': { type: 'boolean' } } });
    if (!values.in) throw new ConfigError('usage: npm run events:import -- --in <file.ndjson> [--keep-checkpoints]');
    const say = (line: string) => process.stderr.write(`${line}\n`);
    const r = await runImport(loadConfig(), resolve(values.in), { keepCheckpoints: values['keep-checkpoints'], log: say });
    say(`Imported ${r.imported} events into ${r.target} (${r.skipped} already there); ${r.reservations} reservations claimed (${r.reservationsPresent} already held).`);
    if (r.checkpoints?.readModelsReset) say('Read models emptied: run `npm run projections:rebuild` before starting the servers.');
    process.exit(0);
  } catch (err) {
    const usage = err instanceof ConfigError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    process.stderr.write(usage ? `${(err as Error).message}\n` : `Import failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(usage ? 2 : 1);
  }
}
