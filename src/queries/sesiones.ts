import type { SesionRegistrada } from '../events/sesion.ts';
import type { Knex } from 'knex';
import { pageById, type Page, type Paged } from './paging.ts';
import { conFirmas, UNSIGNED, type Firmado } from './firmas.ts';

interface SesionRow {
  idSesion: number;
  idCita: number;
  idPaciente: number;
  idPsicologo: number;
  sessionDate: string;
  durationMinutes: number;
  notas: string | null;
  recomendaciones: string | null;
}

/** A session as every read shows it: the record, its signature (null while unsigned) and its addenda. */
export type SesionView = SesionRow & Firmado;

const toView = (r: Record<string, any>): SesionRow => ({
  idSesion: r.id_sesion, idCita: r.id_cita, idPaciente: r.id_paciente, idPsicologo: r.id_psicologo,
  sessionDate: r.session_date, durationMinutes: r.duration_minutes, notas: r.notas ?? null, recomendaciones: r.recomendaciones ?? null,
});

/** A session as the API shows it, from its SesionRegistrada. */
export const sesionFromEvent = (d: SesionRegistrada['data']): SesionView => ({
  idSesion: d.idSesion, idCita: d.idCita, idPaciente: d.idPaciente, idPsicologo: d.idPsicologo,
  sessionDate: d.sessionDate, durationMinutes: d.durationMinutes, notas: d.notas ?? null, recomendaciones: d.recomendaciones ?? null,
  ...UNSIGNED,
});

const signed = (knex: Knex, rows: SesionRow[]) => conFirmas(knex, 'SESION', rows, (r) => r.idSesion);

/** Sessions by id; narrowed to a patient and/or a psychologist when given (the caller's scope). */
export async function listSesiones(knex: Knex, scope: Scope = {}): Promise<SesionView[]> {
  return signed(knex, (await of(knex, scope).orderBy('id_sesion')).map(toView));
}

/** One page of `listSesiones`; keyset and limit in SQL. */
export async function pageSesiones(knex: Knex, page: Page, scope: Scope = {}): Promise<Paged<SesionView>> {
  const p = await pageById(of(knex, scope), 'id_sesion', page, toView);
  return { ...p, items: await signed(knex, p.items) };
}

type Scope = { idPaciente?: number; idPsicologo?: number };

function of(knex: Knex, scope: Scope) {
  const q = knex('sesiones').select('*');
  if (scope.idPaciente !== undefined) q.where({ id_paciente: scope.idPaciente });
  if (scope.idPsicologo !== undefined) q.where({ id_psicologo: scope.idPsicologo });
  return q;
}

export async function findSesion(knex: Knex, idSesion: number): Promise<SesionView | null> {
  const row = await knex('sesiones').where({ id_sesion: idSesion }).first('*');
  return row ? (await signed(knex, [toView(row)]))[0] : null;
}
