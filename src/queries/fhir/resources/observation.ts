import type { Knex } from 'knex';
import { CODE_SYSTEM_BASE, fhirDateTime } from '../format.ts';
import { deletedEntities, joinVersion, META_COLUMNS, metaOf, whereInWindow, whereLastUpdated } from '../meta.ts';
import { clausesOf, decodeCursor, encodeCursor, intId, parseToken } from '../params.ts';
import { pacientesInScope, wherePacienteInScope } from '../scope.ts';
import type { ExportWindow, FhirDb, FhirResource, FhirResourceType, FhirViewer, SearchClause, SearchRequest } from '../types.ts';
import { exportByKey, ref, subjectPatients, whereDate, wherePatient } from './clinical-search.ts';
import { CATEGORY_SYSTEM, SURVEY, type Source } from './observation-common.ts';
import { PUNTUACION } from './observation-puntuacion.ts';

// Observation ← the emotional diary (diario_emocional), progress records (progreso_emocional) and
// questionnaire total scores (cuestionario_respuestas): docs/fhir.md "Observation". Neither the
// diary nor progress is a standard instrument, so our own code system; scores are LOINC-coded
// (observation-puntuacion.ts). Ids are `diario-<idDiario>`, `progreso-<idProgress>` and
// `puntuacion-<idRespuesta>`.

const OBS = `${CODE_SYSTEM_BASE}/observacion`;
const LOCAL = `'YYYY-MM-DD"T"HH24:MI:SS'`;
const code = (c: string, display: string) => ({ coding: [{ system: OBS, code: c, display }] });

/** A `code` clause list matches a source of our own code `c` when every clause names it. */
const ownCode = (c: string) => (clauses: SearchClause[]) =>
  clausesOf(clauses, 'code').every((cl) => cl.values.map(parseToken).some((t) => t.code === c && (t.system === null || t.system === OBS)));

/** Rows of a base query in the viewer's scope (as the REST API: a psychologist's assigned patients), not erased. */
const scoped = (base: (knex: Knex) => Knex.QueryBuilder, patient: string) => (knex: Knex, viewer: FhirViewer) =>
  wherePacienteInScope(base(knex).whereNull('v.eliminado_posicion'), patient, viewer.scope);

const common = (prefix: string, row: any, idPaciente: number) => ({
  resourceType: 'Observation', id: `${prefix}-${row.id}`, meta: metaOf(row), status: 'final', category: SURVEY,
  subject: ref('Patient', idPaciente), performer: [ref('Patient', idPaciente)],
});

const DIARIO: Source = {
  prefix: 'diario', idColumn: 'd.id_diario', idField: 'id', patientColumn: 'd.id_paciente', dateSql: 'd.fecha',
  inScope: scoped((knex) => joinVersion(knex('diario_emocional as d'), 'diario', 'd.id_diario')
    .select('d.id_diario as id', 'd.id_paciente', 'd.emocion', 'd.intensidad', 'd.nota', knex.raw(`to_char(d.fecha, ${LOCAL}) as fecha_local`), ...META_COLUMNS), 'd.id_paciente'),
  codeMatches: ownCode('intensidad-emocional'),
  map: (r, { zone }) => ({
    ...common('diario', r, r.id_paciente),
    code: { ...code('intensidad-emocional', 'Intensidad emocional (1-10)'), text: 'Diario emocional' },
    effectiveDateTime: fhirDateTime(r.fecha_local, zone),
    valueInteger: r.intensidad,
    ...(r.nota ? { note: [{ text: r.nota }] } : {}),
    component: [{ code: code('emocion', 'Emoción'), valueString: r.emocion }],
  }),
};

const nivel = (c: string, display: string, value: number) => ({ code: code(c, display), valueInteger: value });

const PROGRESO: Source = {
  prefix: 'progreso', idColumn: 'p.id_progress', idField: 'id', patientColumn: 'p.id_paciente', dateSql: 'p.fecha::timestamp',
  inScope: scoped((knex) => joinVersion(knex('progreso_emocional as p'), 'progreso', 'p.id_progress')
    .select('p.id_progress as id', 'p.id_paciente', 'p.nivel_estres', 'p.nivel_ansiedad', 'p.nivel_animo', knex.raw(`to_char(p.fecha, 'YYYY-MM-DD') as fecha_dia`), ...META_COLUMNS), 'p.id_paciente'),
  codeMatches: ownCode('progreso-emocional'),
  map: (r) => ({
    ...common('progreso', r, r.id_paciente),
    code: { ...code('progreso-emocional', 'Progreso emocional del día (0-10)'), text: 'Progreso emocional' },
    effectiveDateTime: r.fecha_dia,
    component: [
      nivel('nivel-estres', 'Nivel de estrés (0-10)', r.nivel_estres),
      nivel('nivel-ansiedad', 'Nivel de ansiedad (0-10)', r.nivel_ansiedad),
      nivel('nivel-animo', 'Nivel de ánimo (0-10)', r.nivel_animo),
    ],
  }),
};

const SOURCES = [DIARIO, PROGRESO, PUNTUACION];

/** `<prefix>-<n>` → n for this source, else null. */
const idIn = (s: Source, id: string) => (id.startsWith(`${s.prefix}-`) ? intId(id.slice(s.prefix.length + 1)) : null);

/** Whether every `code` and `category` clause can match this source (each clause's values ORed). */
function tokensMatch(clauses: SearchClause[], s: Source): boolean {
  const codeOk = s.codeMatches(clauses);
  const catOk = clausesOf(clauses, 'category').every((c) => c.values.map(parseToken).some((t) => t.code === 'survey' && (t.system === null || t.system === CATEGORY_SYSTEM)));
  return codeOk && catOk;
}

function filtered(knex: Knex, zone: string, viewer: FhirViewer, s: Source, clauses: SearchClause[]): Knex.QueryBuilder {
  const q = s.inScope(knex, viewer);
  for (const c of clausesOf(clauses, '_id')) q.whereIn(s.idColumn, c.values.map((v) => idIn(s, v)).filter((n): n is number => n !== null));
  wherePatient(q, clauses, s.patientColumn);
  s.whereCode?.(q, clauses);
  whereDate(q, clauses, 'date', s.dateSql, zone, true);
  return whereLastUpdated(q, clauses, zone);
}

/** Keyset paging over both sources in turn: the cursor is [source index, last id]. */
async function search(rc: FhirDb, viewer: FhirViewer, req: SearchRequest) {
  const { knex, zone } = rc;
  const [from, after] = req.cursor === null ? [0, 0] : (decodeCursor(req.cursor, ['int', 'int']) as number[]);
  const out: { k: number; row: any }[] = [];
  for (let k = from; k < SOURCES.length && out.length <= req.count; k++) {
    const s = SOURCES[k];
    if (!tokensMatch(req.clauses, s)) continue;
    const q = filtered(knex, zone, viewer, s, req.clauses);
    if (k === from && after > 0) q.where(s.idColumn, '>', after);
    const rows = await q.orderBy(s.idColumn).limit(req.count + 1 - out.length);
    out.push(...rows.map((row: any) => ({ k, row })));
  }
  const page = out.slice(0, req.count);
  const last = page[page.length - 1];
  return {
    resources: page.map(({ k, row }) => SOURCES[k].map(row, rc)),
    next: out.length > req.count ? encodeCursor([last.k, last.row[SOURCES[last.k].idField]]) : null,
  };
}

export const observationType: FhirResourceType = {
  type: 'Observation',
  params: {
    patient: { type: 'reference', documentation: 'The patient who wrote it (Patient/<id>)' },
    code: { type: 'token', documentation: `${OBS}|intensidad-emocional (diary), |progreso-emocional (progress); http://loinc.org|44261-6 (PHQ-9 total), |70274-6 (GAD-7 total)` },
    category: { type: 'token', documentation: `${CATEGORY_SYSTEM}|survey (all of them)` },
    date: { type: 'date', documentation: 'effective[x]: when the diary entry was written, the day a progress record describes, when a questionnaire was answered' },
  },

  async read(rc: FhirDb, viewer: FhirViewer, id: string) {
    for (const s of SOURCES) {
      const n = idIn(s, id);
      if (n === null) continue;
      const row = await s.inScope(rc.knex, viewer).where(s.idColumn, n).first();
      return row ? s.map(row, rc) : null;
    }
    return null;
  },

  search,

  async *exportPages(rc: FhirDb, viewer: FhirViewer, window: ExportWindow, pageSize: number) {
    for (const s of SOURCES) {
      yield* exportByKey(() => whereInWindow(s.inScope(rc.knex, viewer), window), s.idColumn, s.idField, pageSize, (r) => s.map(r, rc));
    }
  },

  async deletedIds({ knex }: FhirDb, viewer: FhirViewer, window: ExportWindow) {
    const patients = (await pacientesInScope(knex, viewer.scope)) ?? 'all';
    const out: string[] = [];
    for (const s of SOURCES) out.push(...(await deletedEntities(knex, s.recurso ?? s.prefix, window, patients)).map((n) => `${s.prefix}-${n}`));
    return out;
  },

  patientsOf: subjectPatients,
};
