import type { Knex } from 'knex';
import type { Config } from '../platform/config.ts';
import { type EventStore, type NewEvent, ReservationTakenError, type StreamWrite } from './port.ts';
import { appendInParts } from './append-parts.ts';
import { PostgresEventStore } from './postgres.ts';

// Moving a practice's log between stores (npm run events:export / events:import). The file is NDJSON:
// a header, every event in global order AS STORED (sealed fields stay ciphertext: the raw store is
// read, never the sealing layer), the reservations held (keyed hashes, never plaintext), a trailer.
// Data keys are not in the file: they stay in PostgreSQL (data_keys, key_aliases, server_keys).

export const FORMAT = 'practice-event-log';
export const VERSION = 1;

export type StoreKind = 'postgres' | 'kurrentdb';
export interface Header { kind: 'header'; format: typeof FORMAT; version: typeof VERSION; source: StoreKind; exportedAt: string }
export interface EventLine extends NewEvent { kind: 'event'; streamId: string; revision: string; position: string }
export interface ReservationLine { kind: 'reservation'; scope: string; key: string; streamId: string | null }
export interface Trailer { kind: 'end'; events: number; reservations: number }
export type Line = Header | EventLine | ReservationLine | Trailer;

/** A store without the sealing layer, and the reservations it holds. */
export interface RawStore {
  kind: StoreKind;
  store: EventStore;
  reservations(): AsyncIterable<{ scope: string; key: string; streamId: string | null }>;
}

export async function openRawStore(config: Config, knex: Knex, url: string): Promise<RawStore> {
  if (config.eventStore === 'kurrentdb') {
    const { KurrentEventStore } = await import('./kurrentdb.ts');
    const store = new KurrentEventStore(config.kurrentdbUrl!);
    return { kind: 'kurrentdb', store, reservations: () => store.reservationsHeld() };
  }
  const store = new PostgresEventStore(knex, url);
  return { kind: 'postgres', store, reservations: () => pgReservations(knex) };
}

async function* pgReservations(knex: Knex) {
  const rows = await knex('reservations').select('scope', 'key', 'stream_id').orderBy(['reserved_at', 'scope', 'key']);
  for (const r of rows) yield { scope: r.scope as string, key: r.key as string, streamId: (r.stream_id as string) || null };
}

/** Writes the whole log, then the reservations; returns the counts. */
export async function exportLog(source: RawStore, write: (line: string) => Promise<void>, pageSize = 500): Promise<Trailer> {
  const header: Header = { kind: 'header', format: FORMAT, version: VERSION, source: source.kind, exportedAt: new Date().toISOString() };
  await write(JSON.stringify(header));
  let events = 0;
  for (let at: string | null = null; ; ) {
    const page = await source.store.readAll(at, pageSize);
    for (const e of page.events) {
      const line: EventLine = { kind: 'event', streamId: e.streamId, revision: e.revision.toString(), type: e.type, data: e.data, metadata: e.metadata, position: e.position };
      await write(JSON.stringify(line));
      events++;
    }
    if (page.events.length === 0) break;
    at = page.last;
  }
  let reservations = 0;
  for await (const r of source.reservations()) {
    await write(JSON.stringify({ kind: 'reservation', ...r } satisfies ReservationLine));
    reservations++;
  }
  const trailer: Trailer = { kind: 'end', events, reservations };
  await write(JSON.stringify(trailer));
  return trailer;
}

/** Parses and checks one line; throws with the line number on anything unexpected. */
export function parseLine(text: string, n: number): Line {
  let line: Line;
  try {
    line = JSON.parse(text) as Line;
  } catch {
    throw new Error(`line ${n}: not JSON`);
  }
  const ok =
    (line.kind === 'header' && line.format === FORMAT) ||
    (line.kind === 'event' && typeof line.streamId === 'string' && typeof line.type === 'string' && /^\d+$/.test(line.revision) &&
      typeof line.position === 'string' && typeof line.metadata?.eventId === 'string') ||
    (line.kind === 'reservation' && typeof line.scope === 'string' && typeof line.key === 'string') ||
    (line.kind === 'end' && Number.isInteger(line.events));
  if (!ok) throw new Error(`line ${n}: not a ${FORMAT} line`);
  if (line.kind === 'header' && line.version !== VERSION) throw new Error(`line ${n}: format version ${line.version}, this program reads ${VERSION}`);
  return line;
}

/** Reads the file once to check it is whole (header first, trailer last, counts matching) before importing. */
export async function checkFile(lines: () => AsyncIterable<string>): Promise<{ header: Header; trailer: Trailer }> {
  let header: Header | null = null;
  let trailer: Trailer | null = null;
  let [n, events, reservations] = [0, 0, 0];
  for await (const text of lines()) {
    if (text.trim() === '') continue;
    const line = parseLine(text, ++n);
    if (trailer) throw new Error(`line ${n}: after the end line`);
    if (n === 1 && line.kind !== 'header') throw new Error('line 1: the header is missing');
    if (line.kind === 'header' && n === 1) header = line;
    else if (line.kind === 'header') throw new Error(`line ${n}: a second header`);
    else if (line.kind === 'event') events++;
    else if (line.kind === 'reservation') reservations++;
    else trailer = line;
  }
  if (!header || !trailer) throw new Error('the file is truncated: no end line');
  if (trailer.events !== events || trailer.reservations !== reservations) {
    throw new Error(`the file is inconsistent: ${events} events and ${reservations} reservations, the end line says ${trailer.events} and ${trailer.reservations}`);
  }
  return { header, trailer };
}

export interface ImportResult { imported: number; skipped: number; reservations: number; reservationsPresent: number }

/**
 * Appends the file's events to `target` in the file's order, keeping streams, revisions, event ids and
 * metadata. Events written by one source transaction go in one atomic append, unless larger than the
 * target takes at once (then in parts, appendInParts). Resumable: an event
 * already in the target at its revision with the same id is skipped; a different event there, or a
 * gap, stops the import (the target is not this log's copy).
 */
export async function importLog(target: EventStore, lines: AsyncIterable<string>, log: (s: string) => void = () => {}): Promise<ImportResult> {
  const importer = new Importer(target, (await target.head()) === null);
  const reservations: ReservationLine[] = [];
  let group: EventLine[] = [];
  let [n, reported] = [0, 0];
  for await (const text of lines) {
    if (text.trim() === '') continue;
    const line = parseLine(text, ++n);
    if (line.kind === 'reservation') reservations.push(line);
    if (line.kind !== 'event') continue;
    if (group.length && !sameAppend(group, line)) {
      await importer.flush(group);
      group = [];
    }
    group.push(line);
    const done = importer.result.imported + importer.result.skipped;
    if (done - reported >= 5000) log(`  ${(reported = done)} events done ...`);
  }
  await importer.flush(group);
  for (const r of reservations) await importer.reserve(r);
  return importer.result;
}

/** One source append: same transaction (PostgreSQL tx id, KurrentDB commit), each stream one run. */
function sameAppend(group: EventLine[], next: EventLine): boolean {
  const tx = (l: EventLine) => l.position.split('/')[0];
  const last = group[group.length - 1];
  if (tx(last) !== tx(next)) return false;
  return last.streamId === next.streamId || !group.some((l) => l.streamId === next.streamId);
}

class Importer {
  readonly result: ImportResult = { imported: 0, skipped: 0, reservations: 0, reservationsPresent: 0 };
  /** Per stream: ids of the events the target holds, by revision. */
  private readonly streams = new Map<string, string[]>();

  constructor(private readonly target: EventStore, private readonly fresh: boolean) {}

  private async held(streamId: string): Promise<string[]> {
    let ids = this.streams.get(streamId);
    if (!ids) {
      ids = this.fresh ? [] : (await this.target.readStream(streamId)).map((e) => e.metadata.eventId.toLowerCase());
      this.streams.set(streamId, ids);
    }
    return ids;
  }

  async flush(group: EventLine[]): Promise<void> {
    const writes: StreamWrite[] = [];
    for (const line of group) {
      const ids = await this.held(line.streamId);
      const revision = BigInt(line.revision);
      const id = line.metadata.eventId.toLowerCase();
      if (revision < BigInt(ids.length)) {
        if (ids[Number(revision)] !== id) throw new Error(`${line.streamId}@${revision}: the target holds another event (${ids[Number(revision)]}, not ${id})`);
        this.result.skipped++;
        continue;
      }
      const pending = writes.find((w) => w.streamId === line.streamId);
      const next = BigInt(ids.length) + BigInt(pending?.events.length ?? 0);
      if (revision !== next) throw new Error(`${line.streamId}: the file jumps to revision ${revision}, the target is at ${next}`);
      const event: NewEvent = { type: line.type, data: line.data, metadata: line.metadata };
      if (pending) pending.events.push(event);
      else writes.push({ streamId: line.streamId, events: [event], expected: next === 0n ? 'noStream' : next - 1n });
    }
    if (writes.length === 0) return;
    // Over the target's append size (KurrentDB's 1 MiB), in parts: resumable like the rest.
    await appendInParts(this.target, writes);
    for (const w of writes) {
      this.streams.get(w.streamId)!.push(...w.events.map((e) => e.metadata.eventId.toLowerCase()));
      this.result.imported += w.events.length;
    }
  }

  /** Claims the value for its stream again; already claimed (a resumed import) counts as present. */
  async reserve(r: ReservationLine): Promise<void> {
    const writes: StreamWrite[] = r.streamId ? [{ streamId: r.streamId, events: [], expected: 'any' }] : [];
    try {
      await this.target.append(writes, [{ scope: r.scope, key: r.key }]);
      this.result.reservations++;
    } catch (err) {
      if (!(err instanceof ReservationTakenError)) throw err;
      this.result.reservationsPresent++;
    }
  }
}
