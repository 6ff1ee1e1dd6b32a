import type { Knex } from 'knex';

// Outcome measures (docs/care.md "Outcome measures"), the read models of projection `cuestionarios`:
// assignments of an instrument to a patient, the requests they make, the scored answers and the
// safety alerts. Answers are health data like the diary's notes: an erased patient's rows leave.
// `fecha`: the practice's wall clock; `*_en`: the instant (the schedule worker compares instants).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create sequence if not exists seq_asignacion_cuestionario;
    create sequence if not exists seq_solicitud_cuestionario;
    create sequence if not exists seq_respuesta_cuestionario;
    create table cuestionario_asignaciones (
      id_asignacion int primary key,
      id_paciente int not null,
      id_psicologo int not null,
      instrumento text not null,
      pauta jsonb not null,
      activa boolean not null,
      fecha text not null,
      ultima_solicitud_en timestamptz
    );
    create index cuestionario_asignaciones_paciente on cuestionario_asignaciones (id_paciente, id_asignacion);
    create index cuestionario_asignaciones_pauta on cuestionario_asignaciones ((pauta->>'tipo'), ultima_solicitud_en) where activa;
    create table cuestionario_solicitudes (
      id_solicitud int primary key,
      id_asignacion int not null,
      id_paciente int not null,
      id_psicologo int not null,
      instrumento text not null,
      fecha text not null,
      id_cita int,
      respondida boolean not null,
      retirada boolean not null default false
    );
    create index cuestionario_solicitudes_pendientes on cuestionario_solicitudes (id_paciente, id_solicitud) where not respondida and not retirada;
    create index cuestionario_solicitudes_asignacion on cuestionario_solicitudes (id_asignacion);
    create table cuestionario_respuestas (
      id_respuesta int primary key,
      id_solicitud int not null,
      id_asignacion int not null,
      id_paciente int not null,
      id_psicologo int not null,
      instrumento text not null,
      fecha text not null,
      respuestas int[] not null,
      puntuacion int not null,
      banda text not null,
      alerta boolean not null
    );
    create index cuestionario_respuestas_serie on cuestionario_respuestas (id_paciente, instrumento, fecha, id_respuesta);
    create index cuestionario_respuestas_psicologo on cuestionario_respuestas (id_psicologo, id_paciente, instrumento);
    create table alertas_seguridad (
      id_respuesta int primary key,
      id_asignacion int not null,
      id_paciente int not null,
      id_psicologo int not null,
      instrumento text not null,
      fecha text not null,
      reconocida_por int,
      reconocida_fecha text
    );
    create index alertas_seguridad_abiertas on alertas_seguridad (id_psicologo, id_paciente) where reconocida_fecha is null;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop table if exists alertas_seguridad, cuestionario_respuestas, cuestionario_solicitudes, cuestionario_asignaciones;
    drop sequence if exists seq_asignacion_cuestionario, seq_solicitud_cuestionario, seq_respuesta_cuestionario;`);
}
