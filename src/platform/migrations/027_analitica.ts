import type { Knex } from 'knex';
import { createAnaliticaViews, ANALITICA_VIEWS } from '../analytics/views.ts';

// The analysts' schema (docs/analytics.md, docs/read-models.md "Analytics"): pseudonymous facts kept by
// the `analitica` projection, views that hide small cells, and the one-row `parametros` the views read
// their threshold from. The weekly tables in `public` held real ids: they are replaced, and the
// projection's checkpoint is dropped so that it replays the log into the new tables at start.
// Bare table names stay unique across schemas (a shadow rebuild copies them side by side).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    drop table if exists analitica_registros, analitica_semanal_paciente, analitica_semanal_psicologo, analitica_asignaciones;
    delete from projection_checkpoints where name = 'analitica';

    create table analitica_asignaciones (
      id_paciente int primary key,
      psicologo text
    );
    create schema analitica;
    comment on schema analitica is 'Pseudonymous facts for analysts (docs/read-models.md, "Analytics")';
    create table analitica.parametros (
      unica boolean primary key default true check (unica),
      min_celda int not null default 5 check (min_celda >= 1)
    );
    insert into analitica.parametros default values;

    create table analitica.hechos_citas (
      cita text primary key,
      psicologo text not null,
      paciente text not null,
      serie boolean not null,
      reservada_por text,
      semana date not null,
      dia_semana smallint not null,
      hora smallint not null,
      duracion_min int not null,
      antelacion_horas numeric(10, 2),
      reprogramaciones int not null default 0,
      estado text not null,
      cancelada_por text,
      causa_cancelacion text,
      cancelada_antelacion_horas numeric(10, 2),
      fin timestamptz
    );
    create index hechos_citas_psicologo on analitica.hechos_citas (psicologo, semana);
    create index hechos_citas_paciente on analitica.hechos_citas (paciente);
    create index hechos_citas_semana on analitica.hechos_citas (semana);

    create table analitica.hechos_sesiones (
      sesion text primary key,
      cita text not null,
      psicologo text not null,
      paciente text not null,
      semana date not null,
      dia_semana smallint not null,
      hora smallint not null,
      duracion_min int not null,
      registrada_por text not null
    );
    create index hechos_sesiones_psicologo on analitica.hechos_sesiones (psicologo, semana);
    create index hechos_sesiones_paciente on analitica.hechos_sesiones (paciente);

    create table analitica.hechos_diario (
      registro text primary key,
      paciente text not null,
      psicologo text,
      fecha date not null,
      semana date not null,
      dia_semana smallint not null,
      emocion text not null,
      intensidad smallint not null
    );
    create index hechos_diario_paciente on analitica.hechos_diario (paciente, semana);
    create index hechos_diario_semana on analitica.hechos_diario (semana, psicologo);

    create table analitica.hechos_progreso (
      registro text primary key,
      paciente text not null,
      psicologo text,
      fecha date not null,
      semana date not null,
      nivel_estres smallint not null,
      nivel_ansiedad smallint not null,
      nivel_animo smallint not null
    );
    create index hechos_progreso_paciente on analitica.hechos_progreso (paciente, semana);
    create index hechos_progreso_semana on analitica.hechos_progreso (semana, psicologo);

    create table analitica.semanal_paciente (
      paciente text not null,
      semana date not null,
      registros_progreso int not null,
      media_estres numeric(4, 2),
      media_ansiedad numeric(4, 2),
      media_animo numeric(4, 2),
      registros_diario int not null,
      media_intensidad numeric(4, 2),
      primary key (paciente, semana)
    );
  `);
  await createAnaliticaViews(knex);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop view if exists ${ANALITICA_VIEWS.join(', ')}`);
  await knex.raw('drop schema if exists analitica cascade; drop table if exists analitica_asignaciones');
}
