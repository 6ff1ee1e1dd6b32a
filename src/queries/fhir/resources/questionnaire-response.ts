import type { Knex } from 'knex';
import { instrumento, instrumentos, type Instrumento } from '../../../events/instrumentos.ts';
import { fhirDateTime } from '../format.ts';
import { deletedEntities, joinVersion, META_COLUMNS, metaOf, whereInWindow, whereLastUpdated } from '../meta.ts';
import { clausesOf, parseReference } from '../params.ts';
import { pacientesInScope, wherePacienteInScope } from '../scope.ts';
import type { FhirDb, FhirResource, FhirResourceType, FhirViewer, SearchClause } from '../types.ts';
import { exportByKey, keysetPage, ref, subjectPatients, whereDate, whereIds, wherePatient } from './clinical-search.ts';
import { answerCoding, questionnaireId, questionnaireUrl } from './instrument-codes.ts';

// QuestionnaireResponse ← cuestionario_respuestas (the outcome measures' answers, projection
// `cuestionarios`): docs/fhir.md "QuestionnaireResponse". One per submission, never edited; meta
// from `respuesta-<idRespuesta>` in fhir_versiones (the `fhir` read model). Access as the
// patient's other records: the patient, their assigned psychologist, the administrator.

/** The answers of instruments this deployment has a file for (a removed file's answers are not served). */
function base(knex: Knex): Knex.QueryBuilder {
  return joinVersion(knex('cuestionario_respuestas as r'), 'respuesta', 'r.id_respuesta')
    .whereIn('r.instrumento', [...instrumentos().keys()])
    .select('r.id_respuesta', 'r.id_paciente', 'r.instrumento', 'r.fecha', 'r.respuestas', 'r.puntuacion', 'r.banda', ...META_COLUMNS);
}

/** Answers in the viewer's scope, not erased (an erased patient's rows leave both read models). */
export function respuestasInScope(knex: Knex, viewer: FhirViewer): Knex.QueryBuilder {
  return wherePacienteInScope(base(knex).whereNull('v.eliminado_posicion'), 'r.id_paciente', viewer.scope);
}

/** The submission's local time as SQL: what `authored`/`date` searches compare. */
export const FECHA_SQL = 'r.fecha::timestamp';

export interface RespuestaRow {
  id_respuesta: number;
  id_paciente: number;
  instrumento: string;
  fecha: string;
  respuestas: number[];
  puntuacion: number;
  banda: string;
  meta_revision?: string | null;
  meta_actualizado?: Date | string | null;
}

export function toQuestionnaireResponse(r: RespuestaRow, i: Instrumento, rc: FhirDb): FhirResource {
  const patient = ref('Patient', r.id_paciente);
  return {
    resourceType: 'QuestionnaireResponse', id: String(r.id_respuesta), meta: metaOf(r),
    language: 'es',
    questionnaire: questionnaireUrl(i, rc.canonicalBase),
    status: 'completed',
    subject: patient,
    authored: fhirDateTime(r.fecha, rc.zone),
    author: patient,
    source: patient,
    item: i.items.map((it, k) => {
      const opcion = i.opciones.find((o) => o.valor === r.respuestas[k]);
      return { linkId: String(it.numero), text: it.texto.es, ...(opcion ? { answer: [{ valueCoding: answerCoding(i, opcion) }] } : {}) };
    }),
  };
}

const map = (rc: FhirDb) => (r: RespuestaRow) => toQuestionnaireResponse(r, instrumento(r.instrumento)!, rc);

/** `questionnaire` values: the canonical URL or `Questionnaire/<id>`; one we do not serve matches nothing. */
function whereQuestionnaire(q: Knex.QueryBuilder, clauses: SearchClause[], rc: FhirDb): void {
  for (const c of clausesOf(clauses, 'questionnaire')) {
    const codigos = c.values.map((v) => {
      const byUrl = [...instrumentos().values()].find((i) => questionnaireUrl(i, rc.canonicalBase) === v);
      if (byUrl) return byUrl.codigo;
      const { id } = parseReference('questionnaire', v, ['Questionnaire'], /^[a-z0-9-]{1,64}$/);
      return [...instrumentos().values()].find((i) => questionnaireId(i) === id)?.codigo ?? null;
    });
    q.whereIn('r.instrumento', codigos.filter((x): x is string => x !== null));
  }
}

export const questionnaireResponseType: FhirResourceType = {
  type: 'QuestionnaireResponse',
  params: {
    patient: { type: 'reference', documentation: 'The patient who answered (Patient/<id>)' },
    subject: { type: 'reference', documentation: 'The same as patient' },
    questionnaire: { type: 'reference', documentation: 'The Questionnaire: its canonical URL or Questionnaire/<id> (phq-9, gad-7)' },
    authored: { type: 'date', documentation: 'When it was submitted' },
  },
  async read(rc, viewer, id) {
    if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) return null;
    const row = await respuestasInScope(rc.knex, viewer).where('r.id_respuesta', Number(id)).first();
    return row ? map(rc)(row) : null;
  },
  search(rc, viewer, req) {
    const q = respuestasInScope(rc.knex, viewer);
    whereIds(q, req.clauses, 'r.id_respuesta');
    wherePatient(q, req.clauses, 'r.id_paciente');
    wherePatient(q, req.clauses, 'r.id_paciente', 'subject');
    whereQuestionnaire(q, req.clauses, rc);
    whereDate(q, req.clauses, 'authored', FECHA_SQL, rc.zone, true);
    whereLastUpdated(q, req.clauses, rc.zone);
    return keysetPage(q, 'r.id_respuesta', 'id_respuesta', req, map(rc));
  },
  exportPages(rc, viewer, window, pageSize) {
    return exportByKey(() => whereInWindow(respuestasInScope(rc.knex, viewer), window), 'r.id_respuesta', 'id_respuesta', pageSize, map(rc));
  },
  async deletedIds({ knex }, viewer, window) {
    const ids = await deletedEntities(knex, 'respuesta', window, (await pacientesInScope(knex, viewer.scope)) ?? 'all');
    return ids.map(String);
  },
  patientsOf: subjectPatients,
};
