import type { Knex } from 'knex';

// The calendar feeds read model: the SHA-256 of each live feed secret and whose feed it is.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table feeds_calendario (
      hash_secreto text primary key,
      id_usuario int not null unique,
      creado_en timestamptz not null
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists feeds_calendario;');
}
