import type { Knex } from 'knex';
import { StartupError } from '../platform/startup-error.ts';

// Both stores write log positions as "<n>/<m>" (position.ts, kurrentdb-codec.ts), so a position of
// one log reads as a valid position of another: a command run against PostgreSQL left PostgreSQL
// positions in the checkpoints, and a KurrentDB server then read $all from them, answering 503 for
// 7 s per request. The database therefore records which log its positions belong to (migration 063):
// the store, and on KurrentDB the streamPrefix (practices sharing a cluster share $all's positions).
// The server records it at its first start and refuses to start on another; the commands compare
// (src/cli/service-data.ts); events:import, which re-points the checkpoints, records the new log.

export interface LogIdentity {
  store: 'postgres' | 'kurrentdb';
  /** KurrentDB's streamPrefix ('' without one); '' for PostgreSQL (this database's `events`). */
  log: string;
}

/** The streamPrefix of a KURRENTDB_URL, as StreamNames.fromConnectionString reads it (kept apart: that module loads the client). */
const prefixOf = (url: string): string => {
  const m = /[?&]streamPrefix=([^&#]*)/.exec(url);
  return m ? decodeURIComponent(m[1]) : '';
};

export function logIdentity(config: { eventStore: 'postgres' | 'kurrentdb'; kurrentdbUrl: string | null }): LogIdentity {
  return config.eventStore === 'kurrentdb' ? { store: 'kurrentdb', log: prefixOf(config.kurrentdbUrl ?? '') } : { store: 'postgres', log: '' };
}

export function describeLog(id: LogIdentity): string {
  if (id.store === 'postgres') return 'PostgreSQL (EVENT_STORE=postgres: the events table of this database)';
  return `KurrentDB (EVENT_STORE=kurrentdb, ${id.log ? `streamPrefix=${id.log}` : 'no streamPrefix'} in KURRENTDB_URL)`;
}

const same = (a: LogIdentity, b: LogIdentity) => a.store === b.store && a.log === b.log;

export class LogMismatchError extends StartupError {
  constructor(readonly recorded: LogIdentity, readonly configured: LogIdentity, recordedAt: Date) {
    super(
      `The positions in this database (checkpoints of the read models, reactors and audit log) are of the log of ${describeLog(recorded)}, ` +
      `recorded ${recordedAt.toISOString()}; this process is configured for ${describeLog(configured)}. Read from another log they would skip or ` +
      'repeat events. Give every instance and command the same EVENT_STORE and KURRENTDB_URL (streamPrefix included). To move the practice ' +
      'to another store, follow docs/operations.md "Moving a practice from PostgreSQL to KurrentDB": events:import re-points the ' +
      'checkpoints and records the new log. Nothing was changed.',
    );
  }
}

/**
 * Refuses (LogMismatchError) when the database's positions are of another log than `id`. `record`:
 * the first start records `id` when nothing is recorded yet; commands only compare.
 */
export async function checkLogIdentity(knex: Knex, id: LogIdentity, opts: { record: boolean }): Promise<void> {
  if (opts.record) await knex.raw('insert into event_log_identity (store, log) values (?, ?) on conflict (only_row) do nothing', [id.store, id.log]);
  const row: { store: LogIdentity['store']; log: string; recorded_at: Date } | undefined = await knex('event_log_identity').first('store', 'log', 'recorded_at');
  if (row && !same(row, id)) throw new LogMismatchError({ store: row.store, log: row.log }, id, row.recorded_at);
}

/** The positions now are of `id`'s log (events:import, after re-pointing every checkpoint). */
export async function recordLogIdentity(knex: Knex, id: LogIdentity): Promise<void> {
  await knex.raw(
    `insert into event_log_identity (store, log) values (?, ?)
     on conflict (only_row) do update set store = excluded.store, log = excluded.log, recorded_at = now()`,
    [id.store, id.log],
  );
}
