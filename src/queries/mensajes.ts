import type { MensajeEnviado } from '../events/mensaje.ts';
import type { Knex } from 'knex';
import type { Rol } from '../events/usuario.ts';
import { localDateTime } from '../platform/time.ts';
import { afterKey, pageOf, type Page, type Paged } from './paging.ts';

/** A message as the API shows it. `mensaje` is null once the patient's clinical key was destroyed. */
export interface MensajeView {
  idMensaje: number;
  senderId: number;
  receiverId: number;
  idCita: number | null;
  mensaje: string | null;
  enviadoEn: string;
  leido: boolean;
}

const COLUMNS = ['id_mensaje', 'sender_id', 'receiver_id', 'id_cita', 'mensaje', 'enviado_en', 'leido'];

export const toMensajeView = (r: Record<string, any>, zone: string): MensajeView => ({
  idMensaje: r.id_mensaje, senderId: r.sender_id, receiverId: r.receiver_id, idCita: r.id_cita ?? null,
  mensaje: r.mensaje ?? null, enviadoEn: localDateTime(new Date(r.enviado_en), zone), leido: r.leido,
});

const mensajesDe = (knex: Knex, idUsuario?: number) => {
  const q = knex('mensajes').select(COLUMNS).orderBy([{ column: 'enviado_en' }, { column: 'id_mensaje' }]);
  if (idUsuario !== undefined) q.where((w) => w.where('sender_id', idUsuario).orWhere('receiver_id', idUsuario));
  return q;
};

/** The user's messages, sent or received (every message when `idUsuario` is absent), by enviadoEn. */
export async function listMensajes(knex: Knex, zone: string, idUsuario?: number): Promise<MensajeView[]> {
  return (await mensajesDe(knex, idUsuario)).map((r) => toMensajeView(r, zone));
}

// The page key is (enviado_en, id_mensaje), the instant in UTC to the microsecond: the local
// enviadoEn the API shows is rounded to the second and ambiguous once a year.
const SENT_KEY = `to_char(enviado_en at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as sent_key`;
const SENT_KEY_SHAPE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** One page of `listMensajes`; keyset and limit in SQL. */
export async function pageMensajes(knex: Knex, zone: string, page: Page, idUsuario?: number): Promise<Paged<MensajeView>> {
  const after = afterKey(page, [SENT_KEY_SHAPE, 'id']);
  const q = mensajesDe(knex, idUsuario).select(knex.raw(SENT_KEY)).limit(page.limit + 1);
  if (after) q.whereRaw('(enviado_en, id_mensaje) > (?::timestamptz, ?)', after);
  return pageOf(await q, page, (r) => toMensajeView(r, zone), (r) => [r.sent_key, r.id_mensaje]);
}

export async function findMensaje(knex: Knex, zone: string, idMensaje: number): Promise<MensajeView | null> {
  const row = await knex('mensajes').where({ id_mensaje: idMensaje }).first(COLUMNS);
  return row ? toMensajeView(row, zone) : null;
}

export interface Contacto {
  idUsuario: number;
  rol: Rol;
  activo: boolean;
  /** For a patient: their patient id and the psychologist assigned to them. */
  idPaciente: number | null;
  idPsicologoAsignado: number | null;
}

/** A possible receiver: the user, and their patient record when they are one. */
export async function findContacto(knex: Knex, idUsuario: number): Promise<Contacto | null> {
  const row = await knex('usuarios as u')
    .leftJoin('pacientes as p', 'p.id_usuario', 'u.id_usuario')
    .where('u.id_usuario', idUsuario)
    .first('u.id_usuario', 'u.rol', 'u.activo', 'p.id_paciente', 'p.id_psicologo');
  if (!row) return null;
  return { idUsuario: row.id_usuario, rol: row.rol, activo: row.activo, idPaciente: row.id_paciente ?? null, idPsicologoAsignado: row.id_psicologo ?? null };
}

/** Whether `from` has ever written to `to` (a psychologist may answer whoever wrote to them). */
export async function hasWrittenTo(knex: Knex, from: number, to: number): Promise<boolean> {
  return Boolean(await knex('mensajes').where({ sender_id: from, receiver_id: to }).first('id_mensaje'));
}

/**
 * The users of an appointment's patient and psychologist, or null when there is no such
 * appointment. The appointments read model belongs to another area and may not exist yet.
 */
export async function findCitaPartes(knex: Knex, idCita: number): Promise<{ pacienteUsuario: number | null; psicologoUsuario: number | null } | null> {
  if (!(await knex.schema.hasTable('citas'))) return null;
  const row = await knex('citas as c')
    .leftJoin('pacientes as p', 'p.id_paciente', 'c.id_paciente')
    .leftJoin('psicologos as ps', 'ps.id_psicologo', 'c.id_psicologo')
    .where('c.id_cita', idCita)
    .first('p.id_usuario as paciente_usuario', 'ps.id_usuario as psicologo_usuario');
  return row ? { pacienteUsuario: row.paciente_usuario ?? null, psicologoUsuario: row.psicologo_usuario ?? null } : null;
}

/** The stored message record, as REST shows it, from the event itself (no read-model wait). */
export function mensajeRecord(event: MensajeEnviado, zone: string): MensajeView {
  const d = event.data;
  return {
    idMensaje: d.idMensaje, senderId: d.senderId, receiverId: d.receiverId, idCita: d.idCita ?? null,
    mensaje: d.mensaje ?? null, enviadoEn: localDateTime(new Date(d.enviadoEn), zone), leido: false,
  };
}
