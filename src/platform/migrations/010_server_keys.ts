import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // Server-wide secrets (the lookup HMAC key), wrapped by the master key like the data keys,
  // so a master-key rotation re-wraps them and lookups keep working.
  await knex.raw(`
    create table server_keys (
      name text primary key,
      wrapped bytea not null,
      master_key_id text not null,
      created_at timestamptz not null default now()
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists server_keys;');
}
