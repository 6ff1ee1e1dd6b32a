import type { Knex } from 'knex';
import { instrumento as instrumentoDe } from '../events/instrumentos.ts';
import { ALERTA_ABIERTA_SQL } from './cuestionarios.ts';

// The psychologist's overview (docs/care.md "Reliable change"): for each of their active patients
// and each instrument answered, the latest score and band, the previous and the first one, and
// whether the change since the first reaches the instrument's reliable-change threshold
// (PHQ-9 5 points, GAD-7 4, from the instrument's file), in which direction.

export type CambioFiable = 'MEJORA' | 'EMPEORAMIENTO' | null;

export interface ResumenItem {
  idPaciente: number; nombre: string; apellido: string; instrumento: string;
  fecha: string; puntuacion: number; banda: string; anterior: number | null; inicial: number;
  respuestas: number; cambio: number; cambioFiable: CambioFiable; alertaSeguridad: boolean;
}

const SQL = `
  with r as (
    select r.id_paciente, r.instrumento, r.fecha, r.puntuacion, r.banda,
      row_number() over (partition by r.id_paciente, r.instrumento order by r.fecha desc, r.id_respuesta desc) as desde_fin,
      first_value(r.puntuacion) over (partition by r.id_paciente, r.instrumento order by r.fecha, r.id_respuesta) as inicial,
      lag(r.puntuacion) over (partition by r.id_paciente, r.instrumento order by r.fecha, r.id_respuesta) as anterior,
      count(*) over (partition by r.id_paciente, r.instrumento)::int as respuestas
    from cuestionario_respuestas r join pacientes p on p.id_paciente = r.id_paciente
    where p.id_psicologo = ? and p.activo
  )
  select r.*, u.nombre, u.apellido, ${ALERTA_ABIERTA_SQL} as alerta_abierta
  from r join pacientes p on p.id_paciente = r.id_paciente join usuarios u on u.id_usuario = p.id_usuario
  where r.desde_fin = 1
  order by r.id_paciente, r.instrumento`;

/** Reliable change of `cambio` points on an instrument, by its threshold and its direction of improvement. */
export function cambioFiable(instrumento: string, cambio: number): CambioFiable {
  const c = instrumentoDe(instrumento)?.cambioFiable;
  if (!c || Math.abs(cambio) < c.puntos) return null;
  return (cambio < 0) === (c.mejora === 'BAJA') ? 'MEJORA' : 'EMPEORAMIENTO';
}

export async function resumenPsicologo(knex: Knex, idPsicologo: number): Promise<ResumenItem[]> {
  const { rows } = await knex.raw(SQL, [idPsicologo]);
  return rows.map((r: Record<string, any>) => {
    const cambio = r.puntuacion - r.inicial;
    return {
      idPaciente: r.id_paciente, nombre: r.nombre, apellido: r.apellido, instrumento: r.instrumento,
      fecha: r.fecha, puntuacion: r.puntuacion, banda: r.banda, anterior: r.anterior, inicial: r.inicial,
      respuestas: r.respuestas, cambio, cambioFiable: cambioFiable(r.instrumento, cambio), alertaSeguridad: r.alerta_abierta,
    };
  });
}
