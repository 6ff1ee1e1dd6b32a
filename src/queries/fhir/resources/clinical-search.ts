import type { Knex } from 'knex';
import { deletedEntities } from '../meta.ts';
import { pacientesInScope } from '../scope.ts';
import { clausesOf, dateCondition, decodeCursor, encodeCursor, intId, parseDate, parseReference } from '../params.ts';
import type { ExportWindow, FhirResource, FhirScope, SearchClause, SearchPage, SearchRequest } from '../types.ts';

// Search building blocks shared by the clinical record's modules (Encounter, DocumentReference,
// Condition, CarePlan, Communication): each clause list ANDs, each clause's values OR.

/** `_id` clauses on an integer id column; an id that is not one of ours matches nothing. */
export function whereIds(q: Knex.QueryBuilder, clauses: SearchClause[], column: string): void {
  for (const c of clausesOf(clauses, '_id')) {
    q.whereIn(column, c.values.map(intId).filter((id): id is number => id !== null));
  }
}

/** `patient` clauses (`Patient/<id>` or a bare id) on a patient id column. */
export function wherePatient(q: Knex.QueryBuilder, clauses: SearchClause[], column: string, name = 'patient'): void {
  for (const c of clausesOf(clauses, name)) {
    // An id beyond PostgreSQL's int is nobody (-1), not an overflow.
    q.whereIn(column, c.values.map((v) => intId(parseReference(name, v, ['Patient']).id) ?? -1));
  }
}

/** Date clauses on a column holding one point in time (`local`: the practice's wall clock). */
export function whereDate(q: Knex.QueryBuilder, clauses: SearchClause[], name: string, column: string, zone: string, local: boolean): void {
  for (const c of clausesOf(clauses, name)) {
    const ors = c.values.map((value) => dateCondition(column, parseDate(name, value, zone), local));
    q.where((w) => { for (const [sql, b] of ors) w.orWhereRaw(sql, b as never[]); });
  }
}

/** One keyset page ordered by an integer id; the cursor is the last id shown. */
export async function keysetPage(
  q: Knex.QueryBuilder, idColumn: string, idField: string, req: SearchRequest, map: (row: any) => FhirResource,
): Promise<SearchPage> {
  if (req.cursor !== null) q.where(idColumn, '>', decodeCursor(req.cursor, ['int'])[0]);
  const rows = await q.orderBy(idColumn).limit(req.count + 1);
  const page = rows.slice(0, req.count);
  const next = rows.length > req.count ? encodeCursor([page[page.length - 1][idField]]) : null;
  return { resources: page.map(map), next };
}

/** Bulk export: the query's rows in id order, pageSize at a time. */
export async function* exportByKey(
  make: () => Knex.QueryBuilder, idColumn: string, idField: string, pageSize: number, map: (row: any) => FhirResource | Promise<FhirResource>,
): AsyncIterable<FhirResource[]> {
  let last = 0;
  for (;;) {
    const rows = await make().where(idColumn, '>', last).orderBy(idColumn).limit(pageSize);
    if (rows.length === 0) return;
    yield await Promise.all(rows.map(map));
    if (rows.length < pageSize) return;
    last = rows[rows.length - 1][idField];
  }
}

/** The patient ids a resource's `subject` names (the access log). */
export function subjectPatients(resource: FhirResource): number[] {
  const ref = (resource.subject as { reference?: string } | undefined)?.reference;
  const m = ref ? /^Patient\/(\d+)$/.exec(ref) : null;
  return m ? [Number(m[1])] : [];
}

export const ref = (type: string, id: number | string) => ({ reference: `${type}/${id}` });

/** Bulk export's `deleted` for streams `<prefix>-<id>` of the patients in scope (erasures included). */
export async function deletedIdsOf(knex: Knex, scope: FhirScope, prefix: string, window: ExportWindow): Promise<string[]> {
  const ids = await deletedEntities(knex, prefix, window, (await pacientesInScope(knex, scope)) ?? 'all');
  return ids.map(String);
}
