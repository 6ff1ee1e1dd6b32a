import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // When each patient's clinical key may be destroyed: erased, and retention passed since the last activity.
  await knex.raw(`
    create table retencion_clinica (
      id_paciente int primary key,
      ultima_actividad timestamptz not null,
      eliminado_en timestamptz,
      clave_destruida_en timestamptz
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists retencion_clinica;');
}
