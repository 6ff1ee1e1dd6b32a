import type { Knex } from 'knex';

/**
 * The log position a `_since` instant stands for. A `_since` equal to an earlier manifest's
 * transactionTime maps exactly to the position that export was cut at (fhir_export_marcas; the
 * lowest when two kick-offs shared a millisecond: an overlap, never a gap). Any other instant is
 * an approximation: the newest event that occurred at or before it (fhir_procedencia), so a change
 * whose event is stamped before `_since` but was stored after a later one is left out. Null: from
 * the start of the log.
 */
export async function sincePosition(db: Knex, since: Date): Promise<string | null> {
  const mark = await db('fhir_export_marcas').where({ transaction_time: since }).min('posicion as posicion').first();
  if (mark?.posicion) return mark.posicion as string;
  // Backwards along the log's index: a recent `_since` (the usual case) meets its row at once.
  const last = await db('fhir_procedencia').where('ocurrido_en', '<=', since).orderBy('posicion', 'desc').first('posicion');
  return (last?.posicion as string | undefined) ?? null;
}
