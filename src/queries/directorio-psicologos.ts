import type { Knex } from 'knex';
import type { Modalidad } from '../events/cita.ts';
import { pageById, type Page, type Paged } from './paging.ts';

/** What any signed-in user may see of a psychologist: never the e-mail, the user id or the licence number. */
export interface PsicologoDirectorio {
  idPsicologo: number;
  nombre: string;
  apellido: string;
  especialidad: string | null;
  experiencia: number;
  descripcion: string | null;
  fotoPerfilUrl: string | null;
  /** What they offer (docs/care.md "Online sessions"): a patient books in one of these. */
  modalidades: Modalidad[];
}

type Row = Record<string, any>;

// LIKE's own wildcards in the user's text are literal characters, not patterns.
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A page of the active psychologists with a profile, by id. `especialidad` filters by a
 * case-insensitive "contains" (so "ansiedad" finds "Terapia de ansiedad"); keyset and limit in SQL.
 */
export function pageDirectorio(knex: Knex, especialidad: string | undefined, page: Page): Promise<Paged<PsicologoDirectorio>> {
  const q = knex('psicologos as ps')
    .join('usuarios as u', 'u.id_usuario', 'ps.id_usuario')
    .where('u.activo', true)
    .select('ps.id_psicologo', 'u.nombre', 'u.apellido', 'ps.especialidad', 'ps.experiencia', 'ps.descripcion', 'ps.foto_perfil_url', 'ps.modalidades');
  if (especialidad !== undefined) q.whereRaw("ps.especialidad ilike ? escape '\\'", [`%${likeLiteral(especialidad)}%`]);
  return pageById(q, 'ps.id_psicologo', page, (r: Row) => ({
    idPsicologo: r.id_psicologo, nombre: r.nombre, apellido: r.apellido, especialidad: r.especialidad,
    experiencia: r.experiencia, descripcion: r.descripcion, fotoPerfilUrl: r.foto_perfil_url ?? null, modalidades: r.modalidades,
  }));
}
