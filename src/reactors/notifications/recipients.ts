import type { Knex } from 'knex';
import { DEFAULT_MAX_DEVICE_TOKENS } from '../../platform/limits.ts';
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

export type Kind = 'paciente' | 'psicologo';
export interface RecipientKey { kind: Kind; id: number }

/** The recipients of a batch's events, by kind and id; null for nobody to notify. */
export interface Recipients {
  get(kind: Kind, id: number): Recipient | null;
}

// Every recipient of a batch in one statement (was three per person: user, settings, devices).
// Settings absent: the defaults (Spanish, notifications on, the practice's zone). Devices: the
// newest `max`, oldest first, as tokensOf gives them.
const RECIPIENTS_SQL = `
  select k.kind, k.id, u.id_usuario, u.email, u.nombre, u.apellido, u.activo, a.idioma, a.notificaciones, a.timezone,
    coalesce(d.tokens, '{}') as tokens
  from unnest(?::text[], ?::int[]) as k(kind, id)
  left join pacientes p on k.kind = 'paciente' and p.id_paciente = k.id
  left join psicologos s on k.kind = 'psicologo' and s.id_psicologo = k.id
  join usuarios u on u.id_usuario = coalesce(p.id_usuario, s.id_usuario)
  left join ajustes a on a.id_usuario = u.id_usuario
  left join lateral (
    select array_agg(n.token order by n.created_at, n.token_hash) as tokens
    from (select token, created_at, token_hash from dispositivos where id_usuario = u.id_usuario
          order by created_at desc, token_hash desc limit ?) n
  ) d on coalesce(a.notificaciones, true)`;

const keyOf = (kind: Kind, id: number) => `${kind}:${id}`;

function toRecipient(row: Record<string, any>, practiceTimezone: string): Recipient | null {
  if (!row.activo || !row.email) return null;
  const notificaciones = row.notificaciones !== false;
  const timezone = row.timezone ?? practiceTimezone;
  return {
    idUsuario: row.id_usuario,
    email: row.email,
    nombre: row.nombre,
    nombreCompleto: `${row.nombre} ${row.apellido}`.trim(),
    idioma: row.idioma === 'en' ? 'en' : 'es',
    timezone: validZone(timezone) ? timezone : practiceTimezone,
    notificaciones,
    tokens: notificaciones ? row.tokens : [],
  };
}

/**
 * The users behind patient and psychologist ids, from the read models: e-mail and name from
 * `usuarios`, language, zone and consent from `ajustes` (defaults when the user never changed
 * them), devices from `dispositivos`, all in one query. A deactivated or erased user is nobody
 * to notify (null).
 */
export async function recipientsOf(
  trx: Knex, keys: readonly RecipientKey[], practiceTimezone: string, maxTokens = DEFAULT_MAX_DEVICE_TOKENS,
): Promise<Recipients> {
  const unique = new Map(keys.map((k) => [keyOf(k.kind, k.id), k]));
  const found = new Map<string, Recipient | null>();
  if (unique.size > 0) {
    const ks = [...unique.values()];
    const { rows } = await trx.raw(RECIPIENTS_SQL, [ks.map((k) => k.kind), ks.map((k) => k.id), maxTokens]);
    for (const row of rows) found.set(keyOf(row.kind, row.id), toRecipient(row, practiceTimezone));
  }
  return { get: (kind, id) => found.get(keyOf(kind, id)) ?? null };
}

/** One person's recipient (a batch of one). */
export async function recipientOf(
  trx: Knex, kind: Kind, id: number, practiceTimezone: string, maxTokens = DEFAULT_MAX_DEVICE_TOKENS,
): Promise<Recipient | null> {
  return (await recipientsOf(trx, [{ kind, id }], practiceTimezone, maxTokens)).get(kind, id);
}
