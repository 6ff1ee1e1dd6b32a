// What the invoice document shows: a plain view of one issued invoice, as the billing side hands it
// to the renderer. Amounts in integer cents, dates as YYYY-MM-DD, rates in hundredths of a percent
// (2100 = 21 %), as in ../verifactu/tipos.ts. The renderer reads these fields and no others, so
// nothing clinical can reach the paper unless billing puts it in a description on purpose.
import type { EntornoAeat } from '../verifactu/qr.ts';
import type { TipoFactura } from '../verifactu/tipos.ts';

/** The description a line gets when it has none: never a diagnosis or clinical content. */
export const DESCRIPCION_POR_DEFECTO = 'Sesión de psicología';

/** Issuer or recipient: name, tax id and address (RD 1619/2012 art. 6.1). */
export interface ParteFactura {
  nombre: string;
  nif: string;
  /** The address, one element per printed line (street, postcode and town, …). */
  domicilio: string[];
}

/** A VAT-exempt line. E1 defaults to psychotherapy's mention (art. 20.Uno.3º Ley 37/1992). */
export interface ImpuestoExento {
  tipo: 'exenta';
  causa: 'E1' | 'E2' | 'E3' | 'E4' | 'E5' | 'E6';
  /** The legal mention printed for it; required for every cause but E1. */
  mencionLegal?: string;
}

/** A taxable line: the rate in hundredths of a percent and the quota in cents. */
export interface ImpuestoSujeto {
  tipo: 'sujeta';
  tipoImpositivo: number;
  cuotaCentimos: number;
}

export interface LineaFacturaVista {
  /** The invoice's own description of the line; empty or absent prints DESCRIPCION_POR_DEFECTO. */
  descripcion?: string;
  /** The date of the service (YYYY-MM-DD), when it is not the invoice's date. */
  fechaOperacion?: string;
  baseCentimos: number;
  impuesto: ImpuestoExento | ImpuestoSujeto;
}

/** An invoice this one rectifies: its number and date of issue. */
export interface FacturaRectificada {
  numSerie: string;
  fechaExpedicion: string;
}

export interface FacturaVista {
  /** Series and number as registered with AEAT (NumSerieFactura), e.g. "2025-A/000123". */
  numSerie: string;
  /** The series alone, printed beside the number when given. */
  serie?: string;
  tipoFactura: TipoFactura;
  /** YYYY-MM-DD. */
  fechaExpedicion: string;
  /** The date of the operation when it differs from the date of issue (RD 1619/2012 art. 6.1). */
  fechaOperacion?: string;
  emisor: ParteFactura;
  /** Absent only on a simplified invoice (F2). */
  destinatario?: ParteFactura;
  /** For R1–R5: the invoices it corrects, and optionally why. */
  rectificadas?: FacturaRectificada[];
  motivoRectificacion?: string;
  lineas: LineaFacturaVista[];
  /** The registered totals (the record's CuotaTotal and ImporteTotal): checked against the lines. */
  cuotaTotalCentimos: number;
  importeTotalCentimos: number;
  /** Which AEAT host the QR's cotejo URL names. */
  entornoAeat: EntornoAeat;
}

export interface OpcionesPdf {
  /** Deflate the page contents (the default); tests read them uncompressed. */
  comprimir?: boolean;
}
