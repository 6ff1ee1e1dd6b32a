import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

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

/** Where a push for this user goes. */
export async function tokensOf(knex: Knex, idUsuario: number): Promise<string[]> {
  const rows = await knex('dispositivos').where({ id_usuario: idUsuario }).orderBy('created_at').select('token');
  return rows.map((r) => r.token as string);
}
