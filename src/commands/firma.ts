import { errors } from '../platform/errors.ts';
import { HUELLA_ADENDA_VERSION, huellaAdenda } from '../platform/audit/huella-adenda.ts';
import { localDateTime } from '../platform/time.ts';
import type { AdendaData, EstadoFirma, FirmaData, TipoAdenda } from '../events/firma.ts';
import type { CommandContext } from './decider.ts';

// The rules that signed sessions and clinical-history entries share (Part 11 §11.200: a signature
// is a deliberate act of the record's author; §11.10(e): a signed record is never changed in place,
// only amended). The deciders of each record call these.

/** A record's author asks to sign it, having re-entered their password. `huella`: its stored events' digest. */
export interface FirmarData {
  idPsicologo: number;
  huella: string;
}

export interface AdendaInput {
  idPsicologo: number;
  tipo: TipoAdenda;
  texto: string;
}

/** The command: the input and the key of its huella, drawn by the application service (deciders draw nothing). */
export type AdendaCommand = AdendaInput & { claveHuella: string };

export const registroFirmado = () => errors.conflict(
  'El registro está firmado: no se puede eliminar ni corregir; añada una adenda',
  'The record is signed: it cannot be deleted or corrected; add an addendum',
);

const yaFirmado = () => errors.conflict('El registro ya está firmado', 'The record is already signed');

export const autoriaPaciente = () => errors.conflict(
  'El registro lo escribió el paciente: solo se firman los registros del psicólogo',
  'The patient wrote this record: only the psychologist\'s records are signed',
);

export const otroAutor = () => errors.conflict(
  'Solo el psicólogo que escribió el registro puede firmarlo',
  'Only the psychologist who wrote the record may sign it',
);

const sinFirma = () => errors.conflict(
  'Solo un registro firmado admite adendas: fírmelo antes',
  'Only a signed record takes addenda: sign it first',
);

const otroFirmante = () => errors.conflict(
  'Solo el psicólogo que firmó el registro puede añadirle adendas',
  'Only the psychologist who signed the record may add addenda to it',
);

const anulado = () => errors.conflict('El registro está anulado: no admite más adendas', 'The record is annulled: it takes no further addenda');

/** Refuses any change but an addendum to a signed record (a delete, a correction). */
export function noFirmado(firma: EstadoFirma): void {
  if (firma.huella !== null) throw registroFirmado();
}

/** The signature's data, once the caller's authorship was checked by the record's decider. */
export function firmar(firma: EstadoFirma, idPaciente: number, d: FirmarData, ctx: CommandContext): FirmaData {
  if (firma.huella !== null) throw yaFirmado();
  return { idPaciente, idPsicologo: d.idPsicologo, firmadoEn: localDateTime(ctx.now, ctx.timezone), significado: 'AUTOR', huella: d.huella };
}

/** An addendum to a signed record, by its signer; none after an ANULACION. */
export function adenda(firma: EstadoFirma, idPaciente: number, d: AdendaCommand, ctx: CommandContext): AdendaData {
  if (firma.huella === null) throw sinFirma();
  if (firma.firmadoPor !== d.idPsicologo) throw otroFirmante();
  if (firma.anulado) throw anulado();
  // Kept as typed (the schema refuses a blank one): the signature covers exactly what the signer sent.
  const texto = d.texto;
  const referencia = firma.huella;
  return {
    idPaciente, idPsicologo: d.idPsicologo, tipo: d.tipo, texto, firmadoEn: localDateTime(ctx.now, ctx.timezone), referencia,
    // Keyed (version 2): the huella is stored in the clear, its key sealed with the texto and shredded with it.
    huella: huellaAdenda(d.claveHuella, { tipo: d.tipo, texto, referencia }), huellaVersion: HUELLA_ADENDA_VERSION, claveHuella: d.claveHuella,
  };
}
