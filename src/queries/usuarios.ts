import type { Knex } from 'knex';
import { preparedRows } from './prepared.ts';
import type { Rol } from '../events/usuario.ts';
import { pageById, type Page, type Paged } from './paging.ts';

export interface AuthUser {
  idUsuario: number;
  email: string;
  nombre: string;
  apellido: string;
  rol: Rol;
  activo: boolean;
  passwordHash: string;
  idPaciente: number | null;
  idPsicologo: number | null;
}

/** The user behind an e-mail's lookup hash, with the patient/psychologist ids it owns. */
export async function findAuthUser(knex: Knex, emailHash: string): Promise<AuthUser | null> {
  const row = await knex('usuarios as u')
    .leftJoin('pacientes as p', 'p.id_usuario', 'u.id_usuario')
    .leftJoin('psicologos as ps', 'ps.id_usuario', 'u.id_usuario')
    .where('u.email_hash', emailHash)
    .first('u.id_usuario', 'u.email', 'u.nombre', 'u.apellido', 'u.rol', 'u.activo', 'u.password_hash', 'p.id_paciente', 'ps.id_psicologo');
  if (!row) return null;
  return {
    idUsuario: row.id_usuario,
    email: row.email,
    nombre: row.nombre,
    apellido: row.apellido,
    rol: row.rol,
    activo: row.activo,
    passwordHash: row.password_hash,
    idPaciente: row.id_paciente ?? null,
    idPsicologo: row.id_psicologo ?? null,
  };
}

/** What decides whether a token is still good: the row's id, role and activo (see AuthUserCache's check). */
export type AuthState = Pick<AuthUser, 'idUsuario' | 'rol' | 'activo'>;

const AUTH_STATES = 'select email_hash, id_usuario, rol, activo from usuarios where email_hash = any($1::text[])';

/**
 * The id, rol and activo behind each of several e-mail hashes, in one indexed, prepared statement:
 * the checks of the requests waiting together (src/http/auth-checks.ts). A hash held by more than
 * one row answers one of them, as a `limit 1` would.
 */
export async function findAuthStates(knex: Knex, emailHashes: readonly string[]): Promise<Map<string, AuthState>> {
  const out = new Map<string, AuthState>();
  for (const row of await preparedRows(knex, 'auth_states', AUTH_STATES, [emailHashes])) {
    if (!out.has(row.email_hash)) out.set(row.email_hash, { idUsuario: row.id_usuario, rol: row.rol, activo: row.activo });
  }
  return out;
}

export async function findAuthUserById(knex: Knex, idUsuario: number): Promise<{ emailHash: string } | null> {
  const row = await knex('usuarios').where({ id_usuario: idUsuario }).first('email_hash');
  return row ? { emailHash: row.email_hash } : null;
}

/** A page of the users of one role, by id; keyset and limit in SQL. Never the password hash. */
function pageByRol(knex: Knex, rol: Rol, page: Page) {
  const q = knex('usuarios').where({ rol }).select('id_usuario', 'nombre', 'apellido', 'email', 'rol', 'activo');
  return pageById(q, 'id_usuario', page, (r) => ({ idUsuario: r.id_usuario, nombre: r.nombre, apellido: r.apellido, email: r.email, rol: r.rol, activo: r.activo }));
}

export const pageAdmins = (knex: Knex, page: Page) => pageByRol(knex, 'ADMIN', page);
export const pageAuditores = (knex: Knex, page: Page) => pageByRol(knex, 'AUDITOR', page);

export async function anyAdminExists(knex: Knex): Promise<boolean> {
  return Boolean(await knex('usuarios').where({ rol: 'ADMIN' }).first('id_usuario'));
}

export async function findPaciente(knex: Knex, idPaciente: number) {
  return knex('pacientes').where({ id_paciente: idPaciente }).first('id_paciente', 'id_usuario', 'activo');
}
