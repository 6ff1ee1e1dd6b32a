import type { DomainEvent } from './domain-event.ts';
import type { LineaDesglose, Persona, RegistroAlta, RegistroAnterior, RegistroAnulacion, TipoFactura } from '../platform/verifactu/tipos.ts';

// Issued invoices and their VERI*FACTU records (docs/billing.md "Invoices and numbering", "The chain
// and billing:verify"). Four kinds of stream:
// - `facturacion-ajustes`: who issues (the practice or each psychologist) and the practice's data;
// - `datos-fiscales-psicologo-{id}`: a psychologist's own fiscal data, when they issue;
// - `factura-{id}`: one invoice, issued once and never edited (FacturaEmitida, FacturaAnulada);
// - `serie-factura-{nif}-{serie}`: the numbers given in one series, whose revision serializes issuing;
// - `registros-facturacion-{nif}`: the issuer's chain of registros de alta and anulación.
// An invoice's three streams are written in one atomic append (src/commands/facturas-emision.ts).

/** Who issues the practice's invoices: the practice itself, or each patient's psychologist as an independent professional. */
export const EMISORES = ['CONSULTA', 'PSICOLOGO'] as const;
export type EmisorEs = (typeof EMISORES)[number];

/** Name, tax id and address lines of an issuer or recipient (RD 1619/2012 art. 6.1). */
export interface DatosFiscales {
  nombreRazon: string;
  nif: string;
  domicilio: string[];
}

/** How charges are invoiced (docs/billing.md "Invoicing charges"): each on its own as it is recorded, or one invoice per patient and month. */
export const FACTURAR_CARGOS = ['POR_CARGO', 'MENSUAL'] as const;
export type FacturarCargos = (typeof FACTURAR_CARGOS)[number];

/** `facturarCargos` absent (settings fixed before it existed): MENSUAL. */
export type AjustesFacturacionFijados = DomainEvent<'AjustesFacturacionFijados', { emisorEs: EmisorEs; consulta: DatosFiscales | null; facturarCargos?: FacturarCargos }>;
export type AjustesFacturacion = { emisorEs: EmisorEs; consulta: DatosFiscales | null; facturarCargos: FacturarCargos };
export const AJUSTES_FACTURACION_STREAM = 'facturacion-ajustes';

export type DatosFiscalesPsicologoFijados = DomainEvent<'DatosFiscalesPsicologoFijados', DatosFiscales & { idPsicologo: number }>;
export const datosFiscalesPsicologoStream = (idPsicologo: number) => `datos-fiscales-psicologo-${idPsicologo}`;

/** One line of an invoice as issued: base and quota in cents; iva EXENTO (cause E1) or a rate in percent. */
export interface LineaFactura {
  descripcion: string;
  idServicio: number | null;
  cantidad: number;
  precioUnitarioCentimos: number;
  baseCentimos: number;
  iva: 'EXENTO' | 21 | 10 | 4;
  cuotaCentimos: number;
  /** The day of the service when the line is a charge's (`YYYY-MM-DD`); absent: the date of issue. */
  fechaOperacion?: string;
}

export interface FacturaEmitidaData {
  idFactura: number;
  idPaciente: number;
  /** The patient's psychologist when issued (who may read it), null if none. */
  idPsicologo: number | null;
  /** The psychologist who issues it as a professional; null: the practice. */
  idPsicologoEmisor: number | null;
  serie: string;
  numero: number;
  /** NumSerieFactura: `{serie}/{numero, 6 digits}`, e.g. `2026-A/000001`. */
  numSerie: string;
  fechaExpedicion: string;
  /** F1 full, F2 simplified; R1, R4 or R5 (of an F2) a rectifying invoice "por diferencias". */
  tipoFactura: Extract<TipoFactura, 'F1' | 'F2' | 'R1' | 'R4' | 'R5'>;
  /** A rectifying invoice's original and why; absent or null on any other. */
  rectifica?: { idFactura: number; numSerie: string; fechaExpedicion: string; motivo: string } | null;
  emisor: DatosFiscales;
  /** The patient's name, NIF and address; null on a simplified invoice (F2). Sealed (personal data). */
  destinatario: DatosFiscales | null;
  lineas: LineaFactura[];
  baseTotalCentimos: number;
  cuotaTotalCentimos: number;
  importeTotalCentimos: number;
}
export type FacturaEmitida = DomainEvent<'FacturaEmitida', FacturaEmitidaData>;
export type FacturaAnulada = DomainEvent<'FacturaAnulada', { idFactura: number; idPaciente: number; motivo: string | null }>;
/** On the original's stream, in the rectifying invoice's append: what it has been corrected by so far. */
export type FacturaRectificada = DomainEvent<'FacturaRectificada', { idFactura: number; idRectificativa: number; importeTotalCentimos: number }>;
export type FacturaEvent = FacturaEmitida | FacturaAnulada | FacturaRectificada;
export const facturaStream = (idFactura: number) => `factura-${idFactura}`;

export type Factura = { status: 'nueva' } | { status: 'emitida' | 'anulada'; factura: FacturaEmitidaData; rectificadoCentimos: number };

export function evolveFactura(state: Factura, event: FacturaEvent): Factura {
  switch (event.type) {
    case 'FacturaEmitida': return { status: 'emitida', factura: event.data, rectificadoCentimos: 0 };
    case 'FacturaAnulada': return state.status === 'nueva' ? state : { ...state, status: 'anulada' };
    case 'FacturaRectificada':
      return state.status === 'nueva' ? state : { ...state, rectificadoCentimos: state.rectificadoCentimos + event.data.importeTotalCentimos };
    default: { const unknown: never = event; return unknown; }
  }
}

/** A number given in a series: the series' stream holds one per invoice, in order. */
export type NumeroFacturaAsignado = DomainEvent<'NumeroFacturaAsignado', { idFactura: number; serie: string; numero: number; fechaExpedicion: string }>;
export const serieFacturaStream = (nif: string, serie: string) => `serie-factura-${nif}-${serie}`;
export type SerieFactura = { ultimo: number; fecha: string | null };
export const evolveSerie = (_s: SerieFactura, e: NumeroFacturaAsignado): SerieFactura => ({ ultimo: e.data.numero, fecha: e.data.fechaExpedicion });

/**
 * A registro de alta as made, minus the recipient (in `destinatario`, sealed as the patient's):
 * `{...registro, destinatario}` is the RegistroAlta that suministroXml serializes and huellaAlta
 * hashed. A submission reactor reads these two events of the chain stream and nothing else.
 */
export type RegistroFacturacionAltaGenerado = DomainEvent<'RegistroFacturacionAltaGenerado', {
  idFactura: number;
  idPaciente: number;
  registro: Omit<RegistroAlta, 'destinatario'>;
  destinatario: Persona | null;
  huella: string;
}>;
export type RegistroFacturacionAnulacionGenerado = DomainEvent<'RegistroFacturacionAnulacionGenerado', {
  idFactura: number;
  registro: RegistroAnulacion;
  huella: string;
}>;
export type RegistroFacturacionEvent = RegistroFacturacionAltaGenerado | RegistroFacturacionAnulacionGenerado;
export const registrosFacturacionStream = (nif: string) => `registros-facturacion-${nif}`;

/** The chain's tip: what the next record names as its RegistroAnterior. */
export type CadenaRegistros = { anterior: RegistroAnterior | null };
export function evolveCadena(_s: CadenaRegistros, e: RegistroFacturacionEvent): CadenaRegistros {
  const id = e.type === 'RegistroFacturacionAltaGenerado' ? e.data.registro.factura : e.data.registro.anulada;
  return { anterior: { ...id, huella: e.data.huella } };
}

export type { LineaDesglose };
