import type { ExpectedRevision, Position } from '../eventstore/port.ts';
import type { CommandDeps } from './deps.ts';

// Where the legacy whole-agenda streams are (agenda-upgrade.ts carries them into the day streams).

export const LEGACY = /^agenda-(\d+)$/;
export const AGENDA_MARKER = 'AgendaPasadaADias';
/** KurrentDB (any store without SQL): how far the log has been searched for legacy streams. */
export const SCAN_STREAM = 'migracion-agenda-dias';
const PAGE = 1_000;

export interface Found {
  streams: string[];
  /** Non-SQL stores: the position the scan reached, and the revision of the scan stream read. */
  scannedTo?: Position | null;
  scanRevision?: ExpectedRevision;
  scannedFrom?: Position | null;
}

export async function findLegacyStreams(deps: CommandDeps): Promise<Found> {
  if (deps.config.eventStore === 'postgres') {
    // Only streams whose last event is not the marker (partial index events_agenda_legacy: empty,
    // hence instant, on a database that never had the old layout).
    const { rows } = await deps.knex.raw(`
      select stream_id from (
        select distinct on (stream_id) stream_id, type from events
        where stream_id ~ '^agenda-[0-9]+$' order by stream_id, stream_revision desc
      ) last where type <> ? order by 1`, [AGENDA_MARKER]);
    return { streams: rows.map((r: { stream_id: string }) => r.stream_id) };
  }
  const checkpoint = await deps.store.readStream(SCAN_STREAM);
  const last = checkpoint.at(-1);
  const from = last ? ((last.data as { hasta?: Position | null }).hasta ?? null) : null;
  const streams = new Set<string>();
  let position = from;
  for (;;) {
    const page = await deps.store.readAll(position, PAGE);
    if (page.events.length === 0) break;
    for (const e of page.events) if (LEGACY.test(e.streamId)) streams.add(e.streamId);
    position = page.last;
  }
  return { streams: [...streams].sort(), scannedTo: position, scannedFrom: from, scanRevision: last ? last.revision : 'noStream' };
}
