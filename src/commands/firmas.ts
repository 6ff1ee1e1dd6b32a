// Application services of signed clinical records: signing a session or a clinical-history entry,
// and adding signed addenda. The caller's password was checked by the transport (re-authentication);
// who may act for which patient is checked against the read models by the routes, and again from
// the record's own stream by the deciders.
import { asStored, type EventStore, type ExpectedRevision } from '../eventstore/port.ts';
import { sesionStream } from '../events/sesion.ts';
import { historialStream } from '../events/historial.ts';
import { leafHashOf, recordDigest } from '../platform/audit/leaf.ts';
import { nuevaClaveHuella } from '../platform/audit/huella-adenda.ts';
import type { Actor } from './decider.ts';
import { commandContext, type CommandDeps } from './deps.ts';
import { handleCommand, type Handled } from './handler.ts';
import { sesionDecider } from './sesion.ts';
import { historialDecider } from './historial.ts';
import type { AdendaInput } from './firma.ts';

interface Digest {
  /** recordDigest over the leaf hashes of every stored event, in revision order. */
  huella: string;
  /** The revision the digest was computed at: the signature is appended there or not at all. */
  expected: ExpectedRevision;
  /** The user who wrote the record's first event (its metadata is never sealed). */
  creadoPor: number | null;
}

/** The record's stream as stored (sealed): its digest, and the revision read. */
export async function storedDigest(store: EventStore, streamId: string): Promise<Digest> {
  const stored = await asStored(store, streamId);
  return {
    huella: recordDigest(stored.map((e) => leafHashOf(e))),
    expected: stored.length ? stored[stored.length - 1].revision : 'noStream',
    creadoPor: stored[0]?.metadata.actor?.idUsuario ?? null,
  };
}

export function firmarSesion(deps: CommandDeps, actor: Actor, idPsicologo: number, idSesion: number): Promise<Handled> {
  const streamId = sesionStream(idSesion);
  // A plan: read again on every attempt, so a conflict is decided over a fresh digest.
  return handleCommand(deps.store, async () => {
    const { huella, expected } = await storedDigest(deps.store, streamId);
    return [{ streamId, decider: sesionDecider, command: { type: 'FirmarSesion', data: { idPsicologo, huella } }, expected }];
  }, commandContext(deps, actor));
}

export function adendaSesion(deps: CommandDeps, actor: Actor, idSesion: number, input: AdendaInput): Promise<Handled> {
  return handleCommand(
    deps.store,
    [{ streamId: sesionStream(idSesion), decider: sesionDecider, command: { type: 'AgregarAdendaSesion', data: { ...input, claveHuella: nuevaClaveHuella() } } }],
    commandContext(deps, actor),
  );
}

export function firmarHistorial(deps: CommandDeps, actor: Actor & { idUsuario: number }, idPsicologo: number, idHistory: number, idPaciente: number): Promise<Handled> {
  const streamId = historialStream(idHistory);
  return handleCommand(deps.store, async () => {
    const { huella, expected, creadoPor } = await storedDigest(deps.store, streamId);
    const data = { idPsicologo, huella, idPaciente, idUsuario: actor.idUsuario, creadoPor };
    return [{ streamId, decider: historialDecider, command: { type: 'FirmarHistorial', data }, expected }];
  }, commandContext(deps, actor));
}

export function adendaHistorial(deps: CommandDeps, actor: Actor, idHistory: number, idPaciente: number, input: AdendaInput): Promise<Handled> {
  return handleCommand(
    deps.store,
    [{ streamId: historialStream(idHistory), decider: historialDecider, command: { type: 'AgregarAdendaHistorial', data: { ...input, idPaciente, claveHuella: nuevaClaveHuella() } } }],
    commandContext(deps, actor),
  );
}
