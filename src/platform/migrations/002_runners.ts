import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table projection_checkpoints (
      name text primary key,
      position text,
      updated_at timestamptz not null default now()
    );
    create table reactor_checkpoints (
      name text primary key,
      position text,
      updated_at timestamptz not null default now()
    );
    create table reactor_processed (
      reactor text not null,
      event_id uuid not null,
      processed_at timestamptz not null default now(),
      primary key (reactor, event_id)
    );
    create table outbox (
      id bigint generated always as identity primary key,
      kind text not null,
      dedupe_key text not null unique,
      payload jsonb not null,
      status text not null default 'PENDING',
      attempts int not null default 0,
      next_attempt_at timestamptz not null default now(),
      last_error text,
      created_at timestamptz not null default now(),
      sent_at timestamptz
    );
    create index outbox_due on outbox (next_attempt_at) where status = 'PENDING';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists outbox, reactor_processed, reactor_checkpoints, projection_checkpoints;');
}
