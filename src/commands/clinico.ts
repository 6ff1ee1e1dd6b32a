import type { DomainEvent } from '../events/domain-event.ts';
// Application services of the clinical record: clinical history, emotional diary, emotional progress.
// Who may act for which patient is checked by the routes against the read models (a record outside
// the caller's scope is 404); the deciders check the record's own state (exists, whose, which author).
import type { Position } from '../eventstore/port.ts';
import { historialStream, type Autoria, type HistorialCampos } from '../events/historial.ts';
import { diarioStream } from '../events/diario.ts';
import { progresoStream, type ProgresoNiveles } from '../events/progreso.ts';
import type { Actor } from './decider.ts';
import { commandContext, type CommandDeps } from './deps.ts';
import { handleCommand, type Step } from './handler.ts';
import { historialDecider } from './historial.ts';
import { diarioDecider, type DiarioCampos } from './diario.ts';
import { progresoDecider } from './progreso.ts';

export interface Created {
  id: number;
  position: Position | null;
  /** The decided events (responses are built from them, not read back). */
  events: DomainEvent[];
}

async function run(deps: CommandDeps, actor: Actor, step: Step) {
  return handleCommand(deps.store, [step], commandContext(deps, actor));
}

export async function crearHistorial(deps: CommandDeps, actor: Actor, idPaciente: number, autoria: Autoria, campos: HistorialCampos): Promise<Created> {
  const idHistory = await deps.ids('historial');
  const r = await run(deps, actor, {
    streamId: historialStream(idHistory), decider: historialDecider, fresh: true,
    command: { type: 'CrearHistorial', data: { ...campos, idHistory, idPaciente, autoria } },
  });
  return { id: idHistory, position: r.position, events: r.events };
}

export function corregirHistorial(deps: CommandDeps, actor: Actor, idHistory: number, idPaciente: number, por: Autoria, campos: HistorialCampos) {
  return run(deps, actor, {
    streamId: historialStream(idHistory), decider: historialDecider,
    command: { type: 'CorregirHistorial', data: { ...campos, idHistory, idPaciente, por } },
  });
}

export function eliminarHistorial(deps: CommandDeps, actor: Actor, idHistory: number, idPaciente: number, por: Autoria) {
  return run(deps, actor, {
    streamId: historialStream(idHistory), decider: historialDecider,
    command: { type: 'EliminarHistorial', data: { idHistory, idPaciente, por } },
  });
}

export async function registrarDiario(deps: CommandDeps, actor: Actor, idPaciente: number, campos: DiarioCampos): Promise<Created> {
  const idDiario = await deps.ids('diario');
  const r = await run(deps, actor, {
    streamId: diarioStream(idDiario), decider: diarioDecider, fresh: true,
    command: { type: 'RegistrarDiario', data: { ...campos, idDiario, idPaciente } },
  });
  return { id: idDiario, position: r.position, events: r.events };
}

export function eliminarDiario(deps: CommandDeps, actor: Actor, idDiario: number, idPaciente: number) {
  return run(deps, actor, { streamId: diarioStream(idDiario), decider: diarioDecider, command: { type: 'EliminarDiario', data: { idDiario, idPaciente } } });
}

export async function registrarProgreso(deps: CommandDeps, actor: Actor, idPaciente: number, fecha: string, niveles: ProgresoNiveles): Promise<Created> {
  const idProgress = await deps.ids('progreso');
  const r = await run(deps, actor, {
    streamId: progresoStream(idProgress), decider: progresoDecider, fresh: true,
    command: { type: 'RegistrarProgreso', data: { ...niveles, idProgress, idPaciente, fecha } },
  });
  return { id: idProgress, position: r.position, events: r.events };
}
