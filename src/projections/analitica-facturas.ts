import type { Knex } from 'knex';
import { insertBuffer } from './deferred.ts';
import type { Pseudonymizer } from '../platform/analytics/pseudonyms.ts';
import type { FacturaEmitidaData } from '../events/factura.ts';

// Revenue facts of the analysts' schema (docs/read-models.md "Analytics"): one row per issued
// invoice, pseudonymous, with its month, type, state and amounts in integer cents. Nothing of the
// invoice's text reaches it: no issuer or recipient, no NIF, no line or description.

type Trx = Knex.Transaction;

const facturas = insertBuffer('hechos_facturas', 'factura');

export function facturaEmitida(trx: Trx, pseud: Pseudonymizer, d: FacturaEmitidaData): void {
  facturas.add(trx, {
    factura: pseud('factura', d.idFactura),
    psicologo: d.idPsicologo === null ? null : pseud('psicologo', d.idPsicologo),
    paciente: pseud('paciente', d.idPaciente),
    mes: `${d.fechaExpedicion.slice(0, 7)}-01`,
    tipo: d.tipoFactura,
    estado: 'EMITIDA',
    base_centimos: d.baseTotalCentimos,
    cuota_iva_centimos: d.cuotaTotalCentimos,
    total_centimos: d.importeTotalCentimos,
  });
}

export async function facturaAnulada(trx: Trx, pseud: Pseudonymizer, idFactura: number): Promise<void> {
  const factura = pseud('factura', idFactura);
  const row = facturas.pending(trx, factura);
  if (row) row.estado = 'ANULADA';
  else await trx('hechos_facturas').where({ factura }).update({ estado: 'ANULADA' });
}

/**
 * A destroyed clinical key: the patient's invoices stay in the practice's revenue (the invoices
 * themselves are kept for the tax period), but no longer under the patient's pseudonym.
 */
export async function desvincularPacienteFacturas(trx: Trx, paciente: string): Promise<void> {
  await facturas.flush(trx);
  await trx('hechos_facturas').where({ paciente }).update({ paciente: null });
}

export const flushFacturas = (trx: Trx): Promise<void> => facturas.flush(trx);
