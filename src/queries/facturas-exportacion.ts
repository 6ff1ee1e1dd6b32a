import type { Knex } from 'knex';
import type { FacturaEmitidaData } from '../events/factura.ts';
import type { FiltroFacturas } from './facturas.ts';

// The invoices' CSV export (docs/billing.md "Reports"): every invoice the list's filters select,
// read in pages by id so that a practice's years of invoices never sit in memory at once.

export interface FacturaExportada {
  idFactura: number;
  numSerie: string;
  fechaExpedicion: string;
  tipoFactura: string;
  /** The number of the invoice a rectifying one corrects. */
  rectifica: string | null;
  emisorNif: string;
  emisorNombre: string;
  /** null on a simplified invoice, and once the patient is erased. */
  destinatarioNombre: string | null;
  destinatarioNif: string | null;
  idPaciente: number;
  idPsicologo: number | null;
  baseCentimos: number;
  cuotaIvaCentimos: number;
  totalCentimos: number;
  estado: string;
  cobradoCentimos: number;
}

const LOTE = 1000;

function exportada(r: Record<string, any>): FacturaExportada {
  const d = r.datos as FacturaEmitidaData;
  return {
    idFactura: r.id_factura, numSerie: d.numSerie, fechaExpedicion: d.fechaExpedicion, tipoFactura: d.tipoFactura,
    rectifica: d.rectifica?.numSerie ?? null, emisorNif: d.emisor.nif, emisorNombre: d.emisor.nombreRazon,
    destinatarioNombre: d.destinatario?.nombreRazon ?? null, destinatarioNif: d.destinatario?.nif ?? null,
    idPaciente: d.idPaciente, idPsicologo: d.idPsicologo, baseCentimos: d.baseTotalCentimos, cuotaIvaCentimos: d.cuotaTotalCentimos,
    totalCentimos: d.importeTotalCentimos, estado: r.estado, cobradoCentimos: Number(r.cobrado_centimos ?? 0),
  };
}

/** The invoices `filtro` selects (as GET /api/admin/facturas), by id, a page at a time. */
export async function* facturasExportadas(knex: Knex, filtro: FiltroFacturas): AsyncGenerator<FacturaExportada> {
  let after = 0;
  for (;;) {
    const q = knex('facturas').select('id_factura', 'estado', 'cobrado_centimos', 'datos').where('id_factura', '>', after).orderBy('id_factura').limit(LOTE);
    if (filtro.idPaciente !== undefined) q.where('id_paciente', filtro.idPaciente);
    if (filtro.idPsicologo !== undefined) {
      const id = filtro.idPsicologo;
      q.where((w) => w.where('id_psicologo', id).orWhere('id_psicologo_emisor', id));
    }
    if (filtro.anio !== undefined) q.where('fecha_expedicion', 'like', `${filtro.anio}-%`);
    const rows = await q;
    for (const r of rows) yield exportada(r);
    if (rows.length < LOTE) return;
    after = rows[rows.length - 1].id_factura;
  }
}
