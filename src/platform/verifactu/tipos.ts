// The data of VERI*FACTU billing records, as the rest of the service hands it to this library:
// amounts in integer cents, dates as YYYY-MM-DD, the generation time already formatted
// (fecha.ts: it is hashed, so it is stored as text and never recomputed).

export type TipoFactura = 'F1' | 'F2' | 'F3' | 'R1' | 'R2' | 'R3' | 'R4' | 'R5';

/** An invoice's identity in AEAT's records: issuer's NIF, series+number, issue date. */
export interface IdFactura {
  idEmisor: string;
  numSerie: string;
  /** YYYY-MM-DD. */
  fechaExpedicion: string;
}

/** The issuer's previous record (alta or anulación): what Encadenamiento/RegistroAnterior carries. */
export interface RegistroAnterior extends IdFactura {
  huella: string;
}

/** A VAT-exempt line: E1 is art. 20 Ley 37/1992 (e.g. psychotherapy by a health professional, 20.Uno.3º). */
export interface LineaExenta {
  tipo: 'exenta';
  causa: 'E1' | 'E2' | 'E3' | 'E4' | 'E5' | 'E6';
  baseCentimos: number;
}

/** A taxable line (S1): rate in hundredths of a percent (2100 = 21 %), base and quota in cents. */
export interface LineaSujeta {
  tipo: 'sujeta';
  tipoImpositivo: number;
  baseCentimos: number;
  cuotaCentimos: number;
}

export type LineaDesglose = LineaExenta | LineaSujeta;

export interface Persona {
  nombreRazon: string;
  nif: string;
}

/** A registro de alta: one issued invoice (or rectifying invoice). */
export interface RegistroAlta {
  factura: IdFactura;
  nombreRazonEmisor: string;
  tipoFactura: TipoFactura;
  /** Only for R1–R5: the invoices it corrects (rectification "por diferencias", TipoRectificativa I). */
  rectificadas?: IdFactura[];
  descripcionOperacion: string;
  /** Absent on a simplified invoice (F2). */
  destinatario?: Persona;
  desglose: LineaDesglose[];
  cuotaTotalCentimos: number;
  importeTotalCentimos: number;
  /** null for the first record of the issuer's chain. */
  anterior: RegistroAnterior | null;
  fechaHoraHusoGenRegistro: string;
}

/** A registro de anulación: the cancellation of an invoice registered before. */
export interface RegistroAnulacion {
  anulada: IdFactura;
  anterior: RegistroAnterior | null;
  fechaHoraHusoGenRegistro: string;
}

/** The billing software itself (SistemaInformatico), declared by its producer. */
export interface SistemaInformatico {
  productor: Persona;
  nombre: string;
  /** Two characters assigned by the producer. */
  id: string;
  version: string;
  numeroInstalacion: string;
  soloVerifactu: boolean;
  multiplesObligados: boolean;
  indicadorMultiplesObligados: boolean;
}
