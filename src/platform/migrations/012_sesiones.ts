import type { Knex } from 'knex';

// Read models of the sessions area (sesiones) and the reminder schedule (recordatorios).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table sesiones (
      id_sesion int primary key,
      id_cita int not null,
      id_paciente int not null,
      id_psicologo int not null,
      session_date text not null,
      duration_minutes int not null,
      notas text,
      recomendaciones text
    );
    create index sesiones_paciente on sesiones (id_paciente);
    create index sesiones_psicologo on sesiones (id_psicologo);
    -- One row per live appointment: its practice-local start and the start it was reminded for.
    -- The due instant (start - 24 h in PRACTICE_TIMEZONE) is computed by the worker, which knows the zone.
    create table recordatorios (
      id_cita int primary key,
      id_paciente int not null,
      id_psicologo int not null,
      start_datetime timestamp not null,
      recordado_para timestamp
    );
    create index recordatorios_start on recordatorios (start_datetime);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists recordatorios, sesiones;');
}
