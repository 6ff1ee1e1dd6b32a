import type { Knex } from 'knex';
import { joinVersion, META_COLUMNS, metaOf, whereInWindow, whereLastUpdated } from '../meta.ts';
import { intId } from '../params.ts';
import { fhirDateTime } from '../format.ts';
import type { ExportWindow, FhirDb, FhirResource, FhirResourceType, FhirScope } from '../types.ts';
import { exportByIntId, pageByIntId, whereIds } from './int-keyset.ts';
import { whereAppointmentParams } from './appointment-search.ts';

// Appointment ← citas (docs/fhir.md "Appointment"), seen as the REST appointment lists: a patient
// their own, a psychologist their agenda, an admin all. The appointments of an erased patient are
// deleted in the `fhir` read model (their Patient is gone): not found, listed as deleted ids.

type Row = Record<string, any>;

/** Never a status that says more than ours: an unknown state reads as the weakest, `pending`. */
export const STATUS: Record<string, string> = { PENDIENTE: 'pending', CONFIRMADA: 'booked', CANCELADA: 'cancelled', COMPLETADA: 'fulfilled' };

/** Scope as the REST lists (`alcanceOf` in src/http/routes/citas.ts). */
function whereCitaInScope(q: Knex.QueryBuilder, scope: FhirScope): Knex.QueryBuilder {
  if (scope.kind === 'paciente') return q.where('c.id_paciente', scope.idPaciente);
  if (scope.kind === 'psicologo') return q.where('c.id_psicologo', scope.idPsicologo);
  return q;
}

function base(db: Knex, scope: FhirScope): Knex.QueryBuilder {
  const q = db('citas as c');
  joinVersion(q, 'cita', 'c.id_cita');
  q.whereNull('v.eliminado_posicion');
  // Who cancelled: the role that wrote the cancellation (the `fhir` read model's provenance).
  const canceller = db.raw(`(select p.rol from fhir_procedencia p where p.stream_id = 'cita-' || c.id_cita and p.tipo = 'CitaCancelada'
    order by p.revision desc limit 1) as cancelada_por`);
  return whereCitaInScope(q, scope).select(
    'c.id_cita', 'c.id_paciente', 'c.id_psicologo', 'c.start_datetime', 'c.end_datetime', 'c.duration_minutes', 'c.estado', 'c.motivo',
    canceller, ...META_COLUMNS,
  );
}

type Part = 'accepted' | 'declined' | 'needs-action';

/** Participants' answers: the patient asked (accepted), the psychologist confirms; a cancellation is its author's decline. */
function participation(estado: string, canceladaPor: string | null): { paciente: Part; psicologo: Part } {
  if (estado === 'CONFIRMADA' || estado === 'COMPLETADA') return { paciente: 'accepted', psicologo: 'accepted' };
  if (estado === 'CANCELADA') {
    if (canceladaPor === 'PACIENTE') return { paciente: 'declined', psicologo: 'accepted' };
    if (canceladaPor === 'PSICOLOGO') return { paciente: 'accepted', psicologo: 'declined' };
    return { paciente: 'declined', psicologo: 'declined' };
  }
  return { paciente: 'accepted', psicologo: 'needs-action' };
}

const CANCELADA_POR: Record<string, string> = { PACIENTE: 'Cancelada por el paciente', PSICOLOGO: 'Cancelada por el psicólogo', ADMIN: 'Cancelada por la administración' };

function toAppointment(r: Row, zone: string): FhirResource {
  const status = STATUS[r.estado] ?? 'pending';
  const p = participation(r.estado, r.cancelada_por ?? null);
  return {
    resourceType: 'Appointment', id: String(r.id_cita), meta: metaOf(r), status,
    ...(status === 'cancelled' ? { cancelationReason: { text: CANCELADA_POR[r.cancelada_por] ?? 'Cancelada' } } : {}),
    start: fhirDateTime(r.start_datetime, zone),
    end: fhirDateTime(r.end_datetime, zone),
    minutesDuration: r.duration_minutes,
    ...(r.motivo ? { comment: r.motivo } : {}),
    participant: [
      { actor: { reference: `Patient/${r.id_paciente}` }, required: 'required', status: p.paciente },
      { actor: { reference: `Practitioner/${r.id_psicologo}` }, required: 'required', status: p.psicologo },
    ],
  };
}

/** Appointments deleted in the window (their patient erased), in scope; a psychologist's through their agenda. */
async function deletedCitas(db: Knex, scope: FhirScope, window: ExportWindow): Promise<string[]> {
  const q = db('fhir_versiones as v').where('v.recurso', 'cita').whereNotNull('v.eliminado_posicion').where('v.eliminado_posicion', '<=', window.until);
  if (window.since !== null) q.where('v.eliminado_posicion', '>', window.since);
  if (scope.kind === 'paciente') q.where('v.id_paciente', scope.idPaciente);
  if (scope.kind === 'psicologo') q.whereIn('v.id_entidad', (s: Knex.QueryBuilder) => s.select('id_cita').from('citas').where('id_psicologo', scope.idPsicologo));
  const rows = await q.orderBy('v.id_entidad').select('v.id_entidad');
  return rows.map((r: Row) => String(r.id_entidad));
}

export const appointmentType: FhirResourceType = {
  type: 'Appointment',
  params: {
    patient: { type: 'reference', documentation: 'The patient participant: Patient/<id> or <id>' },
    practitioner: { type: 'reference', documentation: 'The psychologist participant: Practitioner/<id> or <id>' },
    date: { type: 'date', documentation: 'The start, with prefixes (a value without zone is the practice\'s wall clock)' },
    status: { type: 'token', documentation: 'pending | booked | cancelled | fulfilled (system http://hl7.org/fhir/appointmentstatus optional)' },
  },
  async read(rc: FhirDb, viewer, id) {
    const n = intId(id);
    const row = n === null ? null : await base(rc.knex, viewer.scope).where('c.id_cita', n).first();
    return row ? toAppointment(row, rc.zone) : null;
  },
  search(rc, viewer, req) {
    const q = base(rc.knex, viewer.scope);
    whereIds(q, 'c.id_cita', req.clauses);
    whereLastUpdated(q, req.clauses, rc.zone);
    whereAppointmentParams(q, req.clauses, rc.zone);
    return pageByIntId<Row>(q, 'c.id_cita', req.count, req.cursor, (rows) => rows.map((r) => toAppointment(r, rc.zone)));
  },
  exportPages(rc, viewer, window, pageSize) {
    return exportByIntId<Row>(() => whereInWindow(base(rc.knex, viewer.scope), window), 'c.id_cita', pageSize, (rows) => rows.map((r) => toAppointment(r, rc.zone)));
  },
  deletedIds: (rc, viewer, window) => deletedCitas(rc.knex, viewer.scope, window),
  patientsOf(resource) {
    const ref = (resource.participant as { actor: { reference: string } }[])[0].actor.reference;
    return [Number(ref.slice('Patient/'.length))];
  },
};
