import type { Knex } from 'knex';

/** What of a person may sit in undelivered outbox rows. Read before the read models blank it. */
export interface OutboxTrace {
  email: string;
  /** "nombre apellido", as the mail and push texts name the other party. */
  nombreCompleto: string;
  /** The person's push device tokens. */
  tokens: string[];
}

const PENDING = ['PENDING', 'SENDING'];
// Only the texts a human reads carry a name; addresses, tokens and data ids are left alone.
const TEXT_FIELDS = new Set(['subject', 'text', 'title', 'body']);
export const NOMBRE_BORRADO = 'Paciente eliminado';

export async function outboxTraceOf(knex: Knex, idUsuario: number): Promise<OutboxTrace | null> {
  const u = await knex('usuarios').where({ id_usuario: idUsuario }).first('email', 'nombre', 'apellido');
  if (!u) return null;
  const tokens = await knex('dispositivos').where({ id_usuario: idUsuario }).pluck('token');
  return { email: u.email ?? '', nombreCompleto: `${u.nombre ?? ''} ${u.apellido ?? ''}`.trim(), tokens };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The name as a whole word (not inside a longer name), in any human-readable text field. */
function withoutName(payload: Record<string, unknown>, name: RegExp): Record<string, unknown> {
  return Object.fromEntries(Object.entries(payload).map(([k, v]) =>
    [k, TEXT_FIELDS.has(k) && typeof v === 'string' ? v.replace(name, NOMBRE_BORRADO) : v]));
}

/**
 * Erasure and the outbox: sent rows keep no payload already, but rows still waiting would deliver
 * the person's data later. Mail to the person's address and pushes to their devices are dropped;
 * notices to others (the psychologist's "X booked an appointment") still go, naming nobody.
 */
export async function purgeOutbox(knex: Knex, who: OutboxTrace): Promise<void> {
  const pending = () => knex('outbox').whereIn('status', PENDING);
  if (who.email) await pending().whereRaw("lower(payload->>'to') = lower(?)", [who.email]).delete();
  if (who.tokens.length) await pending().where({ kind: 'push' }).whereRaw("payload->>'token' = any(?)", [who.tokens]).delete();
  // A name this short would match ordinary words: only names of some substance are searched for.
  if (who.nombreCompleto.length < 3) return;
  const name = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(who.nombreCompleto)}(?![\\p{L}\\p{N}])`, 'gu');
  const rows = await pending().whereRaw('strpos(payload::text, ?) > 0', [who.nombreCompleto]).select('id', 'payload');
  for (const row of rows as { id: string; payload: Record<string, unknown> }[]) {
    await knex('outbox').where({ id: row.id }).whereIn('status', PENDING).update({ payload: JSON.stringify(withoutName(row.payload, name)) });
  }
}
