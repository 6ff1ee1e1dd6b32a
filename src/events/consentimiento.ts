import type { DomainEvent } from './domain-event.ts';

// Informed consent (docs/care.md "3. Informed consent"). Three kinds of stream:
// - `consentimiento-documento-<TIPO>`: the practice's published versions of one document (texts:
//   not personal, never sealed);
// - `consentimientos-requeridos`: which types a patient must have signed before booking;
// - `consentimientos-paciente-<idPaciente>`: the patient's signatures, withdrawals and the
//   bookings' checks against them (ids, types, versions, digests and times readable; the meaning
//   and reason sealed with the patient's clinical key: consent is part of the clinical record).

export const TIPOS_CONSENTIMIENTO = ['TRATAMIENTO', 'DATOS', 'ONLINE'] as const;
export type TipoConsentimiento = (typeof TIPOS_CONSENTIMIENTO)[number];

/** What a patient's signature means: they accept the document version it names. */
export const SIGNIFICADOS_CONSENTIMIENTO = ['ACEPTA'] as const;
export type SignificadoConsentimiento = (typeof SIGNIFICADOS_CONSENTIMIENTO)[number];

/**
 * A published version. `version` counts from 1 per type; `sha256`: lowercase hex SHA-256 of
 * the canonical form (src/commands/consentimiento-huella.ts); `publicadoEn`: the practice's wall clock.
 */
export type DocumentoConsentimientoPublicado = DomainEvent<'DocumentoConsentimientoPublicado', {
  tipo: TipoConsentimiento;
  version: number;
  titulo: string;
  cuerpo: string;
  sha256: string;
  publicadoEn: string;
}>;

/** The whole set after a change (possibly empty: nothing required, the default). */
export type ConsentimientosRequeridosFijados = DomainEvent<'ConsentimientosRequeridosFijados', { tipos: TipoConsentimiento[] }>;

/** `numero`: the signature's ordinal among the patient's signatures (1, 2, ...): its id for the patient. */
export type ConsentimientoFirmado = DomainEvent<'ConsentimientoFirmado', {
  idPaciente: number;
  numero: number;
  tipo: TipoConsentimiento;
  version: number;
  sha256: string;
  significado: SignificadoConsentimiento;
  firmadoEn: string;
}>;

/** The consent given by signature `numero` no longer holds (the signature stays, marked withdrawn). */
export type ConsentimientoRetirado = DomainEvent<'ConsentimientoRetirado', {
  idPaciente: number;
  numero: number;
  tipo: TipoConsentimiento;
  version: number;
  retiradoEn: string;
  motivo: string | null;
}>;

/**
 * A booking of the patient was checked against the required consents, in the booking's own append:
 * the check and a withdrawal are decided one after the other on this stream (docs/care.md).
 * `firmas`: the signatures it relied on.
 */
export type ConsentimientosVerificados = DomainEvent<'ConsentimientosVerificados', {
  idPaciente: number;
  idCitas: number[];
  firmas: { tipo: TipoConsentimiento; version: number; numero: number }[];
}>;

export type DocumentoConsentimientoEvent = DocumentoConsentimientoPublicado;
export type RequeridosEvent = ConsentimientosRequeridosFijados;
export type ConsentimientoPacienteEvent = ConsentimientoFirmado | ConsentimientoRetirado | ConsentimientosVerificados;

export const documentoConsentimientoStream = (tipo: TipoConsentimiento) => `consentimiento-documento-${tipo}`;
export const REQUERIDOS_STREAM = 'consentimientos-requeridos';
export const consentimientosPacienteStream = (idPaciente: number) => `consentimientos-paciente-${idPaciente}`;

/** The current version of a document type, or null before its first publication. */
export type DocumentoConsentimiento = { version: number; sha256: string; titulo: string } | null;

export function evolveDocumento(_state: DocumentoConsentimiento, event: DocumentoConsentimientoEvent): DocumentoConsentimiento {
  switch (event.type) {
    case 'DocumentoConsentimientoPublicado':
      return { version: event.data.version, sha256: event.data.sha256, titulo: event.data.titulo };
    default: {
      const unknown: never = event.type;
      return unknown;
    }
  }
}

export function evolveRequeridos(_state: TipoConsentimiento[], event: RequeridosEvent): TipoConsentimiento[] {
  switch (event.type) {
    case 'ConsentimientosRequeridosFijados':
      return [...event.data.tipos];
    default: {
      const unknown: never = event.type;
      return unknown;
    }
  }
}

export interface FirmaConsentimiento {
  numero: number;
  tipo: TipoConsentimiento;
  version: number;
  sha256: string;
  retirada: boolean;
}

/** Every signature of the patient, by numero (withdrawn ones stay, marked). */
export interface ConsentimientosPaciente {
  firmas: Map<number, FirmaConsentimiento>;
}

/**
 * The signature in force for a type: the newest signature of that type, unless it was withdrawn
 * (a withdrawal ends the consent, whichever earlier versions were signed; signing again renews it).
 */
export function vigente(state: ConsentimientosPaciente, tipo: TipoConsentimiento): FirmaConsentimiento | null {
  let found: FirmaConsentimiento | null = null;
  for (const f of state.firmas.values()) if (f.tipo === tipo && (!found || f.numero > found.numero)) found = f;
  return found && !found.retirada ? found : null;
}

/** Whether the patient's newest signature of a type was withdrawn (they said no, and have not signed again). */
export function retirado(state: ConsentimientosPaciente, tipo: TipoConsentimiento): boolean {
  return vigente(state, tipo) === null && [...state.firmas.values()].some((f) => f.tipo === tipo);
}

/** Linear fold: the map belongs to the fold that built it and is updated in place. */
export function evolveConsentimientos(state: ConsentimientosPaciente, event: ConsentimientoPacienteEvent): ConsentimientosPaciente {
  switch (event.type) {
    case 'ConsentimientoFirmado': {
      const d = event.data;
      state.firmas.set(d.numero, { numero: d.numero, tipo: d.tipo, version: d.version, sha256: d.sha256, retirada: false });
      return state;
    }
    case 'ConsentimientoRetirado': {
      const f = state.firmas.get(event.data.numero);
      if (f) f.retirada = true;
      return state;
    }
    case 'ConsentimientosVerificados':
      return state;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
