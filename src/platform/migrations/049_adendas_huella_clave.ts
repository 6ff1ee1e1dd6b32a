import type { Knex } from 'knex';

// An addendum's huella is keyed since version 2 (src/platform/audit/huella-adenda.ts): the read
// model keeps the version and the key, which leaves with the texto when the patient is erased or
// their clinical key destroyed. Rows written before are addenda of version 1, with no key.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table adendas_clinicas
      add column huella_version smallint not null default 1 check (huella_version in (1, 2)),
      add column clave_huella text;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table adendas_clinicas drop column if exists clave_huella, drop column if exists huella_version;');
}
