import type { Knex } from 'knex';

// Reminders per user (lead times in the settings). `ajustes.recordatorios` holds the user's lead
// times in hours; null for settings recorded before the field existed, read as the default [24].
// `recordatorios_enviados` holds one row per reminder recorded: appointment, who it went to
// (PACIENTE or PSICOLOGO), the lead time and the start it was for, so the worker's query skips
// what the appointment's stream already has (the stream keeps the final word). It replaces
// `recordatorios.recordado_para`; the schedule is emptied and its checkpoint removed, so the runner
// rebuilds it from the events at start, as `npm run projections:rebuild` would.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table ajustes add column recordatorios smallint[];
    alter table recordatorios drop column recordado_para;
    truncate table recordatorios;
    delete from projection_checkpoints where name = 'recordatorios';
    create table recordatorios_enviados (
      id_cita int not null,
      destinatario text not null,
      antelacion_horas smallint not null,
      start_datetime timestamp not null,
      primary key (id_cita, destinatario, start_datetime, antelacion_horas)
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop table if exists recordatorios_enviados;
    alter table ajustes drop column if exists recordatorios;
    alter table recordatorios add column if not exists recordado_para timestamp;
    truncate table recordatorios;
    delete from projection_checkpoints where name = 'recordatorios';
  `);
}
