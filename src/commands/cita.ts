import type { Alcance } from '../events/cita.ts';
import { checkHorizon, type CommandContext, type Decider } from './decider.ts';
import { errors } from '../platform/errors.ts';
import { tramoCita } from '../platform/agenda-time.ts';
import {
  evolveCita, type CausaCancelacion, type Cita, type CitaEvent, type EstadoCita, type Modalidad, type QuienCancela,
} from '../events/cita.ts';

/** Whose view the command acts in: a record outside it is 404, exactly as if it did not exist. */
export type { Alcance } from '../events/cita.ts';

export const MAX_DURACION_MINUTOS = 600;

export type CitaCommand =
  | {
      type: 'CrearCita';
      data: {
        idCita: number; idPaciente: number; idPsicologo: number; startDatetime: string; durationMinutes: number; motivo: string | null;
        idSerie?: number; ocurrencia?: number; modalidad?: Modalidad; sala?: string;
      };
    }
  /**
   * The whole new time and motivo (the service merges the request with the appointment).
   * `salaNueva`: a freshly drawn room name, taken only if an ONLINE appointment's time changes.
   */
  | { type: 'ReprogramarCita'; data: { alcance: Alcance; startDatetime: string; durationMinutes: number; motivo: string | null; salaNueva?: string } }
  /** The psychologist enters the room (checked against its window by the service): recorded once per room. */
  | { type: 'AbrirSala'; data: { alcance: Alcance; idUsuarioPaciente: number } }
  | { type: 'CancelarCita'; data: { alcance: Alcance; por: QuienCancela; causa?: CausaCancelacion } }
  | { type: 'CambiarEstadoCita'; data: { alcance: Alcance; estado: EstadoCita } };

type Existente = Extract<Cita, { status: 'existente' }>;

function visible(state: Cita, alcance: Alcance): Existente {
  if (state.status === 'nueva') throw errors.notFound('Cita', 'Appointment');
  if (alcance !== 'todas') {
    const mine = 'idPaciente' in alcance ? state.idPaciente === alcance.idPaciente : state.idPsicologo === alcance.idPsicologo;
    if (!mine) throw errors.notFound('Cita', 'Appointment');
  }
  return state;
}

/** The local end of a valid, future appointment (400 otherwise). */
function checkTime(startDatetime: string, durationMinutes: number, ctx: CommandContext): string {
  if (!Number.isInteger(durationMinutes) || durationMinutes <= 0 || durationMinutes > MAX_DURACION_MINUTOS) {
    throw errors.invalid(`durationMinutes debe estar entre 1 y ${MAX_DURACION_MINUTOS}`, `durationMinutes must be between 1 and ${MAX_DURACION_MINUTOS}`);
  }
  const t = tramoCita(startDatetime, durationMinutes, ctx.timezone);
  if (!t) {
    throw errors.invalid(
      'startDatetime no es una fecha y hora válida en la zona horaria de la consulta',
      'startDatetime is not a valid date and time in the practice\'s time zone',
    );
  }
  if (Date.parse(t.inicio) <= ctx.now.getTime()) {
    throw errors.invalid('La cita no puede estar en el pasado', 'The appointment cannot be in the past');
  }
  checkHorizon('startDatetime', Date.parse(t.inicio), ctx);
  return t.endDatetime;
}

/** The room name the service drew; an ONLINE appointment never goes without one. */
function salaNueva(sala: string | undefined): string {
  if (!sala) throw new Error('an ONLINE appointment needs a room name drawn by the service');
  return sala;
}

/** Recorded the first time the psychologist opens the current room of an open ONLINE appointment. */
function abrirSala(cita: Existente, idUsuarioPaciente: number): CitaEvent[] {
  if (cita.modalidad !== 'ONLINE' || cita.sala === null || cita.salaAbierta === cita.sala) return [];
  if (cita.estado !== 'PENDIENTE' && cita.estado !== 'CONFIRMADA') return [];
  const ref = { idCita: cita.idCita, idPaciente: cita.idPaciente, idPsicologo: cita.idPsicologo };
  return [{ type: 'SalaCitaAbierta', data: { ...ref, sala: cita.sala, idUsuarioPaciente } }];
}

const conflicto = (estado: EstadoCita, destino: string) =>
  errors.conflict(`Una cita ${estado} no puede pasar a ${destino}`, `An appointment in state ${estado} cannot become ${destino}`);

function reprogramar(c: Extract<CitaCommand, { type: 'ReprogramarCita' }>['data'], state: Cita, ctx: CommandContext): CitaEvent[] {
  const cita = visible(state, c.alcance);
  if (cita.estado !== 'PENDIENTE' && cita.estado !== 'CONFIRMADA') {
    throw errors.conflict(`Una cita ${cita.estado} no se puede modificar`, `An appointment in state ${cita.estado} cannot be changed`);
  }
  const moves = c.startDatetime !== cita.startDatetime || c.durationMinutes !== cita.durationMinutes;
  if (!moves && c.motivo === cita.motivo) return [];
  // Only a new time must be in the future; the reason of a kept time may be corrected.
  const endDatetime = moves
    ? checkTime(c.startDatetime, c.durationMinutes, ctx)
    : tramoCita(cita.startDatetime, cita.durationMinutes, ctx.timezone)?.endDatetime;
  const ref = { idCita: cita.idCita, idPaciente: cita.idPaciente, idPsicologo: cita.idPsicologo };
  // A new schedule, a new room: Jitsi cannot revoke a token, so the old ones must name a room this appointment no longer uses.
  const sala = moves && cita.modalidad === 'ONLINE' ? { sala: salaNueva(c.salaNueva) } : {};
  return [{
    type: 'CitaReprogramada',
    data: { ...ref, startDatetime: c.startDatetime, durationMinutes: c.durationMinutes, motivo: c.motivo, anteriorStartDatetime: cita.startDatetime, endDatetime, ...sala },
  }];
}

function cancelar(cita: Existente, por: QuienCancela, causa?: CausaCancelacion): CitaEvent[] {
  if (cita.estado === 'CANCELADA' || cita.estado === 'COMPLETADA') throw conflicto(cita.estado, 'CANCELADA');
  const ref = { idCita: cita.idCita, idPaciente: cita.idPaciente, idPsicologo: cita.idPsicologo };
  return [{ type: 'CitaCancelada', data: { ...ref, startDatetime: cita.startDatetime, canceladaPor: por, ...(causa ? { causa } : {}) } }];
}

/** The psychologist's moves: PENDIENTE→CONFIRMADA, PENDIENTE|CONFIRMADA→CANCELADA, CONFIRMADA→COMPLETADA. */
function cambiarEstado(cita: Existente, estado: EstadoCita): CitaEvent[] {
  const ref = { idCita: cita.idCita, idPaciente: cita.idPaciente, idPsicologo: cita.idPsicologo };
  if (estado === 'CANCELADA') return cancelar(cita, 'PSICOLOGO');
  if (estado === 'CONFIRMADA' && cita.estado === 'PENDIENTE') return [{ type: 'CitaConfirmada', data: ref }];
  if (estado === 'COMPLETADA' && cita.estado === 'CONFIRMADA') return [{ type: 'CitaCompletada', data: ref }];
  throw conflicto(cita.estado, estado);
}

/** An appointment (`cita-<id>`): its time, reason and state. Agenda conflicts: src/commands/agenda.ts. */
export const citaDecider: Decider<Cita, CitaCommand, CitaEvent> = {
  initialState: () => ({ status: 'nueva' }),
  evolve: evolveCita,
  decide(command, state, ctx) {
    switch (command.type) {
      case 'CrearCita': {
        if (state.status !== 'nueva') throw errors.conflict('La cita ya existe', 'The appointment already exists');
        const endDatetime = checkTime(command.data.startDatetime, command.data.durationMinutes, ctx);
        const { modalidad, sala, ...data } = command.data;
        const online = modalidad === 'ONLINE' ? { modalidad, sala: salaNueva(sala) } : {};
        return [{ type: 'CitaCreada', data: { ...data, endDatetime, ...online } }];
      }
      case 'ReprogramarCita':
        return reprogramar(command.data, state, ctx);
      case 'CancelarCita':
        return cancelar(visible(state, command.data.alcance), command.data.por, command.data.causa);
      case 'CambiarEstadoCita':
        return cambiarEstado(visible(state, command.data.alcance), command.data.estado);
      case 'AbrirSala':
        return abrirSala(visible(state, command.data.alcance), command.data.idUsuarioPaciente);
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
