import type { Knex } from 'knex';

// Which instance runs each read model and reactor (src/projections/leases.ts). A lease is one row per
// consumer of a checkpoint table, naming its owner and when the lease ends (database clock); an
// instance registry per pool of runners counts the live instances, so each takes a fair share.
// Short-lived coordination state about running servers, not facts of the practice.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table consumer_leases (
      checkpoint_table text not null,
      name text not null,
      owner text,
      acquired_at timestamptz,
      renewed_at timestamptz,
      expires_at timestamptz not null default '-infinity',
      primary key (checkpoint_table, name)
    );
    create table consumer_instances (
      pool text not null,
      instance text not null,
      started_at timestamptz not null default clock_timestamp(),
      expires_at timestamptz not null,
      primary key (pool, instance)
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists consumer_instances, consumer_leases;');
}
