// Facts folded from an aggregate's own stream: the source of truth, whatever the read models' lag.
import type { EventStore } from '../eventstore/port.ts';
import { evolvePaciente, pacienteStream, type Paciente, type PacienteEvent } from '../events/paciente.ts';
import { evolvePsicologo, psicologoStream, type Psicologo, type PsicologoEvent } from '../events/psicologo.ts';
import { evolveUsuario, usuarioStream, type Usuario, type UsuarioEvent, type UsuarioRegistrado } from '../events/usuario.ts';

export async function foldStream<S, E>(store: EventStore, streamId: string, initial: S, evolve: (s: S, e: E) => S): Promise<S> {
  let state = initial;
  for (const e of await store.readStream(streamId)) state = evolve(state, e as never);
  return state;
}

export const usuarioDe = (store: EventStore, idUsuario: number) =>
  foldStream<Usuario, UsuarioEvent>(store, usuarioStream(idUsuario), { status: 'nuevo' }, evolveUsuario);

export const pacienteDe = (store: EventStore, idPaciente: number) =>
  foldStream<Paciente, PacienteEvent>(store, pacienteStream(idPaciente), { status: 'nuevo' }, evolvePaciente);

export const psicologoDe = (store: EventStore, idPsicologo: number) =>
  foldStream<Psicologo, PsicologoEvent>(store, psicologoStream(idPsicologo), { status: 'nuevo' }, evolvePsicologo);

/** A patient as the read side lists them: registered, not erased (dados de baja included). */
export function pacienteVigente(p: Paciente): p is Exclude<Paciente, { status: 'nuevo' }> {
  return p.status === 'activo' || p.status === 'baja';
}

/** Whether the psychologist's profile exists (registered, not deleted). */
export const psicologoExiste = async (store: EventStore, idPsicologo: number) => (await psicologoDe(store, idPsicologo)).status === 'activo';

/** The patient is registered, not erased, and assigned to this psychologist, whose profile exists. */
export async function esPacienteDe(store: EventStore, idPaciente: number, idPsicologo: number): Promise<boolean> {
  const p = await pacienteDe(store, idPaciente);
  return pacienteVigente(p) && p.idPsicologo === idPsicologo && (await psicologoExiste(store, idPsicologo));
}

/** The user's registration as stored (personal fields opened; null once their key is destroyed). */
export async function registroDeUsuario(store: EventStore, idUsuario: number): Promise<UsuarioRegistrado['data'] | null> {
  const first = (await store.readStream(usuarioStream(idUsuario))).find((e) => e.type === 'UsuarioRegistrado');
  return first ? (first.data as unknown as UsuarioRegistrado['data']) : null;
}
