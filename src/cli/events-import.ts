// npm run events:import -- --in practice.ndjson — appends an events:export file to the configured store
// (EVENT_STORE=kurrentdb + KURRENTDB_URL, or the PostgreSQL of DATABASE_URL) in the file's order, keeping
// streams, revisions, event ids and metadata; then claims the file's reservations. Resumable: run it again
// after a failure and the events already imported are skipped. The target's PostgreSQL must hold the data
// keys of the source (same database, or data_keys, key_aliases and server_keys copied over).
import { createReadStream, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Knex } from 'knex';
import type { EventStore, Position } from '../eventstore/port.ts';
import { treeSize } from '../platform/audit/tree-store.ts';
import { checkFile, importLog, openRawStore, type ImportResult } from '../eventstore/transfer.ts';
import { checkLogIdentity, logIdentity, recordLogIdentity } from '../eventstore/log-identity.ts';
import { StartupError } from '../platform/startup-error.ts';
import { AUDIT_LOG_CONSUMER } from '../projections/audit-log.ts';
import { ConfigError, loadConfig, type Config } from '../platform/config.ts';
import { openDatabase, runningEmbeddedUrl } from '../platform/database.ts';
import { allProjections } from '../projections/index.ts';
import { resetProjections } from '../projections/runner.ts';
import { commandLine, isMainModule, UsageError } from './args.ts';
import { startProgress, type Progress } from './progress.ts';
import { demoteInline } from '../projections/inline-adoption.ts';

/**
 * The file's lines. The interface is made when iteration starts: readline emits lines as soon as it
 * exists, and the ones emitted before a `for await` attaches are lost (the import awaits the store first).
 */
async function* lines(file: string): AsyncGenerator<string> {
  yield* createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
}

/**
 * The audit tree's checkpoint in the imported log: its leaves are the log's first events in order, so
 * it resumes after the event of its last leaf (checked by id: the tree holds each event once and a
 * read from an older place would add them again).
 */
async function auditPosition(knex: Knex, store: EventStore): Promise<Position | null> {
  const size = await treeSize(knex);
  if (size === 0) return null;
  let at: Position | null = null;
  for (let seen = 0; seen < size; ) {
    const page = await store.readAll(at, Math.min(500, size - seen));
    if (page.events.length === 0) break;
    seen += page.events.length;
    at = page.last;
    if (seen < size) continue;
    const last = await knex('audit_leaves').where({ leaf_index: size - 1 }).first('event_id');
    if (last?.event_id === page.events[page.events.length - 1].metadata.eventId.toLowerCase()) return at;
  }
  throw new Error(`The audit log's ${size} leaves are not the imported log's first events: its checkpoint cannot be moved (docs/audit.md)`);
}

/**
 * Checkpoints already in this database are positions in the log as it was before the import (another
 * store, or other transaction ids): meaningless now. Reactors are moved to the new head (they handled
 * these events at the source; reactor_processed dedupes by event id anyway), the audit tree to its
 * last leaf's event; read models are emptied, to be rebuilt from the imported log; FHIR export marks
 * are dropped. Then the database records the new log as its positions' (log-identity.ts).
 */
async function repointCheckpoints(config: Config, knex: Knex, store: EventStore): Promise<{ reactors: number; readModelsReset: boolean }> {
  const head = await store.head();
  const reactors = await knex('reactor_checkpoints').update({ position: head, updated_at: knex.fn.now() });
  await knex('projection_checkpoints').where({ name: AUDIT_LOG_CONSUMER }).update({ position: await auditPosition(knex, store), updated_at: knex.fn.now() });
  const [{ n }] = await knex('projection_checkpoints').count<{ n: string }[]>({ n: '*' });
  if (Number(n) > 0) await resetProjections(knex, allProjections(config));
  // FHIR exports cut at positions of the old log: an unfinished one fails (its client kicks off
  // again), and a later `_since` maps by time, never to an old position (docs/fhir.md).
  await knex('fhir_export_marcas').delete();
  await knex('fhir_export_jobs').whereIn('estado', ['pending', 'running'])
    .update({ estado: 'failed', fallo: JSON.stringify({ status: 503, text: 'The event log was moved to another store during the export; kick it off again' }), terminado_en: knex.fn.now(), owner: null });
  await recordLogIdentity(knex, logIdentity(config));
  return { reactors, readModelsReset: Number(n) > 0 };
}

/** The file's lines, each event line counted into `progress` as the import reads it. */
async function* counted(source: AsyncIterable<string>, progress: Progress | null): AsyncGenerator<string> {
  for await (const line of source) {
    if (line.startsWith('{"kind":"event"')) progress?.increment();
    yield line;
  }
}

export async function runImport(config: Config, file: string, opts: { keepCheckpoints?: boolean; log?: (line: string) => void; progress?: boolean } = {}) {
  const log = opts.log ?? (() => {});
  const { header, trailer } = await checkFile(() => lines(file));
  log(`${file}: ${trailer.events} events and ${trailer.reservations} reservations exported from ${header.source} at ${header.exportedAt}.`);
  const db = await openDatabase({ databaseUrl: config.databaseUrl ?? runningEmbeddedUrl(config.dataDir), dataDir: config.dataDir, poolMax: 3 });
  // Checkpoints kept must be of the target's log already: refused before anything is written.
  if (opts.keepCheckpoints) {
    await checkLogIdentity(db.knex, logIdentity(config), { record: true }).catch(async (err) => {
      await db.close();
      throw err instanceof StartupError ? new ConfigError(`--keep-checkpoints: ${err.message}`) : err;
    });
  }
  const target = await openRawStore(config, db.knex, db.url);
  // The importer appends events as stored (sealed): inline read models follow the log again until adopted.
  if (target.kind === 'postgres') await demoteInline(db.knex, target.store);
  // The total is the file's own count (its end line, checked above).
  const progress = opts.progress ? startProgress('Importing', trailer.events) : null;
  try {
    const result: ImportResult = await importLog(target.store, counted(lines(file), progress), progress ? () => {} : log);
    progress?.stop(true);
    const moved = opts.keepCheckpoints ? null : await repointCheckpoints(config, db.knex, target.store);
    return { ...result, target: target.kind, checkpoints: moved };
  } finally {
    progress?.stop(false); // a no-op after a finished import
    await target.store.close();
    await db.close();
  }
}

const USAGE = `Usage: npm run events:import -- --in <file.ndjson> [--keep-checkpoints]

Appends an events:export file to the configured store (EVENT_STORE=kurrentdb + KURRENTDB_URL, or the
PostgreSQL of DATABASE_URL) in the file's order, keeping streams, revisions, event ids and metadata, then
claims the file's reservations. Resumable: run it again after a failure. The target's PostgreSQL must
hold the source's data keys. Messages and progress go to stderr (a bar on a terminal, otherwise a line
per 10%).

Options:
  --in FILE            the export file (checked whole before anything is written)
  --keep-checkpoints   leave the read models' and reactors' checkpoints as they are
  --help               this text
`;

if (isMainModule(import.meta.url)) {
  const values = commandLine(USAGE, { in: { type: 'string' }, 'keep-checkpoints': { type: 'boolean' } }, (v) => {
    if (!v.in) throw new UsageError('--in is required');
    if (!existsSync(v.in)) throw new UsageError(`No such file: ${v.in}`);
    return { in: v.in, keepCheckpoints: v['keep-checkpoints'] ?? false };
  });
  try {
    const say = (line: string) => process.stderr.write(`${line}\n`);
    const r = await runImport(loadConfig(), resolve(values.in), { keepCheckpoints: values.keepCheckpoints, log: say, progress: true });
    say(`Imported ${r.imported} events into ${r.target} (${r.skipped} already there); ${r.reservations} reservations claimed (${r.reservationsPresent} already held).`);
    if (r.checkpoints?.readModelsReset) say('Read models emptied: run `npm run projections:rebuild` before starting the servers.');
    process.exit(0);
  } catch (err) {
    const config = err instanceof ConfigError;
    process.stderr.write(config ? `Configuration error: ${(err as Error).message}\n` : `Import failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(config ? 2 : 1);
  }
}
