// Application services of the outcome measures (docs/care.md "Outcome measures"). The routes check
// who may act on which patient or assignment against the read models; the decider checks the
// assignment's own state (src/commands/cuestionario.ts).
import { cuestionarioStream, type Pauta } from '../events/cuestionario.ts';
import type { Instrumento } from '../events/instrumentos.ts';
import type { Actor } from './decider.ts';
import { commandContext, type CommandDeps } from './deps.ts';
import { handleCommand, type Step } from './handler.ts';
import { cuestionarioDecider, type CuestionarioCommand } from './cuestionario.ts';
import type { Created } from './clinico.ts';

const step = (idAsignacion: number, command: CuestionarioCommand, fresh = false): Step =>
  ({ streamId: cuestionarioStream(idAsignacion), decider: cuestionarioDecider, command, fresh });

const run = (deps: CommandDeps, actor: Actor, s: Step) => handleCommand(deps.store, [s], commandContext(deps, actor));

export async function asignarCuestionario(
  deps: CommandDeps, actor: Actor, a: { idPaciente: number; idPsicologo: number; instrumento: string; pauta: Pauta },
): Promise<Created> {
  const idAsignacion = await deps.ids('asignacion_cuestionario');
  const idSolicitud = await deps.ids('solicitud_cuestionario');
  const r = await run(deps, actor, step(idAsignacion, { type: 'AsignarCuestionario', data: { ...a, idAsignacion, idSolicitud } }, true));
  return { id: idAsignacion, position: r.position, events: r.events };
}

/** A request the schedule calls for (the worker's); nothing when the assignment ended or it is no longer due (see the command). */
export async function solicitarCuestionario(deps: CommandDeps, idAsignacion: number, cuando: { idCita: number | null; siAnteriorHasta: string | null }) {
  const idSolicitud = await deps.ids('solicitud_cuestionario');
  return run(deps, { idUsuario: null, rol: 'SYSTEM' }, step(idAsignacion, { type: 'SolicitarCuestionario', data: { idSolicitud, ...cuando } }));
}

export async function responderCuestionario(
  deps: CommandDeps, actor: Actor,
  r: { idAsignacion: number; idSolicitud: number; idPaciente: number; instrumento: Instrumento; respuestas: Record<string, number> },
): Promise<Created> {
  const idRespuesta = await deps.ids('respuesta_cuestionario');
  const { idAsignacion, ...data } = r;
  const h = await run(deps, actor, step(idAsignacion, { type: 'ResponderCuestionario', data: { ...data, idRespuesta } }));
  return { id: idRespuesta, position: h.position, events: h.events };
}

export function reconocerAlerta(deps: CommandDeps, actor: Actor & { idUsuario: number }, a: { idAsignacion: number; idRespuesta: number; idPsicologo: number }) {
  return run(deps, actor, step(a.idAsignacion, { type: 'ReconocerAlerta', data: { idPsicologo: a.idPsicologo, idRespuesta: a.idRespuesta, idUsuario: actor.idUsuario } }));
}

export function finalizarAsignacion(deps: CommandDeps, actor: Actor, idAsignacion: number, idPsicologo: number) {
  return run(deps, actor, step(idAsignacion, { type: 'FinalizarAsignacion', data: { idPsicologo } }));
}
