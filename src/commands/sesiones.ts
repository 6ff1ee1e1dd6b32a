import type { DomainEvent } from '../events/domain-event.ts';
// Application services of the sessions area.
import type { EventStore, Position } from '../eventstore/port.ts';
import { citaStream, evolveCita, type Cita, type CitaEvent } from '../events/cita.ts';
import { sesionStream } from '../events/sesion.ts';
import { errors } from '../platform/errors.ts';
import type { Actor } from './decider.ts';
import { commandContext, type CommandDeps } from './deps.ts';
import { handleCommand } from './handler.ts';
import { esPacienteDe } from './streams.ts';
import { sesionDecider, type Autor } from './sesion.ts';

export interface SesionInput {
  idCita: number;
  sessionDate: string;
  durationMinutes: number;
  notas?: string | null;
  recomendaciones?: string | null;
}

/** The appointment as its own stream tells it: the source of truth, whatever the read models' lag. */
export async function citaState(store: EventStore, idCita: number): Promise<Cita> {
  const history = await store.readStream(citaStream(idCita));
  return history.reduce((s, e) => evolveCita(s, e as unknown as CitaEvent), { status: 'nueva' } as Cita);
}

/** Records a session for one of the author's appointments; ids and owners come from the appointment. */
export async function registrarSesion(deps: CommandDeps, actor: Actor, autor: Autor, input: SesionInput): Promise<{ idSesion: number; position: Position | null; events: DomainEvent[] }> {
  // Another psychologist's patient reads exactly like a patient that does not exist (400, as the spec lists).
  // Decided on the patient's and the psychologist's own streams, not on a read model that may lag.
  if (autor.rol === 'PSICOLOGO' && !(await esPacienteDe(deps.store, autor.idPaciente, autor.idPsicologo))) {
    throw errors.invalid('No existe el paciente indicado (idPaciente)', 'The given patient does not exist (idPaciente)');
  }
  const cita = await citaState(deps.store, input.idCita);
  const idSesion = await deps.ids('sesion');
  const r = await handleCommand(
    deps.store,
    [{
      streamId: sesionStream(idSesion),
      decider: sesionDecider,
      command: {
        type: 'RegistrarSesion',
        data: {
          idSesion, idCita: input.idCita, sessionDate: input.sessionDate, durationMinutes: input.durationMinutes,
          notas: input.notas ?? null, recomendaciones: input.recomendaciones ?? null, autor, cita,
        },
      },
    }],
    commandContext(deps, actor),
  );
  return { idSesion, position: r.position, events: r.events };
}

/** Removes one of the patient's own session records; anyone else's reads as not found. */
export async function eliminarSesion(deps: CommandDeps, actor: Actor, idPaciente: number, idSesion: number) {
  return handleCommand(
    deps.store,
    [{ streamId: sesionStream(idSesion), decider: sesionDecider, command: { type: 'EliminarSesion', data: { idPaciente } } }],
    commandContext(deps, actor),
  );
}
