import type { Knex } from 'knex';
import { DEFAULT_MAX_DEVICE_TOKENS } from '../../platform/limits.ts';
import { effectiveAjustes } from '../../queries/ajustes.ts';
import { tokensOf } from '../../queries/dispositivos.ts';
import type { Idioma } from '../mail/templates.ts';

/** A person to notify, with what their settings say about how. */
export interface Recipient {
  idUsuario: number;
  email: string;
  nombre: string;
  nombreCompleto: string;
  idioma: Idioma;
  timezone: string;
  notificaciones: boolean;
  /** Push device tokens (the newest `maxTokens`); empty when notifications are off. */
  tokens: string[];
}

/** Zones already judged: building an Intl.DateTimeFormat per recipient was a visible part of a booking's cost. */
const zones = new Map<string, boolean>();
const validZone = (zone: string) => {
  let valid = zones.get(zone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      valid = true;
    } catch {
      valid = false;
    }
    if (zones.size >= 1000) zones.clear();
    zones.set(zone, valid);
  }
  return valid;
};

/**
 * The user behind a patient or psychologist id, from the read models: e-mail and name from
 * `usuarios`, language, zone and consent from `ajustes` (defaults when the user never changed
 * them), devices from `dispositivos`. A deactivated or erased user is nobody to notify (null).
 */
export async function recipientOf(
  trx: Knex, kind: 'paciente' | 'psicologo', id: number, practiceTimezone: string, maxTokens = DEFAULT_MAX_DEVICE_TOKENS,
): Promise<Recipient | null> {
  const table = kind === 'paciente' ? 'pacientes' : 'psicologos';
  const row = await trx(`${table} as x`)
    .join('usuarios as u', 'u.id_usuario', 'x.id_usuario')
    .where(`x.id_${kind}`, id)
    .first('u.id_usuario', 'u.email', 'u.nombre', 'u.apellido', 'u.activo');
  if (!row || !row.activo || !row.email) return null;
  const ajustes = await effectiveAjustes(trx, row.id_usuario, practiceTimezone);
  const notificaciones = ajustes.notificaciones !== false;
  return {
    idUsuario: row.id_usuario,
    email: row.email,
    nombre: row.nombre,
    nombreCompleto: `${row.nombre} ${row.apellido}`.trim(),
    idioma: ajustes.idioma === 'en' ? 'en' : 'es',
    timezone: validZone(ajustes.timezone) ? ajustes.timezone : practiceTimezone,
    notificaciones,
    tokens: notificaciones ? await tokensOf(trx, row.id_usuario, maxTokens) : [],
  };
}
