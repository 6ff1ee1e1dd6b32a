import type { Knex } from 'knex';
import { clausesOf, decodeCursor, encodeCursor, intId } from '../params.ts';
import { deletedEntities, whereLastUpdated } from '../meta.ts';
import type { ExportWindow, FhirDb, FhirResource, FhirResourceType, FhirViewer, SearchRequest } from '../types.ts';

// Group/<idPsicologo>: a psychologist's assigned patients (docs/fhir.md "Group"), what
// `Group/[id]/$export` exports. Its version is the psychologist's stream's or, when later, the
// latest of its members' streams: an assignment is an event on the patient's stream.

interface GroupRow {
  id_psicologo: number;
  meta_revision: string | null;
  meta_actualizado: Date | null;
  meta_posicion: string | null;
}

/** The psychologists with their group's version (`v` so that whereLastUpdated applies). */
function groups(db: Knex): Knex.QueryBuilder {
  const latest = db.raw(`
    (select g.revision, greatest(g.actualizado_en, m.actualizado_en) as actualizado_en, greatest(g.posicion, m.posicion) as posicion
       from (select max(fv.revision) as revision, max(fv.actualizado_en) as actualizado_en, max(fv.posicion) as posicion
               from fhir_versiones fv where fv.stream_id = 'psicologo-' || p.id_psicologo) g,
            (select max(pv.actualizado_en) as actualizado_en, max(pv.posicion) as posicion
               from pacientes pa join fhir_versiones pv on pv.stream_id = 'paciente-' || pa.id_paciente
              where pa.id_psicologo = p.id_psicologo) m) as v`);
  return db('psicologos as p').joinRaw(`cross join lateral ${latest.toQuery()}`)
    .select('p.id_psicologo', 'v.revision as meta_revision', 'v.actualizado_en as meta_actualizado', 'v.posicion as meta_posicion');
}

/** Whose groups the viewer sees: everyone's, a psychologist their own, a patient none. */
function inScope(q: Knex.QueryBuilder, viewer: FhirViewer): Knex.QueryBuilder {
  if (viewer.scope.kind === 'psicologo') return q.where('p.id_psicologo', viewer.scope.idPsicologo);
  if (viewer.scope.kind === 'paciente') return q.whereRaw('false');
  return q;
}

async function toResources(db: Knex, rows: GroupRow[]): Promise<FhirResource[]> {
  if (rows.length === 0) return [];
  const members = await db('pacientes').whereIn('id_psicologo', rows.map((r) => r.id_psicologo))
    .orderBy(['id_psicologo', 'id_paciente']).select('id_psicologo', 'id_paciente');
  const byGroup = new Map<number, number[]>();
  for (const m of members as { id_psicologo: number; id_paciente: number }[]) {
    byGroup.set(m.id_psicologo, [...(byGroup.get(m.id_psicologo) ?? []), m.id_paciente]);
  }
  return rows.map((row) => groupResource(row, byGroup.get(row.id_psicologo) ?? []));
}

function groupResource(row: GroupRow, pacientes: number[]): FhirResource {
  const resource: FhirResource = {
    resourceType: 'Group',
    id: String(row.id_psicologo),
    meta: { versionId: String(row.meta_revision ?? 0), lastUpdated: new Date(row.meta_actualizado ?? 0).toISOString() },
    type: 'person',
    actual: true,
    name: `Pacientes asignados al psicólogo ${row.id_psicologo}`,
    managingEntity: { reference: `Practitioner/${row.id_psicologo}` },
    quantity: pacientes.length,
  };
  if (pacientes.length > 0) resource.member = pacientes.map((id) => ({ entity: { reference: `Patient/${id}` } }));
  return resource;
}

function whereIds(q: Knex.QueryBuilder, req: SearchRequest): Knex.QueryBuilder {
  for (const c of clausesOf(req.clauses, '_id')) {
    const ids = c.values.map(intId).filter((id): id is number => id !== null);
    q.whereIn('p.id_psicologo', ids);
  }
  return q;
}

export const groupType: FhirResourceType = {
  type: 'Group',
  params: {},
  async read(rc: FhirDb, viewer, id) {
    const idPsicologo = intId(id);
    if (idPsicologo === null) return null;
    const rows = await inScope(groups(rc.knex), viewer).where('p.id_psicologo', idPsicologo);
    return (await toResources(rc.knex, rows))[0] ?? null;
  },
  async search(rc, viewer, req) {
    const q = inScope(groups(rc.knex), viewer);
    whereIds(q, req);
    whereLastUpdated(q, req.clauses, rc.zone);
    if (req.cursor !== null) q.where('p.id_psicologo', '>', decodeCursor(req.cursor, ['int'])[0]);
    const rows: GroupRow[] = await q.orderBy('p.id_psicologo').limit(req.count + 1);
    const more = rows.length > req.count;
    const page = rows.slice(0, req.count);
    return { resources: await toResources(rc.knex, page), next: more ? encodeCursor([page[page.length - 1].id_psicologo]) : null };
  },
  async *exportPages(rc, viewer, window: ExportWindow, pageSize) {
    let after = 0;
    for (;;) {
      const q = inScope(groups(rc.knex), viewer).where('p.id_psicologo', '>', after).where('v.posicion', '<=', window.until);
      if (window.since !== null) q.where('v.posicion', '>', window.since);
      const rows: GroupRow[] = await q.orderBy('p.id_psicologo').limit(pageSize);
      if (rows.length === 0) return;
      yield await toResources(rc.knex, rows);
      after = rows[rows.length - 1].id_psicologo;
    }
  },
  async deletedIds(rc, viewer, window) {
    if (viewer.scope.kind === 'paciente') return [];
    const ids = await deletedEntities(rc.knex, 'psicologo', window, 'all');
    const own = viewer.scope.kind === 'psicologo' ? viewer.scope.idPsicologo : null;
    return ids.filter((id) => own === null || id === own).map(String);
  },
  patientsOf: (resource) => ((resource.member ?? []) as { entity: { reference: string } }[]).map((m) => Number(m.entity.reference.slice('Patient/'.length))),
};
