import type { Knex } from 'knex';
import { errors } from '../../platform/errors.ts';
import { clausesOf, dateCondition, parseDate } from './params.ts';
import type { ExportWindow, FhirMeta, SearchClause } from './types.ts';

// Each resource's meta comes from the `fhir` read model (src/projections/fhir.ts): the stream
// revision and the instant and log position of its last event. Resource modules join it by stream.

/** Columns to select from the joined fhir_versiones (alias `v`). */
export const META_COLUMNS = ['v.revision as meta_revision', 'v.actualizado_en as meta_actualizado', 'v.posicion as meta_posicion'];

/** `left join fhir_versiones v on v.stream_id = '<prefix>-' || <idColumn>` (the stream of the row's aggregate). */
export function joinVersion(q: Knex.QueryBuilder, prefix: string, idColumn: string): Knex.QueryBuilder {
  return q.leftJoin('fhir_versiones as v', 'v.stream_id', q.client.raw(`'${prefix}-' || ${idColumn}`));
}

/** meta of a row selected with META_COLUMNS; a row the `fhir` read model has not reached yet reads version 0 now. */
export function metaOf(row: { meta_revision?: string | number | null; meta_actualizado?: Date | string | null }, fallback?: Date): FhirMeta {
  const at = row.meta_actualizado ?? fallback ?? new Date(0);
  return { versionId: String(row.meta_revision ?? 0), lastUpdated: new Date(at).toISOString() };
}

/** `_lastUpdated` clauses (each ANDed) on the joined version's instant. */
export function whereLastUpdated(q: Knex.QueryBuilder, clauses: SearchClause[], zone: string): Knex.QueryBuilder {
  for (const c of clausesOf(clauses, '_lastUpdated')) {
    if (c.modifier) throw errors.invalid(`_lastUpdated: modificador no admitido :${c.modifier}`, `_lastUpdated: unsupported modifier :${c.modifier}`);
    const ors = c.values.map((value) => dateCondition('v.actualizado_en', parseDate('_lastUpdated', value, zone), false));
    q.where((w) => { for (const [sql, b] of ors) w.orWhereRaw(sql, b as never[]); });
  }
  return q;
}

/** A bulk export's window on the joined version: last event after `since`, at or before `until`. */
export function whereInWindow(q: Knex.QueryBuilder, window: ExportWindow): Knex.QueryBuilder {
  if (window.since !== null) q.where('v.posicion', '>', window.since);
  return q.where('v.posicion', '<=', window.until);
}

/** Ids of streams `<prefix>-<id>` deleted within the window (a bulk export's `deleted`), restricted by `scope`. */
export async function deletedEntities(db: Knex, prefix: string, window: ExportWindow, idPacientes: number[] | 'all'): Promise<number[]> {
  const q = db('fhir_versiones').where({ recurso: prefix }).whereNotNull('eliminado_posicion').where('eliminado_posicion', '<=', window.until);
  if (window.since !== null) q.where('eliminado_posicion', '>', window.since);
  if (idPacientes !== 'all') q.whereIn('id_paciente', idPacientes);
  const rows = await q.orderBy('id_entidad').select('id_entidad');
  return rows.map((r: { id_entidad: string | number }) => Number(r.id_entidad));
}
