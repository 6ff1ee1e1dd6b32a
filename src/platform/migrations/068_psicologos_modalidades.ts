import type { Knex } from 'knex';

// The modalities a psychologist offers (docs/care.md "Online sessions"): both until they choose.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`alter table psicologos add column modalidades text[] not null default '{PRESENCIAL,ONLINE}'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table psicologos drop column if exists modalidades');
}
