import type { Knex } from 'knex';
import { instrumento, instrumentos, bandaDe, type Instrumento } from '../../../events/instrumentos.ts';
import { CODE_SYSTEM_BASE, fhirDateTime } from '../format.ts';
import { metaOf } from '../meta.ts';
import { clausesOf, parseToken } from '../params.ts';
import type { FhirDb, FhirResource, SearchClause } from '../types.ts';
import { ref } from './clinical-search.ts';
import { questionnaireId, tokenNames, totalCoding } from './instrument-codes.ts';
import { SURVEY, type Source } from './observation-common.ts';
import { FECHA_SQL, respuestasInScope, type RespuestaRow } from './questionnaire-response.ts';

// Observation/puntuacion-<idRespuesta>: a questionnaire's total score, computed by the server when
// the patient submitted (docs/fhir.md "Observation"). LOINC-coded (44261-6 PHQ-9, 70274-6 GAD-7),
// its band as `interpretation` and the band's range as `referenceRange`, derived from the
// QuestionnaireResponse of the same id.

/** The bands' own code system per instrument: the bands are the instrument's, not a general scale. */
export const bandSystem = (i: Instrumento) => `${CODE_SYSTEM_BASE}/cuestionario/${questionnaireId(i)}/banda`;

function toScore(r: RespuestaRow, rc: FhirDb): FhirResource {
  const i = instrumento(r.instrumento)!;
  const banda = i.puntuacion.bandas.find((b) => b.codigo === r.banda) ?? bandaDe(i, r.puntuacion);
  const patient = ref('Patient', r.id_paciente);
  return {
    resourceType: 'Observation', id: `puntuacion-${r.id_respuesta}`, meta: metaOf(r), status: 'final', category: SURVEY,
    code: { coding: [totalCoding(i)], text: `${i.nombre.es}: puntuación total` },
    subject: patient,
    effectiveDateTime: fhirDateTime(r.fecha, rc.zone),
    performer: [patient],
    valueInteger: r.puntuacion,
    interpretation: [{ coding: [{ system: bandSystem(i), code: banda.codigo, display: banda.etiqueta.en }], text: banda.etiqueta.es }],
    referenceRange: [{ low: { value: banda.desde }, high: { value: banda.hasta }, text: banda.etiqueta.es }],
    derivedFrom: [ref('QuestionnaireResponse', r.id_respuesta)],
  };
}

/** The instruments whose total code some value of every `code` clause names. */
const codigosOf = (clauses: SearchClause[]) => [...instrumentos().values()]
  .filter((i) => clausesOf(clauses, 'code').every((c) => c.values.map(parseToken).some((t) => tokenNames(t, totalCoding(i)))))
  .map((i) => i.codigo);

export const PUNTUACION: Source = {
  prefix: 'puntuacion', recurso: 'respuesta', idColumn: 'r.id_respuesta', idField: 'id_respuesta', patientColumn: 'r.id_paciente', dateSql: FECHA_SQL,
  inScope: (knex: Knex, viewer) => respuestasInScope(knex, viewer),
  codeMatches: (clauses) => codigosOf(clauses).length > 0,
  whereCode: (q, clauses) => { if (clausesOf(clauses, 'code').length > 0) q.whereIn('r.instrumento', codigosOf(clauses)); },
  map: toScore,
};
