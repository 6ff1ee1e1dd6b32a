import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { DEFAULT_MAX_DEVICE_TOKENS } from '../platform/limits.ts';

/** The read model's key for a token (tokens are too long for a btree entry). */
export const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export interface DispositivoView {
  idUsuario: number;
  token: string;
  createdAt: Date;
}

export async function findDispositivo(knex: Knex, token: string): Promise<DispositivoView | null> {
  const row = await knex('dispositivos').where({ token_hash: tokenHash(token) }).first('id_usuario', 'token', 'created_at');
  return row ? { idUsuario: row.id_usuario, token: row.token, createdAt: row.created_at } : null;
}

/**
 * Where a push for this user goes: their newest `max` devices, oldest first. Registering evicts
 * past MAX_DEVICE_TOKENS_PER_USER; this bounds users who registered more before the cap existed.
 */
export async function tokensOf(knex: Knex, idUsuario: number, max: number = DEFAULT_MAX_DEVICE_TOKENS): Promise<string[]> {
  const rows = await knex('dispositivos').where({ id_usuario: idUsuario }).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'token_hash', order: 'desc' }]).limit(max).select('token');
  return rows.map((r) => r.token as string).reverse();
}
