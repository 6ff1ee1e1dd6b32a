import type { Knex } from 'knex';

// Read models of the clinical record (historial, diario, progreso), the analysts' weekly tables,
// and the read-access log. Columns are described in docs/read-models.md.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table historial_clinico (
      id_history int primary key,
      id_paciente int not null,
      autoria text not null check (autoria in ('PACIENTE', 'PSICOLOGO')),
      titulo text not null,
      diagnostico text,
      tratamiento text,
      observaciones text,
      creado_en timestamp(0) not null,
      corregido_en timestamp(0)
    );
    create index historial_clinico_paciente on historial_clinico (id_paciente);
    create table diario_emocional (
      id_diario int primary key,
      id_paciente int not null,
      fecha timestamp(0) not null,
      emocion text not null,
      intensidad smallint not null check (intensidad between 1 and 10),
      nota text
    );
    create index diario_emocional_paciente on diario_emocional (id_paciente);
    create table progreso_emocional (
      id_progress int primary key,
      id_paciente int not null,
      fecha date not null,
      nivel_estres smallint not null check (nivel_estres between 0 and 10),
      nivel_ansiedad smallint not null check (nivel_ansiedad between 0 and 10),
      nivel_animo smallint not null check (nivel_animo between 0 and 10)
    );
    create index progreso_emocional_paciente on progreso_emocional (id_paciente, fecha);

    create table analitica_asignaciones (
      id_paciente int primary key,
      id_psicologo int
    );
    create table analitica_registros (
      fuente text not null check (fuente in ('PROGRESO', 'DIARIO')),
      id_registro int not null,
      id_paciente int not null,
      id_psicologo int,
      semana date not null,
      nivel_estres smallint,
      nivel_ansiedad smallint,
      nivel_animo smallint,
      intensidad smallint,
      primary key (fuente, id_registro)
    );
    create index analitica_registros_paciente on analitica_registros (id_paciente, semana);
    create index analitica_registros_psicologo on analitica_registros (id_psicologo, semana);
    create table analitica_semanal_paciente (
      id_paciente int not null,
      semana date not null,
      registros_progreso int not null,
      media_estres numeric(4, 2),
      media_ansiedad numeric(4, 2),
      media_animo numeric(4, 2),
      registros_diario int not null,
      media_intensidad numeric(4, 2),
      primary key (id_paciente, semana)
    );
    create table analitica_semanal_psicologo (
      id_psicologo int not null,
      semana date not null,
      pacientes int not null,
      registros_progreso int not null,
      media_estres numeric(4, 2),
      media_ansiedad numeric(4, 2),
      media_animo numeric(4, 2),
      registros_diario int not null,
      media_intensidad numeric(4, 2),
      primary key (id_psicologo, semana)
    );

    -- Not a projection: reads are not events, and a rebuild must never empty this table.
    create table accesos_clinicos (
      id_acceso bigint generated always as identity primary key,
      id_usuario int,
      rol text not null,
      id_paciente int not null,
      recurso text not null,
      metodo text not null,
      ruta text not null,
      request_id text,
      accedido_en timestamptz not null
    );
    create index accesos_clinicos_paciente on accesos_clinicos (id_paciente, id_acceso);

    -- The audit finds a patient's events without scanning the log.
    create index events_id_paciente on events ((data->>'idPaciente'));
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop index if exists events_id_paciente;
    drop table if exists accesos_clinicos, analitica_semanal_psicologo, analitica_semanal_paciente,
      analitica_registros, analitica_asignaciones, progreso_emocional, diario_emocional, historial_clinico;
  `);
}
