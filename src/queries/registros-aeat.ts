import type { Knex } from 'knex';
import { pageById, type Page, type Paged } from './paging.ts';

// The VERI*FACTU records and what AEAT answered of each (docs/billing.md "Submission to AEAT"), from
// the submission queue (aeat_registros, migration 054): for the administrator and the auditor.

export interface RegistroAeatView {
  idRegistro: number;
  operacion: 'Alta' | 'Anulacion';
  idFactura: number;
  emisorNif: string;
  numSerie: string;
  fechaExpedicion: string;
  huella: string;
  estado: string;
  csv: string | null;
  codigoError: string | null;
  descripcionError: string | null;
  incidencia: boolean;
  intentos: number;
}

/** One page of the records, in the order they were made (each issuer's chain order). */
export function pageRegistrosAeat(knex: Knex, page: Page): Promise<Paged<RegistroAeatView>> {
  return pageById(knex('aeat_registros').select('*'), 'seq', page, (r) => ({
    idRegistro: Number(r.seq), operacion: r.operacion, idFactura: r.id_factura, emisorNif: r.emisor_nif, numSerie: r.num_serie,
    fechaExpedicion: r.fecha_expedicion, huella: r.huella, estado: r.estado, csv: r.csv, codigoError: r.codigo_error,
    descripcionError: r.descripcion_error, incidencia: r.incidencia, intentos: r.intentos,
  }));
}
