import type { Knex } from 'knex';

/** Aggregates whose API ids are integers from a PostgreSQL sequence. */
export const SEQUENCES = [
  'usuario', 'paciente', 'psicologo', 'cita', 'sesion', 'historial', 'diario', 'progreso',
  'mensaje', 'direccion', 'situacion', 'ajuste', 'bloqueo', 'serie', 'espera', 'cliente_fhir', 'servicio', 'factura', 'bono',
  'asignacion_cuestionario', 'solicitud_cuestionario', 'respuesta_cuestionario',
] as const;
export type SequenceName = (typeof SEQUENCES)[number];

export type IdGenerator = (name: SequenceName) => Promise<number>;

export function sequenceIds(knex: Knex): IdGenerator {
  return async (name) => {
    const { rows } = await knex.raw(`select nextval('seq_${name}')::int as id`);
    return rows[0].id as number;
  };
}
