import type { Position } from '../eventstore/port.ts';
import { citaStream, type Cita, type EstadoCita } from '../events/cita.ts';
import { agendaStream } from '../events/agenda.ts';
import { errors } from '../platform/errors.ts';
import { withSeconds } from '../platform/agenda-time.ts';
import type { Actor } from './decider.ts';
import { commandContext, type CommandDeps } from './deps.ts';
import { handleCommand, type Step } from './handler.ts';
import { citaDecider, type Alcance } from './cita.ts';
import { agendaDecider } from './agenda.ts';

// Application services of appointments and blocked time. Every change of occupied time is one
// atomic append to the appointment's stream and the psychologist's agenda stream, with the
// revisions read: a concurrent booking of the same slot fails its expectation, is decided again
// on the new agenda and answers 409.

/** Default length of an appointment: the spec's listing shape shows 50 minutes. */
export const DURACION_POR_DEFECTO = 50;

export interface NuevaCita {
  idPsicologo: number;
  startDatetime: string;
  durationMinutes?: number;
  motivo?: string | null;
}

export interface CambiosCita {
  startDatetime?: string;
  durationMinutes?: number;
  motivo?: string | null;
}

export interface NuevoBloqueo {
  fecha: string;
  horaInicio?: string | null;
  horaFin?: string | null;
  motivo: string;
}

/** A reason left blank is no reason. */
const limpio = (motivo: string | null | undefined) => (motivo?.trim() ? motivo.trim() : null);

const citaStep = (idCita: number, command: Step['command']): Step => ({ streamId: citaStream(idCita), decider: citaDecider, command });
const agendaStep = (idPsicologo: number, command: Step['command']): Step => ({ streamId: agendaStream(idPsicologo), decider: agendaDecider, command });

/** The appointment as its stream says now (not the read model, which may lag). 404 when it does not exist. */
async function loadCita(deps: CommandDeps, idCita: number): Promise<Extract<Cita, { status: 'existente' }>> {
  const history = await deps.store.readStream(citaStream(idCita));
  const state = history.reduce((s, e) => citaDecider.evolve(s, e as never), citaDecider.initialState());
  if (state.status === 'nueva') throw errors.notFound('Cita', 'Appointment');
  return state;
}

export async function reservarCita(deps: CommandDeps, actor: Actor, idPaciente: number, input: NuevaCita): Promise<{ idCita: number; position: Position | null }> {
  const psicologo = await deps.knex('psicologos').where({ id_psicologo: input.idPsicologo }).first('id_psicologo');
  if (!psicologo) throw errors.invalid('El psicólogo indicado no existe', 'The given psychologist does not exist');
  const idCita = await deps.ids('cita');
  const hueco = {
    idPsicologo: input.idPsicologo, idCita, startDatetime: withSeconds(input.startDatetime),
    durationMinutes: input.durationMinutes ?? DURACION_POR_DEFECTO,
  };
  const r = await handleCommand(deps.store, [
    citaStep(idCita, { type: 'CrearCita', data: { ...hueco, idPaciente, motivo: limpio(input.motivo) } }),
    agendaStep(input.idPsicologo, { type: 'ReservarHueco', data: hueco }),
  ], commandContext(deps, actor));
  return { idCita, position: r.position };
}

/** A patient moves their appointment or corrects its reason; a new time is checked against the agenda again. */
export async function reprogramarCita(deps: CommandDeps, actor: Actor, idCita: number, alcance: Alcance, cambios: CambiosCita) {
  const cita = await loadCita(deps, idCita);
  const startDatetime = cambios.startDatetime !== undefined ? withSeconds(cambios.startDatetime) : cita.startDatetime;
  const durationMinutes = cambios.durationMinutes ?? cita.durationMinutes;
  const motivo = cambios.motivo !== undefined ? limpio(cambios.motivo) : cita.motivo;
  return handleCommand(deps.store, [
    citaStep(idCita, { type: 'ReprogramarCita', data: { alcance, startDatetime, durationMinutes, motivo } }),
    agendaStep(cita.idPsicologo, { type: 'MoverHueco', data: { idPsicologo: cita.idPsicologo, idCita, startDatetime, durationMinutes } }),
  ], commandContext(deps, actor));
}

/** Cancellation frees the slot in the same append. */
export async function cancelarCita(deps: CommandDeps, actor: Actor, idCita: number, alcance: Alcance, por: 'PACIENTE' | 'PSICOLOGO' | 'ADMIN') {
  const cita = await loadCita(deps, idCita);
  return handleCommand(deps.store, [
    citaStep(idCita, { type: 'CancelarCita', data: { alcance, por } }),
    agendaStep(cita.idPsicologo, { type: 'LiberarHueco', data: { idPsicologo: cita.idPsicologo, idCita } }),
  ], commandContext(deps, actor));
}

/** The psychologist confirms, cancels or completes one of their appointments. */
export async function cambiarEstadoCita(deps: CommandDeps, actor: Actor, idCita: number, idPsicologo: number, estado: EstadoCita) {
  if (estado === 'CANCELADA') return cancelarCita(deps, actor, idCita, { idPsicologo }, 'PSICOLOGO');
  return handleCommand(deps.store, [citaStep(idCita, { type: 'CambiarEstadoCita', data: { alcance: { idPsicologo }, estado } })], commandContext(deps, actor));
}

export async function crearBloqueo(deps: CommandDeps, actor: Actor, idPsicologo: number, input: NuevoBloqueo) {
  const idBloqueo = await deps.ids('bloqueo');
  const data = {
    idPsicologo, idBloqueo, fecha: input.fecha, horaInicio: input.horaInicio ?? null, horaFin: input.horaFin ?? null, motivo: input.motivo.trim(),
  };
  const r = await handleCommand(deps.store, [agendaStep(idPsicologo, { type: 'CrearBloqueo', data })], commandContext(deps, actor));
  return { idBloqueo, position: r.position };
}

/** A block of another psychologist is not in this agenda: 404. */
export async function eliminarBloqueo(deps: CommandDeps, actor: Actor, idPsicologo: number, idBloqueo: number) {
  return handleCommand(deps.store, [agendaStep(idPsicologo, { type: 'EliminarBloqueo', data: { idPsicologo, idBloqueo } })], commandContext(deps, actor));
}
