import type { Knex } from 'knex';
import type { FacturaEmitidaData, LineaFactura } from '../../../events/factura.ts';
import { CODE_SYSTEM_BASE, fhirDate } from '../format.ts';
import { joinVersion, META_COLUMNS, metaOf, whereInWindow, whereLastUpdated } from '../meta.ts';
import { intId } from '../params.ts';
import type { ExportWindow, FhirDb, FhirResource, FhirResourceType, FhirScope, FhirViewer, SearchRequest } from '../types.ts';
import { exportByKey, keysetPage, ref, subjectPatients, whereDate, whereIds, wherePatient } from './clinical-search.ts';
import { INVOICE_STATUS, numeroSystem, whereInvoiceParams } from './invoice-search.ts';

// Invoice ← facturas (docs/fhir.md "Invoice"): issued invoices as issued, amounts in EUR. Nothing
// clinical: the lines' descriptions are the billing staff's text, as stored. An invoice is never
// deleted (tax law): an erased patient's stays, without the recipient's name.

const TIPO: Record<string, string> = {
  F1: 'Factura completa', F2: 'Factura simplificada', R1: 'Factura rectificativa (art. 80 Uno, Dos y Seis LIVA)',
  R4: 'Factura rectificativa (resto de causas)', R5: 'Factura rectificativa de factura simplificada',
};

/**
 * Invoices the viewer may read, as the REST API: a patient their own, a psychologist those of the
 * patients they had when it was issued and those they issued, an administrator all.
 */
function facturas(knex: Knex, scope: FhirScope): Knex.QueryBuilder {
  // An erased patient has no row: their invoice is served without the recipient's name, whatever
  // billing keeps for the tax inspector (docs/billing.md).
  const q = joinVersion(knex('facturas as f'), 'factura', 'f.id_factura').leftJoin('pacientes as pa', 'pa.id_paciente', 'f.id_paciente')
    .select('f.id_factura', 'f.id_paciente', 'f.id_psicologo_emisor', 'f.estado', 'f.datos', knex.raw('pa.id_paciente is null as suprimido'), ...META_COLUMNS);
  if (scope.kind === 'paciente') return q.where('f.id_paciente', scope.idPaciente);
  if (scope.kind === 'psicologo') return q.where((w) => w.where('f.id_psicologo', scope.idPsicologo).orWhere('f.id_psicologo_emisor', scope.idPsicologo));
  return q;
}

/** Integer cents as FHIR Money: the decimal is written from the cents, exact to the cent. */
const eur = (centimos: number) => ({ value: centimos / 100, currency: 'EUR' });

const iva = (l: LineaFactura) => l.iva === 'EXENTO'
  ? { system: `${CODE_SYSTEM_BASE}/iva`, code: 'exento', display: 'Exenta (art. 20.Uno.3º Ley 37/1992)' }
  : { system: `${CODE_SYSTEM_BASE}/iva`, code: String(l.iva), display: `IVA ${l.iva} %` };

function lineItem(l: LineaFactura, i: number) {
  return {
    sequence: i + 1,
    chargeItemCodeableConcept: { text: l.descripcion },
    priceComponent: [
      { type: 'base', factor: l.cantidad, amount: eur(l.baseCentimos) },
      { type: 'tax', code: { coding: [iva(l)] }, amount: eur(l.cuotaCentimos) },
    ],
  };
}

function toInvoice(row: any): FhirResource {
  const d = (typeof row.datos === 'string' ? JSON.parse(row.datos) : row.datos) as FacturaEmitidaData;
  const emisorPsicologo = row.id_psicologo_emisor ?? null;
  return {
    resourceType: 'Invoice',
    id: String(row.id_factura),
    meta: metaOf(row),
    identifier: [{ use: 'official', system: numeroSystem(d.emisor.nif), value: d.numSerie }],
    status: INVOICE_STATUS[row.estado] ?? 'issued',
    type: { coding: [{ system: `${CODE_SYSTEM_BASE}/tipo-factura`, code: d.tipoFactura, display: TIPO[d.tipoFactura] ?? d.tipoFactura }] },
    subject: ref('Patient', row.id_paciente),
    // The recipient's name as invoiced; none on a simplified invoice, nor once the patient is erased.
    ...(d.destinatario && !row.suprimido ? { recipient: { ...ref('Patient', row.id_paciente), display: d.destinatario.nombreRazon } } : {}),
    date: fhirDate(d.fechaExpedicion),
    ...(emisorPsicologo !== null ? {
      participant: [{ role: { coding: [{ system: `${CODE_SYSTEM_BASE}/participante-factura`, code: 'emisor', display: 'Emisor' }] }, actor: ref('Practitioner', emisorPsicologo) }],
    } : {}),
    // Invoice.issuer may only name an Organization, which this API does not serve: a logical reference.
    issuer: { identifier: { system: `${CODE_SYSTEM_BASE}/nif`, value: d.emisor.nif }, display: d.emisor.nombreRazon },
    lineItem: d.lineas.map(lineItem),
    totalNet: eur(d.baseTotalCentimos),
    totalGross: eur(d.importeTotalCentimos),
    ...(d.rectifica ? { note: [{ text: `Rectifica la factura ${d.rectifica.numSerie} de ${d.rectifica.fechaExpedicion}: ${d.rectifica.motivo}` }] } : {}),
  };
}

export const invoiceType: FhirResourceType = {
  type: 'Invoice',
  params: {
    patient: { type: 'reference', documentation: 'The invoiced patient (Patient/<id>)' },
    subject: { type: 'reference', documentation: 'The invoiced patient (Patient/<id>), as patient' },
    date: { type: 'date', documentation: 'The date of issue (fecha de expedición), a day of the practice\'s calendar' },
    status: { type: 'token', documentation: 'issued or cancelled (http://hl7.org/fhir/invoice-status); other statuses match nothing' },
    identifier: { type: 'token', documentation: `The invoice number (numSerie), [${numeroSystem('<NIF del emisor>')}|]value` },
  },

  async read({ knex }: FhirDb, viewer: FhirViewer, id: string) {
    const idFactura = intId(id);
    if (idFactura === null) return null;
    const row = await facturas(knex, viewer.scope).where('f.id_factura', idFactura).first();
    return row ? toInvoice(row) : null;
  },

  async search({ knex, zone }: FhirDb, viewer: FhirViewer, req: SearchRequest) {
    const q = facturas(knex, viewer.scope);
    whereIds(q, req.clauses, 'f.id_factura');
    wherePatient(q, req.clauses, 'f.id_paciente');
    wherePatient(q, req.clauses, 'f.id_paciente', 'subject');
    // The day of issue compares as its local midnight (as Observation's progress days).
    whereDate(q, req.clauses, 'date', 'f.fecha_expedicion::timestamp', zone, true);
    whereInvoiceParams(q, req.clauses);
    whereLastUpdated(q, req.clauses, zone);
    return keysetPage(q, 'f.id_factura', 'id_factura', req, toInvoice);
  },

  exportPages({ knex }: FhirDb, viewer: FhirViewer, window: ExportWindow, pageSize: number) {
    return exportByKey(() => whereInWindow(facturas(knex, viewer.scope), window), 'f.id_factura', 'id_factura', pageSize, toInvoice);
  },

  // No deletedIds: an invoice is never deleted, not even with its patient.

  patientsOf: subjectPatients,
};
