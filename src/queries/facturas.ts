import type { Knex } from 'knex';
import type { FacturaEmitidaData } from '../events/factura.ts';
import { euros } from '../platform/factura-pdf/textos.ts';
import type { FacturaVista, LineaFacturaVista } from '../platform/factura-pdf/tipos.ts';
import type { EntornoAeat } from '../platform/verifactu/qr.ts';
import { urlQr } from '../platform/verifactu/qr.ts';
import { afterKey, pageOf, type Page, type Paged } from './paging.ts';
import type { AuthUser } from './usuarios.ts';

// Issued invoices (docs/billing.md "Invoices and numbering"), read from projection `facturas`.

export type FacturaView = FacturaEmitidaData & {
  estado: 'EMITIDA' | 'ANULADA';
  /** The huella of its registro de alta. */
  huella: string | null;
  /** What the invoice's QR carries: AEAT's cotejo URL. */
  urlQr: string;
  /** Paid net of refunds, in cents (docs/billing.md "Payments"). */
  cobradoCentimos?: number;
  estadoCobro?: 'PENDIENTE' | 'PARCIAL' | 'PAGADA' | 'REEMBOLSADA';
};

export interface FiltroFacturas {
  idPaciente?: number;
  idPsicologo?: number;
  anio?: number;
}

type Row = Record<string, any>;

const viewOf = (entorno: EntornoAeat) => (r: Row): FacturaView => {
  const d = r.datos as FacturaEmitidaData;
  return {
    ...d, rectifica: d.rectifica ?? null, estado: r.estado, huella: r.huella ?? null,
    cobradoCentimos: Number(r.cobrado_centimos ?? 0), estadoCobro: r.estado_cobro ?? 'PENDIENTE',
    urlQr: urlQr({ idEmisor: d.emisor.nif, numSerie: d.numSerie, fechaExpedicion: d.fechaExpedicion }, d.importeTotalCentimos, entorno),
  };
};

/** A page of invoices by id, newest last; filtered by patient, psychologist (theirs or issued by them) and year. */
export async function pageFacturas(knex: Knex, page: Page, filtro: FiltroFacturas, entorno: EntornoAeat): Promise<Paged<FacturaView>> {
  const q = knex('facturas').select('*').orderBy('id_factura').limit(page.limit + 1);
  const after = afterKey(page, ['id']);
  if (after) q.where('id_factura', '>', after[0]);
  if (filtro.idPaciente !== undefined) q.where('id_paciente', filtro.idPaciente);
  if (filtro.idPsicologo !== undefined) {
    const id = filtro.idPsicologo;
    q.where((w) => w.where('id_psicologo', id).orWhere('id_psicologo_emisor', id));
  }
  if (filtro.anio !== undefined) q.where('fecha_expedicion', 'like', `${filtro.anio}-%`);
  return pageOf(await q, page, viewOf(entorno), (r) => [r.id_factura]);
}

export async function findFactura(knex: Knex, idFactura: number, entorno: EntornoAeat): Promise<FacturaView | null> {
  const row = await knex('facturas').where({ id_factura: idFactura }).first('*');
  return row ? viewOf(entorno)(row) : null;
}

/**
 * Who may read an invoice: ADMIN any; the patient their own; a psychologist those of their patients
 * and those they issued. Anything else reads as absent (404).
 */
export function facturaEnAlcance(user: AuthUser, f: Pick<FacturaView, 'idPaciente' | 'idPsicologo' | 'idPsicologoEmisor'>): boolean {
  if (user.rol === 'ADMIN') return true;
  if (user.rol === 'PACIENTE') return user.idPaciente === f.idPaciente;
  return user.rol === 'PSICOLOGO' && user.idPsicologo !== null && (f.idPsicologo === user.idPsicologo || f.idPsicologoEmisor === user.idPsicologo);
}

/** The printable view of an invoice. A recipient erased with the patient prints as such. */
export function vistaPdf(f: FacturaView, entorno: EntornoAeat): FacturaVista {
  const parte = (p: { nombreRazon: string; nif: string; domicilio: string[] }) => ({ nombre: p.nombreRazon, nif: p.nif, domicilio: p.domicilio });
  const lineas: LineaFacturaVista[] = f.lineas.map((l) => ({
    descripcion: l.cantidad > 1 ? `${l.descripcion} (${l.cantidad} × ${euros(l.precioUnitarioCentimos)})` : l.descripcion,
    baseCentimos: l.baseCentimos,
    ...(l.fechaOperacion ? { fechaOperacion: l.fechaOperacion } : {}),
    impuesto: l.iva === 'EXENTO' ? { tipo: 'exenta', causa: 'E1' } : { tipo: 'sujeta', tipoImpositivo: l.iva * 100, cuotaCentimos: l.cuotaCentimos },
  }));
  const suprimido = f.tipoFactura !== 'F2' && f.tipoFactura !== 'R5' && !f.destinatario;
  return {
    numSerie: f.numSerie, serie: f.serie, tipoFactura: f.tipoFactura, fechaExpedicion: f.fechaExpedicion,
    emisor: parte(f.emisor),
    ...(f.rectifica ? { rectificadas: [{ numSerie: f.rectifica.numSerie, fechaExpedicion: f.rectifica.fechaExpedicion }], motivoRectificacion: f.rectifica.motivo } : {}),
    ...(f.destinatario ? { destinatario: parte(f.destinatario) } : suprimido ? { destinatario: { nombre: '(datos suprimidos)', nif: '—', domicilio: [] } } : {}),
    lineas, cuotaTotalCentimos: f.cuotaTotalCentimos, importeTotalCentimos: f.importeTotalCentimos, entornoAeat: entorno,
  };
}

/** The patient as an invoice's recipient: name, NIF (their user's dni, when given) and first address. */
export async function destinatarioPaciente(knex: Knex, idPaciente: number): Promise<{ nombreRazon: string; nif: string | null; domicilio: string[] } | null> {
  const u = await knex('pacientes as p').join('usuarios as u', 'u.id_usuario', 'p.id_usuario')
    .where('p.id_paciente', idPaciente).first('u.nombre', 'u.apellido', 'u.dni');
  if (!u) return null;
  const d = await knex('direcciones').where({ id_paciente: idPaciente }).orderBy('id_direccion').first('*');
  const domicilio = d ? [d.calle, [d.codigo_postal, d.ciudad].filter(Boolean).join(' '), d.provincia, d.pais].filter((x): x is string => Boolean(x)) : [];
  return { nombreRazon: `${u.nombre ?? ''} ${u.apellido ?? ''}`.trim(), nif: u.dni ?? null, domicilio };
}
