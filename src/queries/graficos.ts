import type { Knex } from 'knex';
import { LOCAL_DATETIME } from './historial.ts';

// The points of a patient's charts, read from the diary's and the progress read models. Each
// reader returns at most `limite` + 1 rows, oldest first, so the caller can tell a range that
// holds too many to draw from one that fits (src/http/routes/graficos.ts).

export interface Rango {
  /** First day included (AAAA-MM-DD). */
  desde?: string;
  /** Last day included. */
  hasta?: string;
}

export interface PuntoDiario { fecha: string; intensidad: number }
export interface PuntoProgreso { fecha: string; nivelEstres: number; nivelAnsiedad: number; nivelAnimo: number }

// fecha is a timestamp in the diary and a date in progress: both compare with whole days.
function enRango<T extends {}>(q: Knex.QueryBuilder<T>, r: Rango): Knex.QueryBuilder<T> {
  if (r.desde) q.where('fecha', '>=', r.desde);
  if (r.hasta) q.whereRaw(`fecha < ?::date + 1`, [r.hasta]);
  return q;
}

/** A patient's diary intensities in the range, by date and id. */
export async function puntosDiario(knex: Knex, idPaciente: number, r: Rango, limite: number): Promise<PuntoDiario[]> {
  const rows = await enRango(
    knex('diario_emocional').where({ id_paciente: idPaciente }).select(knex.raw(`to_char(fecha, ${LOCAL_DATETIME}) as fecha`), 'intensidad'), r,
  ).orderBy([{ column: 'diario_emocional.fecha' }, { column: 'id_diario' }]).limit(limite + 1);
  return rows.map((x: Record<string, any>) => ({ fecha: x.fecha, intensidad: x.intensidad }));
}

/** A patient's progress records in the range, by date and id. */
export async function puntosProgreso(knex: Knex, idPaciente: number, r: Rango, limite: number): Promise<PuntoProgreso[]> {
  const rows = await enRango(
    knex('progreso_emocional').where({ id_paciente: idPaciente })
      .select(knex.raw(`to_char(fecha, 'YYYY-MM-DD') as fecha`), 'nivel_estres', 'nivel_ansiedad', 'nivel_animo'), r,
  ).orderBy([{ column: 'progreso_emocional.fecha' }, { column: 'id_progress' }]).limit(limite + 1);
  return rows.map((x: Record<string, any>) => ({ fecha: x.fecha, nivelEstres: x.nivel_estres, nivelAnsiedad: x.nivel_ansiedad, nivelAnimo: x.nivel_animo }));
}

/**
 * Who a chart's patient is, for the scope check (`inScope`): the same patients `getPaciente`
 * finds, without the profile and payment state it also reads (a chart needs neither).
 */
export async function pacienteDeGrafico(knex: Knex, idPaciente: number): Promise<{ idPaciente: number; idPsicologo: number | null } | null> {
  const row = await knex('pacientes as p').join('usuarios as u', 'u.id_usuario', 'p.id_usuario')
    .where('p.id_paciente', idPaciente).first('p.id_paciente', 'p.id_psicologo');
  return row ? { idPaciente: row.id_paciente, idPsicologo: row.id_psicologo } : null;
}
