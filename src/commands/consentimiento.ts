import { hash } from 'node:crypto';
import type { Decider } from './decider.ts';
import { errors } from '../platform/errors.ts';
import { canonicalJson } from '../platform/audit/leaf.ts';
import { localDateTime } from '../platform/time.ts';
import {
  evolveConsentimientos, evolveDocumento, evolveRequeridos, retirado, vigente,
  type ConsentimientoPacienteEvent, type ConsentimientosPaciente, type DocumentoConsentimiento, type DocumentoConsentimientoEvent,
  type RequeridosEvent, type SignificadoConsentimiento, type TipoConsentimiento,
} from '../events/consentimiento.ts';

// The deciders of informed consent (docs/care.md "3. Informed consent"): a document type's
// versions, the required set, and a patient's signatures with the bookings' checks.

/** Texts as the server keeps and hashes them: Unicode NFC, line ends \n, the title trimmed. */
export const textoCanonico = (t: string) => t.normalize('NFC').replace(/\r\n?/g, '\n');

/**
 * The document's SHA-256: lowercase hex over the UTF-8 bytes of the RFC 8785 (JCS) form of
 * {tipo, version, titulo, cuerpo}, texts as stored (textoCanonico). Anyone holding a version can
 * recompute it; a signature that names it names exactly that text.
 */
export function sha256Documento(d: { tipo: TipoConsentimiento; version: number; titulo: string; cuerpo: string }): string {
  return hash('sha256', canonicalJson({ tipo: d.tipo, version: d.version, titulo: d.titulo, cuerpo: d.cuerpo }), 'hex');
}

export type DocumentoCommand = { type: 'PublicarDocumento'; data: { tipo: TipoConsentimiento; titulo: string; cuerpo: string } };

export const documentoDecider: Decider<DocumentoConsentimiento, DocumentoCommand, DocumentoConsentimientoEvent> = {
  initialState: () => null,
  evolve: evolveDocumento,
  decide(command, state, ctx) {
    switch (command.type) {
      case 'PublicarDocumento': {
        const titulo = textoCanonico(command.data.titulo).trim();
        const cuerpo = textoCanonico(command.data.cuerpo);
        if (!titulo || !cuerpo.trim()) throw errors.invalid('El título y el cuerpo no pueden estar vacíos', 'titulo and cuerpo must not be empty');
        const { tipo } = command.data;
        const version = (state?.version ?? 0) + 1;
        const sha256 = sha256Documento({ tipo, version, titulo, cuerpo });
        return [{ type: 'DocumentoConsentimientoPublicado', data: { tipo, version, titulo, cuerpo, sha256, publicadoEn: localDateTime(ctx.now, ctx.timezone) } }];
      }
      default: {
        const unknown: never = command.type;
        return unknown;
      }
    }
  },
};

/** `publicados`: the types with a published version, read by the application service. */
export type RequeridosCommand = { type: 'FijarRequeridos'; data: { tipos: TipoConsentimiento[]; publicados: TipoConsentimiento[] } };

export const requeridosDecider: Decider<TipoConsentimiento[], RequeridosCommand, RequeridosEvent> = {
  initialState: () => [],
  evolve: evolveRequeridos,
  decide(command, state) {
    const tipos = [...new Set(command.data.tipos)].sort();
    const sinPublicar = tipos.filter((t) => !command.data.publicados.includes(t));
    if (sinPublicar.length) {
      throw errors.conflict(
        `No se puede exigir un documento sin publicar: ${sinPublicar.join(', ')}`,
        `A document that was never published cannot be required: ${sinPublicar.join(', ')}`,
      );
    }
    if (tipos.join() === [...state].sort().join()) return [];
    return [{ type: 'ConsentimientosRequeridosFijados', data: { tipos } }];
  },
};

/**
 * The version a booking needs signed: the current one of a required type. `siRetirado`: needed only
 * if the patient withdrew their consent to the type (an ONLINE booking when ONLINE is not required).
 */
export interface Exigido { tipo: TipoConsentimiento; version: number; titulo: string; siRetirado?: boolean }

export type ConsentimientoCommand =
  /** `actual`: the type's current version as read by the service (null: never published). */
  | { type: 'FirmarConsentimiento'; data: { idPaciente: number; tipo: TipoConsentimiento; version: number; significado: SignificadoConsentimiento; actual: DocumentoConsentimiento } }
  | { type: 'RetirarConsentimiento'; data: { idPaciente: number; tipo: TipoConsentimiento; motivo: string | null } }
  | { type: 'VerificarConsentimientos'; data: { idPaciente: number; idCitas: number[]; exigidos: Exigido[] } };

export const documentoNoEncontrado = () => errors.notFound('Documento de consentimiento', 'Consent document');

/** 409 naming every document still to sign, with its version: the patient knows what to sign. */
export function faltanConsentimientos(faltan: Exigido[]) {
  const lista = faltan.map((f) => `${f.tipo} v${f.version} («${f.titulo}»)`).join(', ');
  return errors.conflict(
    `Faltan consentimientos por firmar antes de reservar: ${lista}`,
    `Consent still to be signed before booking: ${lista}`,
  );
}

function firmar(c: Extract<ConsentimientoCommand, { type: 'FirmarConsentimiento' }>['data'], state: ConsentimientosPaciente, now: Date, zone: string): ConsentimientoPacienteEvent[] {
  if (!c.actual) throw documentoNoEncontrado();
  if (c.version !== c.actual.version) {
    throw errors.conflict(
      `La versión ${c.version} de ${c.tipo} no es la vigente: firme la versión ${c.actual.version}`,
      `Version ${c.version} of ${c.tipo} is not the current one: sign version ${c.actual.version}`,
    );
  }
  const enVigor = vigente(state, c.tipo);
  if (enVigor && enVigor.version === c.version) throw errors.conflict('Ya firmó esta versión del documento', 'You already signed this version of the document');
  const numero = state.firmas.size + 1;
  return [{ type: 'ConsentimientoFirmado', data: {
    idPaciente: c.idPaciente, numero, tipo: c.tipo, version: c.version, sha256: c.actual.sha256, significado: c.significado, firmadoEn: localDateTime(now, zone),
  } }];
}

/** `consentimientos-paciente-<idPaciente>`: one patient's consent. */
export const consentimientoDecider: Decider<ConsentimientosPaciente, ConsentimientoCommand, ConsentimientoPacienteEvent> = {
  initialState: () => ({ firmas: new Map() }),
  evolve: evolveConsentimientos,
  decide(command, state, ctx) {
    switch (command.type) {
      case 'FirmarConsentimiento':
        return firmar(command.data, state, ctx.now, ctx.timezone);
      case 'RetirarConsentimiento': {
        const { idPaciente, tipo, motivo } = command.data;
        const f = vigente(state, tipo);
        if (!f) throw errors.conflict(`No hay consentimiento vigente de ${tipo} que retirar`, `There is no consent in force for ${tipo} to withdraw`);
        return [{ type: 'ConsentimientoRetirado', data: { idPaciente, numero: f.numero, tipo, version: f.version, retiradoEn: localDateTime(ctx.now, ctx.timezone), motivo } }];
      }
      case 'VerificarConsentimientos': {
        const { idPaciente, idCitas, exigidos } = command.data;
        const faltan = exigidos.filter((e) => (e.siRetirado ? retirado(state, e.tipo) : vigente(state, e.tipo)?.version !== e.version));
        if (faltan.length) throw faltanConsentimientos(faltan);
        const firmas = exigidos.flatMap((e) => {
          const f = vigente(state, e.tipo);
          return f ? [{ tipo: e.tipo, version: f.version, numero: f.numero }] : [];
        });
        return [{ type: 'ConsentimientosVerificados', data: { idPaciente, idCitas, firmas } }];
      }
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
