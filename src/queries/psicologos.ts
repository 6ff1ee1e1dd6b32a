import type { Knex } from 'knex';
import { ESTADO_PAGO_SQL } from './pagos.ts';
import { ALERTA_ABIERTA_SQL } from './cuestionarios.ts';
import { pageById, type Page, type Paged } from './paging.ts';

export interface PsicologoItem {
  idPsicologo: number;
  idUsuario: number;
  nombre: string;
  apellido: string;
  email: string;
  especialidad: string | null;
  experiencia: number;
  descripcion: string | null;
  licencia: string | null;
}

export interface PerfilPsicologo extends PsicologoItem {
  fotoPerfilUrl: string | null;
}

const psicologos = (knex: Knex) =>
  knex('psicologos as ps')
    .join('usuarios as u', 'u.id_usuario', 'ps.id_usuario')
    .select('ps.id_psicologo', 'ps.id_usuario', 'u.nombre', 'u.apellido', 'u.email', 'ps.especialidad', 'ps.experiencia', 'ps.descripcion', 'ps.licencia', 'ps.foto_perfil_url');

type Row = Record<string, any>;

const item = (r: Row): PsicologoItem => ({
  idPsicologo: r.id_psicologo, idUsuario: r.id_usuario, nombre: r.nombre, apellido: r.apellido, email: r.email,
  especialidad: r.especialidad, experiencia: r.experiencia, descripcion: r.descripcion, licencia: r.licencia,
});

const perfil = (r: Row): PerfilPsicologo => ({ ...item(r), fotoPerfilUrl: r.foto_perfil_url ?? null });

/** A page of psychologists, by id; keyset and limit in SQL. */
export function pagePsicologos(knex: Knex, page: Page): Promise<Paged<PsicologoItem>> {
  return pageById(psicologos(knex), 'ps.id_psicologo', page, item);
}

export async function pagePsicologosAdmin(knex: Knex, page: Page) {
  const { items, next } = await pagePsicologos(knex, page);
  return { next, items: items.map(({ idPsicologo, idUsuario, nombre, apellido, email, especialidad }) => ({ idPsicologo, idUsuario, nombre, apellido, email, especialidad })) };
}

export async function findPerfil(knex: Knex, idPsicologo: number): Promise<PerfilPsicologo | null> {
  const row = await psicologos(knex).where('ps.id_psicologo', idPsicologo).first();
  return row ? perfil(row) : null;
}

/** The profile of a user (one at a time: a new one may be created only after the old one is deleted). */
export async function findPerfilDeUsuario(knex: Knex, idUsuario: number): Promise<{ idPsicologo: number } | null> {
  const row = await knex('psicologos').where({ id_usuario: idUsuario }).first('id_psicologo');
  return row ? { idPsicologo: row.id_psicologo } : null;
}

export async function findUsuario(knex: Knex, idUsuario: number): Promise<{ rol: string; activo: boolean } | null> {
  const row = await knex('usuarios').where({ id_usuario: idUsuario }).first('rol', 'activo');
  return row ? { rol: row.rol, activo: row.activo } : null;
}

/**
 * The public view of an active patient's psychologist: professional fields only. No e-mail or user
 * id, because this answers anyone without a token and patient ids are sequential.
 */
export async function findPsicologoDePaciente(knex: Knex, idPaciente: number) {
  const row = await psicologos(knex)
    .join('pacientes as p', 'p.id_psicologo', 'ps.id_psicologo')
    .where({ 'p.id_paciente': idPaciente, 'p.activo': true })
    .first();
  if (!row) return null;
  const { idPsicologo, nombre, apellido, especialidad, experiencia, descripcion, licencia, fotoPerfilUrl } = perfil(row);
  return { idPsicologo, nombre, apellido, especialidad, experiencia, descripcion, licencia, fotoPerfilUrl };
}

const pacientes = (knex: Knex) =>
  knex('pacientes as p').join('usuarios as u', 'u.id_usuario', 'p.id_usuario').where('p.activo', true);

/**
 * A page of the active patients assigned to a psychologist, by id; keyset and limit in SQL.
 * `alertaSeguridad`: an unacknowledged safety alert of theirs (docs/care.md "Safety alert").
 */
export function pagePacientesDe(knex: Knex, idPsicologo: number, page: Page) {
  const q = pacientes(knex)
    .where('p.id_psicologo', idPsicologo)
    .select('p.id_paciente', 'p.id_usuario', 'u.nombre', 'u.apellido', 'u.email', 'p.fecha_nacimiento', 'p.genero', 'p.telefono', 'p.metodo_pago', knex.raw(`${ESTADO_PAGO_SQL('p')} as estado_pago`), knex.raw(`${ALERTA_ABIERTA_SQL} as alerta_seguridad`));
  return pageById(q, 'p.id_paciente', page, (r: Row) => ({
    idPaciente: r.id_paciente, idUsuario: r.id_usuario, nombre: r.nombre, apellido: r.apellido, email: r.email,
    fechaNacimiento: r.fecha_nacimiento, genero: r.genero, telefono: r.telefono, metodoPago: r.metodo_pago, estadoPago: r.estado_pago,
    alertaSeguridad: r.alerta_seguridad,
  }));
}

/**
 * A page of psychologists (by id, paged in SQL), each with all their active patients; names are
 * "nombre apellido". The patients are read for this page's psychologists only.
 */
export async function pagePsicologosConPacientes(knex: Knex, page: Page) {
  const { items: all, next } = await pagePsicologos(knex, page);
  const rows = await pacientes(knex)
    .whereIn('p.id_psicologo', all.map((p) => p.idPsicologo))
    .orderBy('p.id_paciente')
    .select('p.id_paciente', 'p.id_psicologo', 'u.nombre', 'u.apellido', 'u.email');
  const byPsicologo = new Map<number, { idPaciente: number; nombrePaciente: string; email: string }[]>();
  for (const r of rows as Row[]) {
    const list = byPsicologo.get(r.id_psicologo) ?? [];
    list.push({ idPaciente: r.id_paciente, nombrePaciente: `${r.nombre} ${r.apellido}`, email: r.email });
    byPsicologo.set(r.id_psicologo, list);
  }
  const items = all.map((p) => ({ idPsicologo: p.idPsicologo, nombrePsicologo: `${p.nombre} ${p.apellido}`, pacientes: byPsicologo.get(p.idPsicologo) ?? [] }));
  return { items, next };
}
