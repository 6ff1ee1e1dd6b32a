import type { Knex } from 'knex';

// Read models of appointments and blocked time. Local dates and times are text of the practice's
// zone (`YYYY-MM-DD`, `YYYY-MM-DDTHH:MM:SS`): a month's agenda is a range on `fecha`, and an
// entry belongs to the month of its local date whatever the offset that day.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table citas (
      id_cita int primary key,
      id_paciente int not null,
      id_psicologo int not null,
      start_datetime text not null,
      end_datetime text not null,
      duration_minutes int not null,
      fecha text not null,
      estado text not null,
      motivo text
    );
    create index citas_paciente on citas (id_paciente, fecha);
    create index citas_psicologo on citas (id_psicologo, fecha);
    create table bloqueos (
      id_bloqueo int primary key,
      id_psicologo int not null,
      fecha text not null,
      hora_inicio text not null,
      hora_fin text not null,
      dia_completo boolean not null,
      motivo text not null,
      inicio timestamptz not null,
      fin timestamptz not null
    );
    create index bloqueos_psicologo on bloqueos (id_psicologo, fecha);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists bloqueos, citas;');
}
