import type { Knex } from 'knex';
import { clausesOf, decodeCursor, encodeCursor, intId } from '../params.ts';
import type { FhirResource, SearchClause, SearchPage } from '../types.ts';

// What the types whose id is the REST API's integer id share (Patient, Practitioner,
// PractitionerRole, Schedule, Appointment): `_id`, keyset paging by the id, export pages.

/** `_id` clauses (ANDed; each clause's values ORed): an id that is not one of ours matches nothing. */
export function whereIds(q: Knex.QueryBuilder, column: string, clauses: SearchClause[]): Knex.QueryBuilder {
  for (const c of clausesOf(clauses, '_id')) {
    const ids = c.values.map(intId).filter((id): id is number => id !== null);
    q.whereIn(column, ids);
  }
  return q;
}

/** One page ordered by `column` after the cursor's id; rows become resources with `build` (the whole page at once). */
export async function pageByIntId<R>(
  q: Knex.QueryBuilder, column: string, count: number, cursor: string | null, build: (rows: R[]) => Promise<FhirResource[]> | FhirResource[],
): Promise<SearchPage> {
  if (cursor !== null) q.where(column, '>', decodeCursor(cursor, ['int'])[0]);
  const rows = (await q.orderBy(column).limit(count + 1)) as R[];
  const more = rows.length > count;
  const resources = await build(more ? rows.slice(0, count) : rows);
  return { resources, next: more && resources.length > 0 ? encodeCursor([Number(resources[resources.length - 1].id)]) : null };
}

/** Bulk export: pages of `pageSize` by id, each query made afresh by `query` (window and scope applied there). */
export async function* exportByIntId<R>(
  query: () => Knex.QueryBuilder, column: string, pageSize: number, build: (rows: R[]) => Promise<FhirResource[]> | FhirResource[],
): AsyncIterable<FhirResource[]> {
  let after = 0;
  for (;;) {
    const rows = (await query().where(column, '>', after).orderBy(column).limit(pageSize)) as R[];
    if (rows.length === 0) return;
    const page = await build(rows);
    if (page.length > 0) yield page;
    if (rows.length < pageSize) return;
    after = Number((rows[rows.length - 1] as Record<string, unknown>)[column.replace(/^.*\./, '')]);
  }
}
