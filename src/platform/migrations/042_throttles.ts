import type { Knex } from 'knex';

// The abuse limits' counters, shared by every instance on this database (src/platform/throttle-shared.ts).
// Times are epoch milliseconds (float8: a token bucket's refill is fractional). UNLOGGED: no WAL for
// state that lives minutes, so a check costs one in-memory-page update; a crash of PostgreSQL empties
// them (every limit starts afresh, as after a restart of a single instance). fillfactor leaves room
// for HOT updates: every write updates its user's row, and no index covers the updated columns.
// `expires_ms`: from then on the row says nothing a missing row would not (a periodic delete drops it).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create unlogged table throttle_buckets (
      kind text not null,
      subject text not null,
      tokens float8 not null,
      at_ms float8 not null,
      granted boolean not null,
      expires_ms float8 not null,
      primary key (kind, subject)
    ) with (fillfactor = 70);
    create unlogged table throttle_windows (
      kind text not null,
      subject text not null,
      start_ms float8 not null,
      n int not null,
      expires_ms float8 not null,
      primary key (kind, subject)
    ) with (fillfactor = 70);
    create unlogged table throttle_logins (
      subject text primary key,
      failures float8[] not null,
      locks int not null,
      locked_until float8 not null,
      expires_ms float8 not null
    ) with (fillfactor = 70);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists throttle_buckets, throttle_windows, throttle_logins;');
}
