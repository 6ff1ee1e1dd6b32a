import type { Knex } from 'knex';
import { errors } from '../../../platform/errors.ts';
import { CODE_SYSTEM_BASE, fhirInstant } from '../format.ts';
import { clausesOf, dateCondition, decodeCursor, encodeCursor, parseDate } from '../params.ts';
import type { ExportWindow, FhirDb, FhirResource, FhirResourceType, FhirViewer, SearchClause, SearchRequest } from '../types.ts';
import { allowedType, targetFlags, TYPE_OF, whereTargetVisible } from './provenance-scope.ts';
import { whereAgent, wherePatientOf, whereTarget } from './provenance-search.ts';

// Provenance ← fhir_procedencia (docs/fhir.md "Provenance"): one per event on a FHIR resource's
// stream, naming the version of the resource(s) it produced, what it did, who did it and when.
// A Provenance never changes (versionId 0, lastUpdated = recorded); an erased patient's go with them.

type Row = Record<string, any>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DATA_OPERATION = 'http://terminology.hl7.org/CodeSystem/v3-DataOperation';
const EVENTO = `${CODE_SYSTEM_BASE}/evento`;
const AUTHOR = { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/provenance-participant-type', code: 'author', display: 'Author' }] };
/** As Communication names the administrator, who has no FHIR resource. */
const ADMIN = 'Administración de la consulta';
const ROL: Record<string, string> = { PSICOLOGO: 'Psicólogo/a', PACIENTE: 'Paciente', AUDITOR: 'Auditoría' };

/** The patient(s) each served Provenance is about, for the access log (not an element of the resource). */
const patientsByResource = new WeakMap<FhirResource, number[]>();

function base(knex: Knex, viewer: FhirViewer): Knex.QueryBuilder {
  const q = knex('fhir_procedencia as p').join('fhir_versiones as fv', 'fv.stream_id', 'p.stream_id')
    .leftJoin('pacientes as apa', 'apa.id_usuario', 'p.id_usuario').leftJoin('psicologos as aps', 'aps.id_usuario', 'p.id_usuario')
    .leftJoin('usuarios as au', 'au.id_usuario', 'p.id_usuario')
    .select('p.id_evento', 'p.revision', 'p.tipo', 'p.id_usuario', 'p.rol', 'p.ocurrido_en', 'p.posicion', 'fv.recurso', 'fv.id_entidad', 'fv.id_paciente',
      'apa.id_paciente as actor_paciente', 'aps.id_psicologo as actor_psicologo', 'au.nombre as actor_nombre', 'au.apellido as actor_apellido',
      ...targetFlags(knex, viewer));
  return whereTargetVisible(q, knex, viewer);
}

/** `<Type>/<id>` of each resource the event's stream is, as the viewer may read them. */
function targetsOf(r: Row, viewer: FhirViewer): string[] {
  const id = String(r.id_entidad);
  const out: string[] = [];
  switch (r.recurso) {
    case 'sesion': out.push(`Encounter/${id}`); if (r.con_notas) out.push(`DocumentReference/${id}`); break;
    case 'historial': if (r.con_diagnostico) out.push(`Condition/${id}`); if (r.con_tratamiento) out.push(`CarePlan/${id}`); break;
    case 'diario': case 'progreso': out.push(`Observation/${r.recurso}-${id}`); break;
    case 'bloqueo': out.push(`Slot/bloqueo-${id}`); break;
    default: out.push(`${TYPE_OF[r.recurso]}/${id}`);
  }
  return out.filter((t) => allowedType(viewer, t.slice(0, t.indexOf('/'))));
}

/** CREATE for a stream's first event, DELETE for a deletion, UPDATE otherwise. */
const operationOf = (r: Row) => (String(r.revision) === '0' ? 'CREATE' : /Eliminad[oa]$/.test(r.tipo) ? 'DELETE' : 'UPDATE');

function whoOf(r: Row): Record<string, string> {
  const name = [r.actor_nombre, r.actor_apellido].filter(Boolean).join(' ');
  const named = (reference: string) => ({ reference, ...(name ? { display: name } : {}) });
  if (r.actor_psicologo !== null) return named(`Practitioner/${r.actor_psicologo}`);
  // A patient only ever writes their own records; anyone else's stays unnamed.
  if (r.actor_paciente !== null) return r.actor_paciente === r.id_paciente ? named(`Patient/${r.actor_paciente}`) : { display: ROL.PACIENTE };
  // A patient's record opened by a signed-out request is their own registration.
  if (r.id_usuario === null && r.recurso === 'paciente' && String(r.revision) === '0') return { reference: `Patient/${r.id_entidad}` };
  if (r.id_usuario === null) return { display: 'Sistema' };
  return { display: r.rol === 'ADMIN' ? ADMIN : ROL[r.rol] ?? 'Sistema' };
}

function toProvenance(r: Row, viewer: FhirViewer): FhirResource {
  const recorded = fhirInstant(r.ocurrido_en);
  const op = operationOf(r);
  const resource: FhirResource = {
    resourceType: 'Provenance',
    id: r.id_evento,
    meta: { versionId: '0', lastUpdated: recorded },
    target: targetsOf(r, viewer).map((t) => ({ reference: `${t}/_history/${r.revision}` })),
    recorded,
    activity: { coding: [{ system: DATA_OPERATION, code: op }, { system: EVENTO, code: r.tipo }], text: r.tipo },
    agent: [{ type: AUTHOR, who: whoOf(r) }],
  };
  patientsByResource.set(resource, r.id_paciente !== null ? [r.id_paciente] : []);
  return resource;
}

/** `_id` (event uuids; anything else matches nothing), `_lastUpdated` and `recorded` (both the event's instant). */
function whereOwn(q: Knex.QueryBuilder, clauses: SearchClause[], zone: string): void {
  for (const c of clausesOf(clauses, '_id')) q.whereIn('p.id_evento', c.values.map((v) => v.toLowerCase()).filter((v) => UUID.test(v)));
  for (const c of [...clausesOf(clauses, '_lastUpdated'), ...clausesOf(clauses, 'recorded')]) {
    const ors = c.values.map((v) => dateCondition('p.ocurrido_en', parseDate(c.name, v, zone), false));
    q.where((w) => { for (const [sql, b] of ors) w.orWhereRaw(sql, b as never[]); });
  }
}

/** After a (posicion, id_evento) key: the log's order. */
function after(q: Knex.QueryBuilder, key: [string, string]): Knex.QueryBuilder {
  return q.whereRaw('(p.posicion, p.id_evento) > (?, ?::uuid)', key);
}

function cursorKey(cursor: string): [string, string] {
  const [posicion, id] = decodeCursor(cursor, ['text', 'text']) as [string, string];
  // A forged id would reach the uuid cast: a 400 like any bad cursor.
  if (!UUID.test(id)) throw errors.invalid('_cursor no válido: use el enlace next de la página anterior', "Invalid _cursor: use the previous page's next link");
  return [posicion, id];
}

async function search({ knex, zone }: FhirDb, viewer: FhirViewer, req: SearchRequest) {
  const q = base(knex, viewer);
  whereOwn(q, req.clauses, zone);
  whereTarget(q, req.clauses, viewer);
  wherePatientOf(q, req.clauses);
  whereAgent(q, req.clauses);
  if (req.cursor !== null) after(q, cursorKey(req.cursor));
  const rows: Row[] = await q.orderBy(['p.posicion', 'p.id_evento']).limit(req.count + 1);
  const page = rows.slice(0, req.count);
  const last = page[page.length - 1];
  return { resources: page.map((r) => toProvenance(r, viewer)), next: rows.length > req.count ? encodeCursor([last.posicion, last.id_evento]) : null };
}

export const provenanceType: FhirResourceType = {
  type: 'Provenance',
  params: {
    target: { type: 'reference', documentation: 'The resource the event changed: <Type>/<id>, optionally /_history/<version>' },
    patient: { type: 'reference', documentation: 'The patient whose record the target is (Patient/<id>)' },
    agent: { type: 'reference', documentation: 'Who did it: Patient/<id> or Practitioner/<id>' },
    recorded: { type: 'date', documentation: 'When the event happened (an instant)' },
  },

  async read({ knex }: FhirDb, viewer: FhirViewer, id: string) {
    if (!UUID.test(id)) return null;
    const row = await base(knex, viewer).where('p.id_evento', id).first();
    return row ? toProvenance(row, viewer) : null;
  },

  search,

  async *exportPages({ knex }: FhirDb, viewer: FhirViewer, window: ExportWindow, pageSize: number) {
    let key: [string, string] | null = null;
    for (;;) {
      const q = base(knex, viewer).where('p.posicion', '<=', window.until);
      if (window.since !== null) q.where('p.posicion', '>', window.since);
      if (key) after(q, key);
      const rows: Row[] = await q.orderBy(['p.posicion', 'p.id_evento']).limit(pageSize);
      if (rows.length > 0) yield rows.map((r) => toProvenance(r, viewer));
      if (rows.length < pageSize) return;
      key = [rows[rows.length - 1].posicion, rows[rows.length - 1].id_evento];
    }
  },

  // No deletedIds: a Provenance is never deleted; an erased patient's leave the read model with them.

  patientsOf: (resource) => patientsByResource.get(resource) ?? [],
};
