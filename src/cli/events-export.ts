// npm run events:export -- --out practice.ndjson — writes the configured store's whole log (EVENT_STORE,
// DATABASE_URL / KURRENTDB_URL) as NDJSON, in global order and as stored: personal fields stay sealed,
// and the data keys (PostgreSQL tables data_keys, key_aliases, server_keys) are NOT in the file.
// Stop the servers first (or at least every writer): events appended during the export may be missed.
import { once } from 'node:events';
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { exportLog, openRawStore, type Trailer } from '../eventstore/transfer.ts';
import { ConfigError, type Config } from '../platform/config.ts';
import { openServiceDatabase, serviceConfig } from './service-data.ts';
import { commandLine, isMainModule, UsageError } from './args.ts';
import { startProgress, type Progress } from './progress.ts';

/** Reactors behind the log's head have not handled every event: warn, the target will not redo them. */
async function reactorsBehind(db: { knex: import('knex').Knex }, head: string | null, compare: (a: string | null, b: string | null) => number) {
  const rows: { name: string; position: string | null }[] = await db.knex('reactor_checkpoints').select('name', 'position');
  return rows.filter((r) => compare(r.position, head) < 0).map((r) => r.name);
}

/** Events to export: counted first in PostgreSQL; a KurrentDB log is not counted (no cheap count). */
async function total(kind: string, knex: import('knex').Knex): Promise<number | null> {
  if (kind !== 'postgres') return null;
  const row = await knex('events').count<{ n: string }[]>({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

export async function runExport(config: Config, out: string, opts: { log?: (line: string) => void; progress?: boolean } = {}): Promise<Trailer> {
  const log = opts.log ?? (() => {});
  const db = await openServiceDatabase(config, 3);
  const source = await openRawStore(config, db.knex, db.url);
  // Written beside the target and renamed at the end: a failed export never leaves a file that looks whole.
  const partial = `${out}.partial`;
  const file = createWriteStream(partial, { encoding: 'utf8', mode: 0o600 });
  let progress: Progress | null = null;
  try {
    const behind = await reactorsBehind(db, await source.store.head(), (a, b) => source.store.compare(a, b));
    if (behind.length) log(`Warning: reactors not caught up (${behind.join(', ')}): after an import they will not act on the missing events.`);
    if (opts.progress) progress = startProgress('Exporting', await total(source.kind, db.knex));
    const write = async (line: string) => {
      // Event lines are counted as written; the header, reservations and trailer are not events.
      if (line.startsWith('{"kind":"event"')) progress?.increment();
      if (!file.write(`${line}\n`)) await once(file, 'drain');
    };
    const trailer = await exportLog(source, write);
    file.end();
    await once(file, 'finish');
    renameSync(partial, out);
    progress?.stop(true);
    return trailer;
  } catch (err) {
    progress?.stop(false);
    file.destroy();
    rmSync(partial, { force: true });
    throw err;
  } finally {
    await source.store.close();
    await db.close();
  }
}

const USAGE = `Usage: npm run events:export -- --out <file.ndjson>

Writes the configured store's whole event log (EVENT_STORE, DATABASE_URL / KURRENTDB_URL) as NDJSON,
in global order and as stored: personal fields stay sealed, and the data keys are NOT in the file.
Stop the servers (at least every writer) first: events appended meanwhile may be missed.
Messages and progress go to stderr (a bar on a terminal, otherwise a line per 10%).

Options:
  --out FILE   the file to write (written as FILE.partial, renamed when whole)
  --help       this text
`;

if (isMainModule(import.meta.url)) {
  const { out } = commandLine(USAGE, { out: { type: 'string' } }, (v) => {
    if (!v.out) throw new UsageError('--out is required');
    return { out: v.out };
  });
  try {
    const config = serviceConfig();
    const say = (line: string) => process.stderr.write(`${line}\n`);
    const t = await runExport(config, resolve(out), { log: say, progress: true });
    say(`Exported ${t.events} events and ${t.reservations} reservations from ${config.eventStore} to ${out}.`);
    say('The data keys stay in PostgreSQL (data_keys, key_aliases, server_keys): the file alone cannot be read.');
    process.exit(0);
  } catch (err) {
    const config = err instanceof ConfigError;
    process.stderr.write(config ? `Configuration error: ${(err as Error).message}\n` : `Export failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(config ? 2 : 1);
  }
}
