import type { Knex } from 'knex';
import { CODE_SYSTEM_BASE, fhirDateTime, fhirInstant } from '../format.ts';
import { metaOf, whereInWindow, whereLastUpdated } from '../meta.ts';
import { clausesOf, intId, parseToken } from '../params.ts';
import type { ExportWindow, FhirDb, FhirResource, FhirResourceType, FhirViewer, SearchClause, SearchRequest } from '../types.ts';
import { deletedIdsOf, exportByKey, keysetPage, ref, subjectPatients, whereDate, whereIds, wherePatient } from './clinical-search.ts';
import { sesionesInScope, sessionPeriod } from './encounter.ts';

// DocumentReference ← a session's notes (sesiones.notas), its signature and signed addenda
// (firmas_clinicas, adendas_clinicas): docs/fhir.md "DocumentReference". Psychotherapy notes:
// only viewers with notasClinicas (the psychologist, the administrator) ever see one.

const ACT_CODE = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';
export const PSY_LABELS = [
  { system: ACT_CODE, code: 'PSY', display: 'psychiatry disorder information sensitivity' },
  { system: ACT_CODE, code: 'PSYTHPN', display: 'psychotherapy note information sensitivity' },
];
/** LOINC 11510-5 "Psychology Progress note": a psychologist's note of one session. */
const NOTE_TYPE = { system: 'http://loinc.org', code: '11510-5', display: 'Psychology Progress note' };
const CATEGORY = { system: `${CODE_SYSTEM_BASE}/documento`, code: 'nota-sesion', display: 'Notas de sesión' };
const LOCAL = `'YYYY-MM-DD"T"HH24:MI:SS'`;
/** When the document was made: the instant the session (with its notes) was recorded. */
const CREATED_SQL = '(select min(p.ocurrido_en) from fhir_procedencia p where p.stream_id = v.stream_id)';

function notas(knex: Knex, viewer: FhirViewer): Knex.QueryBuilder {
  const q = sesionesInScope(knex, viewer.scope)
    .whereNotNull('s.notas').where('s.notas', '<>', '')
    .leftJoin('firmas_clinicas as f', (j) => j.on('f.id_registro', 's.id_sesion').andOnVal('f.registro', 'SESION'))
    .select('s.notas', 'f.id_psicologo as firmante', knex.raw(`${CREATED_SQL} as creado_en`));
  // Not for a patient (nor a client whose scopes do not name DocumentReference): nothing matches.
  return viewer.notasClinicas ? q : q.whereRaw('false');
}

interface Adenda { id_registro: number; tipo: string; texto: string | null; firmado_local: string }

async function adendasOf(knex: Knex, ids: number[]): Promise<Map<number, Adenda[]>> {
  const out = new Map<number, Adenda[]>();
  if (ids.length === 0) return out;
  const rows: Adenda[] = await knex('adendas_clinicas').where('registro', 'SESION').whereIn('id_registro', ids)
    .orderBy(['id_registro', 'revision']).select('id_registro', 'tipo', 'texto', knex.raw(`to_char(firmado_en, ${LOCAL}) as firmado_local`));
  for (const r of rows) out.set(r.id_registro, [...(out.get(r.id_registro) ?? []), r]);
  return out;
}

const text = (t: string) => Buffer.from(t, 'utf8').toString('base64');

/** Signed: final; signed and amended by addenda: amended; unsigned: preliminary. */
const docStatusOf = (row: any, adendas: Adenda[]) => (row.firmante === null ? 'preliminary' : adendas.length > 0 ? 'amended' : 'final');

function toDocument(row: any, adendas: Adenda[], zone: string): FhirResource {
  const meta = metaOf(row);
  const anulada = adendas.some((a) => a.tipo === 'ANULACION');
  return {
    resourceType: 'DocumentReference',
    id: String(row.id_sesion),
    meta: { ...meta, security: PSY_LABELS },
    // An annulled record (a signed ANULACION addendum) is kept but declared void.
    status: anulada ? 'entered-in-error' : 'current',
    docStatus: docStatusOf(row, adendas),
    type: { coding: [NOTE_TYPE] },
    category: [{ coding: [CATEGORY] }],
    subject: ref('Patient', row.id_paciente),
    date: fhirInstant(row.creado_en ?? meta.lastUpdated),
    author: [ref('Practitioner', row.id_psicologo)],
    ...(row.firmante !== null ? { authenticator: ref('Practitioner', row.firmante) } : {}),
    securityLabel: [{ coding: PSY_LABELS }],
    content: [
      { attachment: { contentType: 'text/plain; charset=utf-8', language: 'es', data: text(row.notas), title: 'Notas de la sesión' } },
      // Signed addenda follow the notes, in the order they were added (an erased text is left out).
      ...adendas.filter((a) => a.texto !== null).map((a) => ({
        attachment: { contentType: 'text/plain; charset=utf-8', language: 'es', data: text(a.texto!), title: `Adenda (${a.tipo})`, creation: fhirDateTime(a.firmado_local, zone) },
      })),
    ],
    context: { encounter: [ref('Encounter', row.id_sesion)], period: sessionPeriod(row, zone) },
  };
}

async function toDocuments(knex: Knex, rows: any[], zone: string): Promise<FhirResource[]> {
  const adendas = await adendasOf(knex, rows.map((r) => r.id_sesion));
  return rows.map((r) => toDocument(r, adendas.get(r.id_sesion) ?? [], zone));
}

/** `type` clauses: our one type matches `[http://loinc.org|]11510-5`; anything else matches nothing. */
function whereType(q: Knex.QueryBuilder, clauses: SearchClause[]): void {
  for (const c of clausesOf(clauses, 'type')) {
    const hit = c.values.map(parseToken).some((t) => t.code === NOTE_TYPE.code && (t.system === null || t.system === NOTE_TYPE.system));
    if (!hit) q.whereRaw('false');
  }
}

export const documentReferenceType: FhirResourceType = {
  type: 'DocumentReference',
  params: {
    patient: { type: 'reference', documentation: 'The session\'s patient (Patient/<id>)' },
    type: { type: 'token', documentation: `The note's kind: ${NOTE_TYPE.system}|${NOTE_TYPE.code}` },
    date: { type: 'date', documentation: 'When the notes were recorded (DocumentReference.date)' },
  },

  async read({ knex, zone }: FhirDb, viewer: FhirViewer, id: string) {
    const idSesion = intId(id);
    if (idSesion === null) return null;
    const row = await notas(knex, viewer).where('s.id_sesion', idSesion).first();
    return row ? (await toDocuments(knex, [row], zone))[0] : null;
  },

  async search({ knex, zone }: FhirDb, viewer: FhirViewer, req: SearchRequest) {
    const q = notas(knex, viewer);
    whereIds(q, req.clauses, 's.id_sesion');
    wherePatient(q, req.clauses, 's.id_paciente');
    whereType(q, req.clauses);
    whereDate(q, req.clauses, 'date', CREATED_SQL, zone, false);
    whereLastUpdated(q, req.clauses, zone);
    const page = await keysetPage(q, 's.id_sesion', 'id_sesion', req, (r) => r);
    return { ...page, resources: await toDocuments(knex, page.resources, zone) };
  },

  async *exportPages({ knex, zone }: FhirDb, viewer: FhirViewer, window: ExportWindow, pageSize: number) {
    for await (const rows of exportByKey(() => whereInWindow(notas(knex, viewer), window), 's.id_sesion', 'id_sesion', pageSize, (r) => r)) {
      yield toDocuments(knex, rows, zone);
    }
  },

  async deletedIds({ knex }: FhirDb, viewer: FhirViewer, window: ExportWindow) {
    return viewer.notasClinicas ? deletedIdsOf(knex, viewer.scope, 'sesion', window) : [];
  },

  patientsOf: subjectPatients,
};
