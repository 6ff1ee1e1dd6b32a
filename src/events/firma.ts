// What signed clinical records share (sessions and clinical-history entries): the signature's data
// and the kinds of addenda. The events themselves live with their record (sesion.ts, historial.ts).

/** The meaning of a signature (21 CFR 11.50): the signer wrote the record. */
export type Significado = 'AUTOR';

export const TIPOS_ADENDA = ['CORRECCION', 'ACLARACION', 'ANULACION'] as const;
export type TipoAdenda = (typeof TIPOS_ADENDA)[number];

/**
 * A signature. `firmadoEn`: the practice's wall clock when signed (fixed in the event, like
 * `creadoEn`); `huella`: base64 SHA-256 over the leaf hashes of the record stream's events as
 * stored (sealed), all of them before the signature (`recordDigest`, src/platform/audit/leaf.ts).
 */
export interface FirmaData {
  idPaciente: number;
  idPsicologo: number;
  firmadoEn: string;
  significado: Significado;
  huella: string;
}

/**
 * A signed addendum. `texto` is health data (sealed with the patient's clinical key);
 * `referencia` is the `huella` of the record it amends; `huella` is the addendum's own fingerprint
 * over JCS({tipo, texto, referencia}) (src/platform/audit/huella-adenda.ts): since version 2 an
 * HMAC keyed by `claveHuella`, which is sealed with the texto and shredded with it, so the huella
 * in the clear confirms no guessed text. Addenda recorded before carry neither `huellaVersion` nor
 * `claveHuella`: version 1, an unkeyed SHA-256.
 */
export interface AdendaData {
  idPaciente: number;
  idPsicologo: number;
  tipo: TipoAdenda;
  texto: string;
  firmadoEn: string;
  referencia: string;
  huella: string;
  huellaVersion?: 2;
  claveHuella?: string;
}

/** What a record's fold keeps of its signature: enough to refuse changes and judge addenda. */
export interface EstadoFirma {
  /** The record's `huella` at signing; null while unsigned. */
  huella: string | null;
  firmadoPor: number | null;
  anulado: boolean;
}

export const SIN_FIRMA: EstadoFirma = { huella: null, firmadoPor: null, anulado: false };
