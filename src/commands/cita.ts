import type { Alcance } from '../events/cita.ts';
import { checkHorizon, type CommandContext, type Decider } from './decider.ts';
import { errors } from '../platform/errors.ts';
import { tramoCita } from '../platform/agenda-time.ts';
import { evolveCita, type CausaCancelacion, type Cita, type CitaEvent, type EstadoCita, type QuienCancela } from '../events/cita.ts';

/** Whose view the command acts in: a record outside it is 404, exactly as if it did not exist. */
export type { Alcance } from '../events/cita.ts';

export const MAX_DURACION_MINUTOS = 600;

export type CitaCommand =
  | {
      type: 'CrearCita';
      data: {
        idCita: number; idPaciente: number; idPsicologo: number; startDatetime: string; durationMinutes: number; motivo: string | null;
        idSerie?: number; ocurrencia?: number;
      };
    }
  /** The whole new time and motivo (the service merges the request with the appointment). */
  | { type: 'ReprogramarCita'; data: { alcance: Alcance; startDatetime: string; durationMinutes: number; motivo: string | null } }
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
  return [{
    type: 'CitaReprogramada',
    data: { ...ref, startDatetime: c.startDatetime, durationMinutes: c.durationMinutes, motivo: c.motivo, anteriorStartDatetime: cita.startDatetime, endDatetime },
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
        return [{ type: 'CitaCreada', data: { ...command.data, endDatetime } }];
      }
      case 'ReprogramarCita':
        return reprogramar(command.data, state, ctx);
      case 'CancelarCita':
        return cancelar(visible(state, command.data.alcance), command.data.por, command.data.causa);
      case 'CambiarEstadoCita':
        return cambiarEstado(visible(state, command.data.alcance), command.data.estado);
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
