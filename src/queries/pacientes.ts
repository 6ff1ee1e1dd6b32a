import type { Knex } from 'knex';
import type { EstadoPago, MetodoPago } from '../events/paciente.ts';
import type { AuthUser } from './usuarios.ts';
import { pageById, type Page, type Paged } from './paging.ts';
import { ESTADO_PAGO_SQL } from './pagos.ts';

/** A patient as the API shows it: the profile with its user's name and e-mail. */
export interface PacienteView {
  idPaciente: number;
  idUsuario: number;
  nombre: string;
  apellido: string;
  email: string;
  idPsicologo: number | null;
  fechaNacimiento: string;
  genero: string | null;
  telefono: string | null;
  metodoPago: MetodoPago | null;
  estadoPago: EstadoPago;
}

type Row = Record<string, any>;

const pacientes = (knex: Knex) =>
  knex('pacientes as p')
    .join('usuarios as u', 'u.id_usuario', 'p.id_usuario')
    .select(
      'p.id_paciente', 'p.id_usuario', 'u.nombre', 'u.apellido', 'u.email', 'p.id_psicologo', 'p.fecha_nacimiento',
      // estadoPago is derived from the patient's invoices and payments (docs/billing.md "estadoPago").
      'p.genero', 'p.telefono', 'p.metodo_pago', knex.raw(`${ESTADO_PAGO_SQL('p')} as estado_pago`),
    );

export const toPaciente = (r: Row): PacienteView => ({
  idPaciente: r.id_paciente, idUsuario: r.id_usuario, nombre: r.nombre, apellido: r.apellido, email: r.email,
  idPsicologo: r.id_psicologo, fechaNacimiento: r.fecha_nacimiento, genero: r.genero, telefono: r.telefono,
  metodoPago: r.metodo_pago, estadoPago: r.estado_pago,
});

/** A page of every patient (administration), dados de baja included, by id; keyset and limit in SQL. */
export function pagePacientes(knex: Knex, page: Page): Promise<Paged<PacienteView>> {
  return pageById(pacientes(knex), 'p.id_paciente', page, toPaciente);
}

export async function getPaciente(knex: Knex, idPaciente: number): Promise<PacienteView | null> {
  const row = await pacientes(knex).where('p.id_paciente', idPaciente).first();
  return row ? toPaciente(row) : null;
}

/** Whether a caller may see a patient: ADMIN any, PSICOLOGO their own patients, PACIENTE themself. */
export function inScope(user: AuthUser, p: { idPaciente: number; idPsicologo: number | null }): boolean {
  if (user.rol === 'ADMIN') return true;
  if (user.rol === 'PSICOLOGO') return user.idPsicologo !== null && p.idPsicologo === user.idPsicologo;
  return user.rol === 'PACIENTE' && user.idPaciente === p.idPaciente;
}

/** The patient, or null when it does not exist or lies outside the caller's scope (both are 404). */
export async function findPacienteFor(knex: Knex, user: AuthUser, idPaciente: number): Promise<PacienteView | null> {
  const p = await getPaciente(knex, idPaciente);
  return p && inScope(user, p) ? p : null;
}

export async function psicologoExists(knex: Knex, idPsicologo: number): Promise<boolean> {
  return Boolean(await knex('psicologos').where({ id_psicologo: idPsicologo }).first('id_psicologo'));
}

export async function findUsuarioParaPerfil(knex: Knex, idUsuario: number) {
  const row = await knex('usuarios as u')
    .leftJoin('pacientes as p', 'p.id_usuario', 'u.id_usuario')
    .where('u.id_usuario', idUsuario)
    .first('u.rol', 'u.activo', 'p.id_paciente');
  return row ? { rol: row.rol as string, activo: row.activo as boolean, idPaciente: (row.id_paciente ?? null) as number | null } : null;
}

/** What erasure needs from the read side: the user and the e-mail whose pending mail must go. */
export async function findErasureTarget(knex: Knex, idPaciente: number) {
  const row = await knex('pacientes as p')
    .join('usuarios as u', 'u.id_usuario', 'p.id_usuario')
    .where('p.id_paciente', idPaciente)
    .first('p.id_usuario', 'u.email', 'u.email_hash');
  return row ? { idUsuario: row.id_usuario as number, email: row.email as string, emailHash: row.email_hash as string } : null;
}
