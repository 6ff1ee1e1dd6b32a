import type { Knex } from 'knex';

// Dead letters of the projection engine: an event that a read model or reactor could not apply
// after its retries. The consumer skipped it and went on; an operator retries or skips it
// (npm run projections:parked). `after` is the position just before the event, so the event can
// be read again from any store; `error` holds the SQLSTATE and a message without quoted values
// (they could be health data).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table parked_events (
      id bigint generated always as identity primary key,
      kind text not null check (kind in ('projection', 'reactor')),
      consumer text not null,
      position text not null,
      after text,
      event_id uuid not null,
      event_type text not null,
      stream_id text not null,
      error text not null,
      attempts int not null,
      first_failure_at timestamptz not null,
      last_failure_at timestamptz not null,
      status text not null default 'PARKED' check (status in ('PARKED', 'RETRIED', 'SKIPPED')),
      resolved_at timestamptz,
      unique (kind, consumer, event_id)
    );
    create index parked_events_open on parked_events (kind, consumer) where status = 'PARKED';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists parked_events;');
}
