import type { Knex } from 'knex';
import { errors } from '../../../platform/errors.ts';
import { CODE_SYSTEM_BASE } from '../format.ts';
import { joinVersion, META_COLUMNS, metaOf, whereInWindow, whereLastUpdated } from '../meta.ts';
import { clausesOf, intId, parseToken } from '../params.ts';
import { wherePacienteInScope } from '../scope.ts';
import type { ExportWindow, FhirDb, FhirResource, FhirResourceType, FhirScope, FhirViewer, SearchClause, SearchRequest } from '../types.ts';
import { deletedIdsOf, exportByKey, keysetPage, ref, subjectPatients, whereIds, wherePatient } from './clinical-search.ts';

// ChargeItem ← cargos (docs/fhir.md "ChargeItem"): what an appointment costs the patient, before
// and after invoicing. Ids, codes and amounts only. An erased patient's charges leave FHIR with
// their appointments (the `fhir` read model marks their streams deleted).

const STATUS_SYSTEM = 'http://hl7.org/fhir/chargeitem-status';
/** A state we do not know yet (a pack's session, say) is not billable: never a status that says more. */
const STATUS: Record<string, string> = { PENDIENTE_FACTURAR: 'billable', FACTURADO: 'billed' };
const KNOWN = Object.keys(STATUS);
const OTHER_STATUSES = new Set(['planned', 'aborted', 'entered-in-error', 'unknown']);

const CONCEPTO: Record<string, { code: string; display: string }> = {
  SESION: { code: 'sesion', display: 'Sesión' },
  CANCELACION_TARDIA: { code: 'cancelacion-tardia', display: 'Cancelación tardía' },
  NO_PRESENTADO: { code: 'no-presentado', display: 'No presentado' },
};

/** Charges of the patients the viewer may see, as GET /api/pacientes/{id}/cargos. */
function cargos(knex: Knex, scope: FhirScope): Knex.QueryBuilder {
  const q = joinVersion(knex('cargos as c'), 'cargo-cita', 'c.id_cargo').whereNull('v.eliminado_posicion')
    .leftJoin('servicios as s', 's.id_servicio', 'c.id_servicio')
    .select('c.id_cargo', 'c.id_cita', 'c.id_paciente', 'c.id_psicologo', 'c.concepto', 'c.id_servicio', 'c.precio_centimos', 'c.fecha', 'c.estado',
      's.nombre as servicio', ...META_COLUMNS);
  return wherePacienteInScope(q, 'c.id_paciente', scope);
}

function code(row: any) {
  const concepto = CONCEPTO[row.concepto] ?? { code: String(row.concepto).toLowerCase(), display: String(row.concepto) };
  const coding = [{ system: `${CODE_SYSTEM_BASE}/concepto-cargo`, ...concepto }];
  // The priced service by its id in the practice's catalogue, named as the administrator named it.
  if (row.id_servicio !== null) coding.push({ system: `${CODE_SYSTEM_BASE}/servicio-facturable`, code: String(row.id_servicio), display: row.servicio ?? `Servicio ${row.id_servicio}` });
  return { coding };
}

function toChargeItem(row: any): FhirResource {
  return {
    resourceType: 'ChargeItem',
    id: String(row.id_cargo),
    meta: metaOf(row),
    status: STATUS[row.estado] ?? 'not-billable',
    code: code(row),
    subject: ref('Patient', row.id_paciente),
    occurrenceDateTime: row.fecha,
    performer: [{ actor: ref('Practitioner', row.id_psicologo) }],
    quantity: { value: 1 },
    // Before VAT: the invoice line's base (the invoice adds the tax).
    priceOverride: { value: row.precio_centimos / 100, currency: 'EUR' },
    // ChargeItem.context names Encounters only: the charged appointment goes as supporting information.
    supportingInformation: [ref('Appointment', row.id_cita)],
  };
}

/** `status` clauses: billable and billed are our two states; not-billable any other. */
function whereStatus(q: Knex.QueryBuilder, clauses: SearchClause[]): void {
  for (const c of clausesOf(clauses, 'status')) {
    const codes: (string | null)[] = c.values.map((value) => {
      const { system, code: status } = parseToken(value);
      if (system !== null && system !== STATUS_SYSTEM) return null;
      if (status === 'billable' || status === 'billed' || status === 'not-billable') return status;
      if (OTHER_STATUSES.has(status)) return null;
      throw errors.invalid(`status: valor no válido '${value}', se esperaba un ChargeItemStatus`, `status: invalid value '${value}', expected a ChargeItemStatus code`);
    });
    q.where((w) => {
      w.whereRaw('false');
      const estados = KNOWN.filter((e) => codes.includes(STATUS[e]));
      if (estados.length > 0) w.orWhereIn('c.estado', estados);
      if (codes.includes('not-billable')) w.orWhereNotIn('c.estado', KNOWN);
    });
  }
}

export const chargeItemType: FhirResourceType = {
  type: 'ChargeItem',
  params: {
    patient: { type: 'reference', documentation: 'The charged patient (Patient/<id>)' },
    subject: { type: 'reference', documentation: 'The charged patient (Patient/<id>), as patient' },
    status: { type: 'token', documentation: 'billable (pending invoicing), billed (invoiced), not-billable (http://hl7.org/fhir/chargeitem-status); other statuses match nothing' },
  },

  async read({ knex }: FhirDb, viewer: FhirViewer, id: string) {
    const idCargo = intId(id);
    if (idCargo === null) return null;
    const row = await cargos(knex, viewer.scope).where('c.id_cargo', idCargo).first();
    return row ? toChargeItem(row) : null;
  },

  async search({ knex, zone }: FhirDb, viewer: FhirViewer, req: SearchRequest) {
    const q = cargos(knex, viewer.scope);
    whereIds(q, req.clauses, 'c.id_cargo');
    wherePatient(q, req.clauses, 'c.id_paciente');
    wherePatient(q, req.clauses, 'c.id_paciente', 'subject');
    whereStatus(q, req.clauses);
    whereLastUpdated(q, req.clauses, zone);
    return keysetPage(q, 'c.id_cargo', 'id_cargo', req, toChargeItem);
  },

  exportPages({ knex }: FhirDb, viewer: FhirViewer, window: ExportWindow, pageSize: number) {
    return exportByKey(() => whereInWindow(cargos(knex, viewer.scope), window), 'c.id_cargo', 'id_cargo', pageSize, toChargeItem);
  },

  /** Charges are never deleted one by one; an erased patient's leave with them. */
  deletedIds: ({ knex }: FhirDb, viewer: FhirViewer, window: ExportWindow) => deletedIdsOf(knex, viewer.scope, 'cargo-cita', window),

  patientsOf: subjectPatients,
};
