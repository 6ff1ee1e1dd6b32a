import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // tx_id orders the log by transaction; readers stop below the oldest open transaction,
  // so an event whose transaction commits late is never skipped (see docs/architecture.md).
  await knex.raw(`
    create table events (
      global_position bigint generated always as identity primary key,
      tx_id xid8 not null default pg_current_xact_id(),
      event_id uuid not null unique,
      stream_id text not null,
      stream_revision bigint not null,
      type text not null,
      data jsonb not null,
      metadata jsonb not null,
      recorded_at timestamptz not null default now(),
      unique (stream_id, stream_revision)
    );
    create index events_log_order on events (tx_id, global_position);
    create table reservations (
      scope text not null,
      key text not null,
      stream_id text not null,
      reserved_at timestamptz not null default now(),
      primary key (scope, key)
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists reservations; drop table if exists events;');
}
