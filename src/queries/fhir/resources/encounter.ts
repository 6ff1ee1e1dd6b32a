import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import { CODE_SYSTEM_BASE, fhirDateTime } from '../format.ts';
import { joinVersion, META_COLUMNS, metaOf, whereInWindow, whereLastUpdated } from '../meta.ts';
import { intId } from '../params.ts';
import { wherePacienteInScope } from '../scope.ts';
import type { ExportWindow, FhirDb, FhirResource, FhirResourceType, FhirScope, FhirViewer, SearchRequest } from '../types.ts';
import { deletedIdsOf, exportByKey, keysetPage, ref, subjectPatients, whereDate, whereIds, wherePatient } from './clinical-search.ts';

// Encounter ← sesiones (docs/fhir.md "Encounter"): a therapy session is a finished ambulatory
// encounter. Sessions are recorded after they happen and have no other state.

/** SNOMED CT 75516001 "Psychotherapy (regime/therapy)": what every session is. */
const PSICOTERAPIA = { system: 'http://snomed.info/sct', code: '75516001', display: 'Psychotherapy (regime/therapy)' };

/**
 * Sessions the viewer may see, as the REST API shows them: a patient their own, a psychologist
 * the ones they held (not another psychologist's sessions with a shared patient), an admin all.
 * An erased patient's sessions are gone (their stream is marked deleted).
 */
export function sesionesInScope(knex: Knex, scope: FhirScope): Knex.QueryBuilder {
  const q = joinVersion(knex('sesiones as s'), 'sesion', 's.id_sesion').whereNull('v.eliminado_posicion')
    .select('s.id_sesion', 's.id_cita', 's.id_paciente', 's.id_psicologo', 's.session_date', 's.duration_minutes', ...META_COLUMNS);
  if (scope.kind === 'psicologo') return q.where('s.id_psicologo', scope.idPsicologo);
  return wherePacienteInScope(q, 's.id_paciente', scope);
}

/** The session's period: its local start and start + duration, with the practice's offset. */
export function sessionPeriod(row: { session_date: string; duration_minutes: number }, zone: string) {
  const start = DateTime.fromISO(row.session_date, { zone });
  return { start: fhirDateTime(row.session_date, zone), end: fhirDateTime(start.plus({ minutes: row.duration_minutes }).toJSDate(), zone) };
}

function toEncounter(row: any, zone: string): FhirResource {
  return {
    resourceType: 'Encounter',
    id: String(row.id_sesion),
    meta: metaOf(row),
    status: 'finished',
    class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB', display: 'ambulatory' },
    type: [{ coding: [PSICOTERAPIA], text: 'Sesión de psicoterapia' }],
    serviceType: { coding: [{ system: `${CODE_SYSTEM_BASE}/servicio`, code: 'psicoterapia', display: 'Psicoterapia' }] },
    subject: ref('Patient', row.id_paciente),
    participant: [{ individual: ref('Practitioner', row.id_psicologo) }],
    ...(row.id_cita ? { appointment: [ref('Appointment', row.id_cita)] } : {}),
    period: sessionPeriod(row, zone),
    length: { value: row.duration_minutes, unit: 'min', system: 'http://unitsofmeasure.org', code: 'min' },
  };
}

export const encounterType: FhirResourceType = {
  type: 'Encounter',
  params: {
    patient: { type: 'reference', documentation: 'The session\'s patient (Patient/<id>)' },
    date: { type: 'date', documentation: 'The session\'s start (period.start)' },
  },

  async read({ knex, zone }: FhirDb, viewer: FhirViewer, id: string) {
    const idSesion = intId(id);
    if (idSesion === null) return null;
    const row = await sesionesInScope(knex, viewer.scope).where('s.id_sesion', idSesion).first();
    return row ? toEncounter(row, zone) : null;
  },

  async search({ knex, zone }: FhirDb, viewer: FhirViewer, req: SearchRequest) {
    const q = sesionesInScope(knex, viewer.scope);
    whereIds(q, req.clauses, 's.id_sesion');
    wherePatient(q, req.clauses, 's.id_paciente');
    whereDate(q, req.clauses, 'date', 's.session_date::timestamp', zone, true);
    whereLastUpdated(q, req.clauses, zone);
    return keysetPage(q, 's.id_sesion', 'id_sesion', req, (r) => toEncounter(r, zone));
  },

  exportPages({ knex, zone }: FhirDb, viewer: FhirViewer, window: ExportWindow, pageSize: number) {
    return exportByKey(() => whereInWindow(sesionesInScope(knex, viewer.scope), window), 's.id_sesion', 'id_sesion', pageSize, (r) => toEncounter(r, zone));
  },

  async deletedIds({ knex }: FhirDb, viewer: FhirViewer, window: ExportWindow) {
    return deletedIdsOf(knex, viewer.scope, 'sesion', window);
  },

  patientsOf: subjectPatients,
};
