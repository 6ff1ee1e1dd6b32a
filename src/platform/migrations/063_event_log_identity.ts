import type { Knex } from 'knex';

// Which log the positions this database keeps belong to (src/eventstore/log-identity.ts): the
// checkpoints of the read models, the reactors and the audit tree, parked events, FHIR marks. Both
// stores write positions as "<n>/<m>", so a position of one log reads as a valid position of another;
// one row says which store (and, on KurrentDB, which streamPrefix) they are from. Recorded by the
// first start after this migration, replaced only by events:import when the log moves.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table event_log_identity (
      only_row boolean primary key default true check (only_row),
      store text not null check (store in ('postgres', 'kurrentdb')),
      log text not null,
      recorded_at timestamptz not null default now()
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists event_log_identity');
}
