import type { Knex } from 'knex';
import { invalidClient } from './oauth.ts';

// Replay protection (SMART Backend Services: "the jti value has not been previously encountered"):
// each assertion id is kept per client until the assertion's own exp, after which it would be
// refused as expired anyway. Shared by every instance through PostgreSQL.

const PURGE_EVERY_MS = 60_000;

/** Claims a (client, jti) once; invalid_client when already seen. Purges expired rows now and then. */
export function jtiGuard(knex: Knex) {
  let lastPurge = 0;
  return async (clientId: string, jti: string, expSeconds: number, now: Date): Promise<void> => {
    if (now.getTime() - lastPurge >= PURGE_EVERY_MS) {
      lastPurge = now.getTime();
      await knex('fhir_jti_usados').where('expira_en', '<', now).delete();
    }
    const inserted = await knex('fhir_jti_usados')
      .insert({ client_id: clientId, jti, expira_en: new Date(expSeconds * 1000) })
      // A row past its expiry (not purged yet) is a jti free again.
      .onConflict(['client_id', 'jti']).merge(['expira_en']).where('fhir_jti_usados.expira_en', '<', now)
      .returning('jti');
    if (inserted.length === 0) throw invalidClient('client_assertion: this jti was already used');
  };
}
