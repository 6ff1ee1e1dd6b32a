import type { Knex } from 'knex';

type PgClient = { query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: Record<string, any>[] }> };
type Pool = { acquireConnection(): Promise<PgClient>; releaseConnection(c: PgClient): Promise<void> };

/**
 * The rows of a named (prepared) statement, on a connection of knex's pool: PostgreSQL parses and
 * plans it once per connection, and no query builder runs per request. For the hot reads only;
 * `name` must always go with the same `text`. (knex's 'query' event does not see these.)
 */
export async function preparedRows(knex: Knex, name: string, text: string, values: unknown[]): Promise<Record<string, any>[]> {
  const pool = knex.client as Pool;
  const conn = await pool.acquireConnection();
  try {
    return (await conn.query({ name, text, values })).rows;
  } finally {
    await pool.releaseConnection(conn);
  }
}
