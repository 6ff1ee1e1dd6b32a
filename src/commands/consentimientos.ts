// Application services of informed consent (docs/care.md "3. Informed consent"). The patient's
// password was checked by the transport (re-authentication); the patient is the caller's own.
import { lastEvents } from '../eventstore/port.ts';
import {
  consentimientosPacienteStream, documentoConsentimientoStream, evolveDocumento, evolveRequeridos, REQUERIDOS_STREAM, TIPOS_CONSENTIMIENTO,
  type DocumentoConsentimiento, type DocumentoConsentimientoEvent, type RequeridosEvent, type TipoConsentimiento,
} from '../events/consentimiento.ts';
import type { Actor } from './decider.ts';
import { commandContext, type CommandDeps } from './deps.ts';
import { handleCommand, type Handled, type Step } from './handler.ts';
import { consentimientoDecider, documentoDecider, requeridosDecider, type Exigido } from './consentimiento.ts';

/** The current version of each type, from each type's last event (its stream is never read whole). */
async function actuales(deps: CommandDeps, tipos: readonly TipoConsentimiento[]): Promise<DocumentoConsentimiento[]> {
  const last = await lastEvents(deps.store, tipos.map(documentoConsentimientoStream));
  return last.map((e) => (e ? evolveDocumento(null, e as unknown as DocumentoConsentimientoEvent) : null));
}

export function publicarDocumento(deps: CommandDeps, actor: Actor, input: { tipo: TipoConsentimiento; titulo: string; cuerpo: string }): Promise<Handled> {
  return handleCommand(deps.store, [
    { streamId: documentoConsentimientoStream(input.tipo), decider: documentoDecider, command: { type: 'PublicarDocumento', data: input } },
  ], commandContext(deps, actor));
}

export function fijarRequeridos(deps: CommandDeps, actor: Actor, tipos: TipoConsentimiento[]): Promise<Handled> {
  return handleCommand(deps.store, async () => {
    const docs = await actuales(deps, TIPOS_CONSENTIMIENTO);
    const publicados = TIPOS_CONSENTIMIENTO.filter((_, i) => docs[i] !== null);
    return [{ streamId: REQUERIDOS_STREAM, decider: requeridosDecider, command: { type: 'FijarRequeridos', data: { tipos, publicados } } }];
  }, commandContext(deps, actor));
}

/** The required types as their stream's events say ([] when never set: nothing required). */
export const requeridosDe = (events: readonly unknown[]): TipoConsentimiento[] =>
  events.reduce<TipoConsentimiento[]>((s, e) => evolveRequeridos(s, e as RequeridosEvent), []);

/** The required types as their stream says now. */
export async function requeridos(deps: CommandDeps): Promise<TipoConsentimiento[]> {
  return requeridosDe(await deps.store.readStream(REQUERIDOS_STREAM));
}

/**
 * A signature of the type's current version. The version is read again on every attempt; a
 * publication committed after that read is ordered after the signature (which then names the
 * previous version, and the next booking asks for the new one).
 */
export function firmarConsentimiento(deps: CommandDeps, actor: Actor, idPaciente: number, tipo: TipoConsentimiento, version: number): Promise<Handled> {
  return handleCommand(deps.store, async () => {
    const [actual] = await actuales(deps, [tipo]);
    const data = { idPaciente, tipo, version, significado: 'ACEPTA' as const, actual };
    return [{ streamId: consentimientosPacienteStream(idPaciente), decider: consentimientoDecider, command: { type: 'FirmarConsentimiento', data } }];
  }, commandContext(deps, actor));
}

export function retirarConsentimiento(deps: CommandDeps, actor: Actor, idPaciente: number, tipo: TipoConsentimiento, motivo: string | null): Promise<Handled> {
  return handleCommand(deps.store, [
    { streamId: consentimientosPacienteStream(idPaciente), decider: consentimientoDecider, command: { type: 'RetirarConsentimiento', data: { idPaciente, tipo, motivo } } },
  ], commandContext(deps, actor));
}

/**
 * The booking guard: the step a booking of `idCitas` for the patient adds to its own append, on
 * the patient's consent stream, when any consent is required; none otherwise (the default: the
 * booking is exactly what it was). The step checks the current versions of the required types
 * against the patient's signatures and records the check, so that a withdrawal racing the booking
 * meets it on one stream: one of the two is decided after the other (a retried booking is then
 * refused). ONLINE (`modalidad`; absent: PRESENCIAL) concerns ONLINE bookings only: required of them
 * when the practice requires it, else refused only to a patient who withdrew it.
 */
export async function pasosConsentimiento(
  deps: CommandDeps, idPaciente: number, idCitas: number[], modalidad?: 'PRESENCIAL' | 'ONLINE',
  /** The required types, when the caller read their stream with its own (a round trip less). */
  leidos?: TipoConsentimiento[],
): Promise<Step[]> {
  const online = modalidad === 'ONLINE';
  const tipos = (leidos ?? (await requeridos(deps))).filter((t) => t !== 'ONLINE' || online);
  const siRetirado = online && !tipos.includes('ONLINE');
  if (tipos.length === 0 && !siRetirado) return [];
  const todos: TipoConsentimiento[] = siRetirado ? [...tipos, 'ONLINE'] : tipos;
  const docs = await actuales(deps, todos);
  // A required type is never unpublished (fijarRequeridos refuses it); were it so, there is nothing to sign.
  const exigidos: Exigido[] = todos.flatMap((tipo, i) => {
    const d = docs[i];
    return d ? [{ tipo, version: d.version, titulo: d.titulo, ...(siRetirado && tipo === 'ONLINE' ? { siRetirado } : {}) }] : [];
  });
  if (exigidos.length === 0) return [];
  return [{
    streamId: consentimientosPacienteStream(idPaciente), decider: consentimientoDecider,
    command: { type: 'VerificarConsentimientos', data: { idPaciente, idCitas, exigidos } },
  }];
}
