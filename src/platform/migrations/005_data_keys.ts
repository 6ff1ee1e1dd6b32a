import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // Per-person data keys, wrapped by the master key, kept apart from the events (crypto-shredding).
  await knex.raw(`
    create table data_keys (
      subject text not null,
      purpose text not null check (purpose in ('identity', 'clinical')),
      wrapped bytea,
      master_key_id text,
      created_at timestamptz not null default now(),
      destroyed_at timestamptz,
      primary key (subject, purpose)
    );
    create table key_aliases (
      alias text primary key,
      subject text not null
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists key_aliases, data_keys;');
}
