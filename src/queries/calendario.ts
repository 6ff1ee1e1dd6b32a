import type { Knex } from 'knex';
import type { EstadoCita, Modalidad } from '../events/cita.ts';

/** Whose appointments a feed shows: a patient's own, a psychologist's practice's (none for an administrator). */
export type AlcanceFeed = { idPaciente: number } | { idPsicologo: number } | null;

/** The owner of a live feed, by the hash of its secret; null when unknown, revoked or the user is inactive. */
export async function findFeed(knex: Knex, hashSecreto: string): Promise<{ idUsuario: number; alcance: AlcanceFeed } | null> {
  const row = await knex('feeds_calendario as f')
    .join('usuarios as u', 'u.id_usuario', 'f.id_usuario')
    .leftJoin('pacientes as p', 'p.id_usuario', 'f.id_usuario')
    .leftJoin('psicologos as ps', 'ps.id_usuario', 'f.id_usuario')
    .where({ 'f.hash_secreto': hashSecreto, 'u.activo': true })
    .first('f.id_usuario', 'u.rol', 'p.id_paciente', 'ps.id_psicologo');
  if (!row) return null;
  const alcance: AlcanceFeed = row.rol === 'PACIENTE' && row.id_paciente != null ? { idPaciente: row.id_paciente }
    : row.rol === 'PSICOLOGO' && row.id_psicologo != null ? { idPsicologo: row.id_psicologo } : null;
  return { idUsuario: row.id_usuario, alcance };
}

export interface CitaFeed {
  idCita: number;
  startDatetime: string;
  durationMinutes: number;
  estado: EstadoCita;
  modalidad: Modalidad;
}

/**
 * The appointments of the scope whose local date is `desde` or later, by start. Only times and
 * states: never the motivo, and no names (a feed URL may leak; decisions in README).
 */
export async function citasDelFeed(knex: Knex, alcance: AlcanceFeed, desde: string): Promise<CitaFeed[]> {
  if (alcance === null) return [];
  const column = 'idPaciente' in alcance ? 'id_paciente' : 'id_psicologo';
  const id = 'idPaciente' in alcance ? alcance.idPaciente : alcance.idPsicologo;
  const rows = await knex('citas')
    .where(column, id)
    .where('fecha', '>=', desde)
    .orderBy([{ column: 'start_datetime' }, { column: 'id_cita' }])
    .select('id_cita', 'start_datetime', 'duration_minutes', 'estado', 'modalidad');
  return rows.map((r: Record<string, any>) => ({
    idCita: r.id_cita, startDatetime: r.start_datetime, durationMinutes: r.duration_minutes, estado: r.estado, modalidad: r.modalidad,
  }));
}
