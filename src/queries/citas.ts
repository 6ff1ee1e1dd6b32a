import type { Knex } from 'knex';
import type { Cita, EstadoCita, Modalidad } from '../events/cita.ts';
import type { Alcance } from '../events/cita.ts';
import { preparedRows } from './prepared.ts';
import { afterKey, pageOf, type Page, type Paged } from './paging.ts';

/** The appointment resource as the API answers it. */
export interface CitaView {
  idCita: number;
  idPaciente: number;
  idPsicologo: number;
  nombrePsicologo: string;
  nombrePaciente: string;
  startDatetime: string;
  durationMinutes: number;
  estado: EstadoCita;
  motivo: string | null;
  /** Additive (docs/api-choices.md): PRESENCIAL or ONLINE; the room itself only through GET /api/citas/{id}/sala. */
  modalidad: Modalidad;
}

type Row = Record<string, any>;

// Names are joined, not copied: an erased patient's row is gone from `pacientes` (and blanked in
// `usuarios`), so their appointments read "Paciente eliminado" in the psychologist's history.
export const citas = (knex: Knex) =>
  knex('citas as c')
    .leftJoin('psicologos as ps', 'ps.id_psicologo', 'c.id_psicologo')
    .leftJoin('usuarios as ups', 'ups.id_usuario', 'ps.id_usuario')
    .leftJoin('pacientes as p', 'p.id_paciente', 'c.id_paciente')
    .leftJoin('usuarios as upa', 'upa.id_usuario', 'p.id_usuario')
    .select('c.*', 'ups.nombre as psi_nombre', 'ups.apellido as psi_apellido', 'upa.nombre as pac_nombre', 'upa.apellido as pac_apellido');

const nombre = (n: string | null, a: string | null, fallback: string) => (n ? `${n} ${a ?? ''}`.trim() : fallback);

export const view = (r: Row): CitaView => ({
  idCita: r.id_cita,
  idPaciente: r.id_paciente,
  idPsicologo: r.id_psicologo,
  nombrePsicologo: nombre(r.psi_nombre, r.psi_apellido, 'Psicólogo eliminado'),
  nombrePaciente: nombre(r.pac_nombre, r.pac_apellido, 'Paciente eliminado'),
  startDatetime: r.start_datetime,
  durationMinutes: r.duration_minutes,
  estado: r.estado,
  motivo: r.motivo,
  modalidad: r.modalidad,
});

/** An appointment as the API shows it, from its stream's state (names from the directory read models). */
/** The two names an appointment shows (null: that person was erased or never existed), in one read. */
export async function nombresCita(knex: Knex, idPsicologo: number, idPaciente: number): Promise<{ psi: string | null; pac: string | null }> {
  const { rows } = await knex.raw(
    `select (select u.nombre || ' ' || coalesce(u.apellido, '') from psicologos ps join usuarios u on u.id_usuario = ps.id_usuario where ps.id_psicologo = ?) as psi,
            (select u.nombre || ' ' || coalesce(u.apellido, '') from pacientes p join usuarios u on u.id_usuario = p.id_usuario where p.id_paciente = ?) as pac`,
    [idPsicologo, idPaciente],
  );
  return { psi: rows[0]?.psi ?? null, pac: rows[0]?.pac ?? null };
}

/** An appointment as its stream folds it, with the names read apart (nombresCita). */
export function citaView(c: Extract<Cita, { status: 'existente' }>, nombres: { psi: string | null; pac: string | null }): CitaView {
  return {
    idCita: c.idCita, idPaciente: c.idPaciente, idPsicologo: c.idPsicologo,
    nombrePsicologo: nombres.psi?.trim() || 'Psicólogo eliminado', nombrePaciente: nombres.pac?.trim() || 'Paciente eliminado',
    startDatetime: c.startDatetime, durationMinutes: c.durationMinutes, estado: c.estado, motivo: c.motivo, modalidad: c.modalidad,
  };
}

export async function citaViewOf(knex: Knex, c: Extract<Cita, { status: 'existente' }>): Promise<CitaView> {
  return citaView(c, await nombresCita(knex, c.idPsicologo, c.idPaciente));
}

function scoped(q: Knex.QueryBuilder, alcance: Alcance): Knex.QueryBuilder {
  if (alcance === 'todas') return q;
  return 'idPaciente' in alcance ? q.where('c.id_paciente', alcance.idPaciente) : q.where('c.id_psicologo', alcance.idPsicologo);
}

// The listings are the hot reads: one prepared statement per scope, the same joins and order as
// `citas` above. Paged by keyset: ids after $after, at most $limit rows (null: all, for the export).
const LIST_SQL = (where: string, limit: string) => `
  select c.id_cita, c.id_paciente, c.id_psicologo, c.start_datetime, c.duration_minutes, c.estado, c.motivo, c.modalidad,
         ups.nombre as psi_nombre, ups.apellido as psi_apellido, upa.nombre as pac_nombre, upa.apellido as pac_apellido
  from citas c
  left join psicologos ps on ps.id_psicologo = c.id_psicologo
  left join usuarios ups on ups.id_usuario = ps.id_usuario
  left join pacientes p on p.id_paciente = c.id_paciente
  left join usuarios upa on upa.id_usuario = p.id_usuario
  ${where}
  order by c.id_cita
  limit ${limit}`;
/** Exported for the bench's read floor (bench/lib/floor-main.ts), which runs this very statement. */
export const LIST_PACIENTE = LIST_SQL('where c.id_paciente = $1 and c.id_cita > $2', '$3');
const LIST_PSICOLOGO = LIST_SQL('where c.id_psicologo = $1 and c.id_cita > $2', '$3');
const LIST_TODAS = LIST_SQL('where c.id_cita > $1', '$2');

function listRows(knex: Knex, alcance: Alcance, after: number, limit: number | null): Promise<Row[]> {
  if (alcance === 'todas') return preparedRows(knex, 'citas_todas', LIST_TODAS, [after, limit]);
  return 'idPaciente' in alcance
    ? preparedRows(knex, 'citas_paciente', LIST_PACIENTE, [alcance.idPaciente, after, limit])
    : preparedRows(knex, 'citas_psicologo', LIST_PSICOLOGO, [alcance.idPsicologo, after, limit]);
}

/** Every appointment the caller may see, by id. */
export async function listCitas(knex: Knex, alcance: Alcance): Promise<CitaView[]> {
  return (await listRows(knex, alcance, 0, null)).map(view);
}

/** One page of `listCitas`. */
export async function pageCitas(knex: Knex, alcance: Alcance, page: Page): Promise<Paged<CitaView>> {
  const after = afterKey(page, ['id']);
  const rows = await listRows(knex, alcance, after ? (after[0] as number) : 0, page.limit + 1);
  return pageOf(rows, page, view, (r) => [r.id_cita]);
}

/** One appointment, or null when it does not exist or lies outside the caller's scope. */
export async function findCita(knex: Knex, idCita: number, alcance: Alcance): Promise<CitaView | null> {
  const row = await scoped(citas(knex), alcance).where('c.id_cita', idCita).first();
  return row ? view(row) : null;
}

/**
 * A patient's PENDIENTE and CONFIRMADA appointments whose local start is at or after `desde`
 * (`YYYY-MM-DDTHH:MM:SS`, practice zone), by id: what an erasure must cancel.
 */
export async function citasVivasDesde(knex: Knex, idPaciente: number, desde: string): Promise<{ idCita: number; startDatetime: string }[]> {
  const rows = await knex('citas')
    .where({ id_paciente: idPaciente })
    .whereIn('estado', ['PENDIENTE', 'CONFIRMADA'])
    .where('start_datetime', '>=', desde)
    .orderBy('id_cita')
    .select('id_cita', 'start_datetime');
  return rows.map((r: Row) => ({ idCita: r.id_cita, startDatetime: r.start_datetime }));
}
