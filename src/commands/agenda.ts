import { checkHorizon, type CommandContext, type Decider } from './decider.ts';
import { errors } from '../platform/errors.ts';
import { overlaps, tramoBloqueo, tramoCita, type Tramo } from '../platform/agenda-time.ts';
import {
  evolveAgenda, evolveAgendaPaciente, evolveUbicacion, intervalo,
  type Agenda, type AgendaEvent, type AgendaPaciente, type AgendaPacienteEvent, type BloqueoUbicado, type Intervalo, type Ubicacion,
} from '../events/agenda.ts';

// Deciders of the agenda's day streams (src/events/agenda.ts). Each decides on ONE day's state:
// the service (src/commands/citas.ts) sends the same command to every day stream the span
// overlaps, in one atomic append, so each day judges the whole span against what it holds.

interface Hueco {
  idPsicologo: number;
  idCita: number;
  /** Local datetime of the practice's zone; the cita decider has already checked it. */
  startDatetime: string;
  durationMinutes: number;
}

export type AgendaCommand =
  | { type: 'ReservarHueco'; data: Hueco }
  /** Puts the slot at its new time on this day: moved if the day held it, reserved if not. */
  | { type: 'MoverHueco'; data: Hueco }
  | { type: 'LiberarHueco'; data: { idPsicologo: number; idCita: number } }
  | {
      type: 'CrearBloqueo';
      data: { idPsicologo: number; idBloqueo: number; fecha: string; horaInicio: string | null; horaFin: string | null; motivo: string };
    }
  | { type: 'EliminarBloqueo'; data: { idPsicologo: number; idBloqueo: number } };

const ocupado = () => errors.conflict(
  'El psicólogo no está disponible en ese horario: se solapa con otra cita o con un bloqueo de la agenda',
  'The psychologist is not available at that time: it overlaps another appointment or blocked time',
);
const pacienteOcupado = () => errors.conflict(
  'Ya tiene otra cita que se solapa con ese horario (con este u otro psicólogo)',
  'You already have another appointment at an overlapping time (with this or another psychologist)',
);
const horaInexistente = () => errors.invalid(
  'Fecha u hora no válida en la zona horaria de la consulta (por ejemplo, la hora que se salta al cambiar al horario de verano)',
  'Invalid date or time in the practice\'s time zone (for example, the hour skipped when summer time starts)',
);

const ms = (t: Tramo): Intervalo => intervalo(t);

function choca(state: Agenda, span: Intervalo, exceptCita: number | null): boolean {
  if (state.status === 'vacia') return false;
  for (const [idCita, hueco] of state.huecos) if (idCita !== exceptCita && overlaps(span, hueco)) return true;
  for (const bloqueo of state.bloqueos.values()) if (overlaps(span, bloqueo)) return true;
  return false;
}

function tramo(h: { startDatetime: string; durationMinutes: number }, ctx: CommandContext): Tramo {
  const t = tramoCita(h.startDatetime, h.durationMinutes, ctx.timezone);
  if (!t) throw horaInexistente();
  return { inicio: t.inicio, fin: t.fin };
}

const same = (a: Intervalo | undefined, b: Intervalo) => a !== undefined && a.inicio === b.inicio && a.fin === b.fin;

function reservar(h: Hueco, state: Agenda, ctx: CommandContext, moving: boolean): AgendaEvent[] {
  const t = tramo(h, ctx);
  const span = ms(t);
  const current = state.status === 'abierta' ? state.huecos.get(h.idCita) : undefined;
  if (same(current, span)) return []; // nothing moves
  if (choca(state, span, h.idCita)) throw ocupado();
  const data = { idPsicologo: h.idPsicologo, idCita: h.idCita, ...t };
  return [moving && current ? { type: 'HuecoMovido', data } : { type: 'HuecoReservado', data }];
}

/** The event names when the freed time starts, so whoever is told of it needs no other read. */
function eliminarBloqueo(d: Extract<AgendaCommand, { type: 'EliminarBloqueo' }>['data'], state: Agenda): AgendaEvent[] {
  const bloqueo = state.status === 'abierta' ? state.bloqueos.get(d.idBloqueo) : undefined;
  if (!bloqueo) throw errors.notFound('Bloqueo', 'Blocked time');
  return [{ type: 'BloqueoEliminado', data: { ...d, inicio: new Date(bloqueo.inicio).toISOString() } }];
}

function crearBloqueo(d: Extract<AgendaCommand, { type: 'CrearBloqueo' }>['data'], state: Agenda, ctx: CommandContext): AgendaEvent[] {
  const diaCompleto = d.horaInicio === null && d.horaFin === null;
  if (!diaCompleto && (d.horaInicio === null || d.horaFin === null)) {
    throw errors.invalid('Indique horaInicio y horaFin, o ninguna para bloquear el día completo', 'Give both horaInicio and horaFin, or neither to block the whole day');
  }
  if (!diaCompleto && d.horaFin! <= d.horaInicio!) throw errors.invalid('horaFin debe ser posterior a horaInicio', 'horaFin must be after horaInicio');
  const t = tramoBloqueo(d.fecha, d.horaInicio, d.horaFin, ctx.timezone);
  if (!t) throw horaInexistente();
  const span = ms(t);
  if (span.fin <= ctx.now.getTime()) throw errors.invalid('El bloqueo no puede estar en el pasado', 'Blocked time cannot be in the past');
  checkHorizon('fecha', span.inicio, ctx);
  if (state.status === 'abierta' && state.bloqueos.has(d.idBloqueo)) return [];
  // Only appointments conflict: two blocks may overlap, the time is simply unavailable twice.
  if (state.status === 'abierta' && [...state.huecos.values()].some((h) => overlaps(span, h))) {
    throw errors.conflict('El bloqueo se solapa con una cita de la agenda', 'The blocked time overlaps an appointment');
  }
  const horas = diaCompleto ? { horaInicio: '00:00', horaFin: '23:59' } : { horaInicio: d.horaInicio!, horaFin: d.horaFin! };
  return [{ type: 'BloqueoCreado', data: { idPsicologo: d.idPsicologo, idBloqueo: d.idBloqueo, fecha: d.fecha, ...horas, diaCompleto, motivo: d.motivo, ...t } }];
}

/** One day of the psychologist's agenda: no two live appointments and no appointment and block overlap. */
export const agendaDecider: Decider<Agenda, AgendaCommand, AgendaEvent> = {
  initialState: () => ({ status: 'vacia' }),
  evolve: evolveAgenda,
  decide(command, state, ctx) {
    switch (command.type) {
      case 'ReservarHueco':
        return reservar(command.data, state, ctx, false);
      case 'MoverHueco':
        return reservar(command.data, state, ctx, true);
      case 'LiberarHueco':
        if (state.status === 'vacia' || !state.huecos.has(command.data.idCita)) return [];
        return [{ type: 'HuecoLiberado', data: command.data }];
      case 'CrearBloqueo':
        return crearBloqueo(command.data, state, ctx);
      case 'EliminarBloqueo':
        return eliminarBloqueo(command.data, state);
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};

interface Horario {
  idPaciente: number;
  idCita: number;
  startDatetime: string;
  durationMinutes: number;
}

export type AgendaPacienteCommand =
  | { type: 'ReservarHorario'; data: Horario }
  /** Puts the appointment at its new time on this day: moved if the day held it, reserved if not. */
  | { type: 'MoverHorario'; data: Horario }
  | { type: 'LiberarHorario'; data: { idPaciente: number; idCita: number } };

function reservarHorario(h: Horario, state: AgendaPaciente, ctx: CommandContext, moving: boolean): AgendaPacienteEvent[] {
  const t = tramo(h, ctx);
  const span = ms(t);
  const current = state.status === 'abierta' ? state.citas.get(h.idCita) : undefined;
  if (same(current, span)) return [];
  if (state.status === 'abierta') {
    for (const [idCita, otra] of state.citas) if (idCita !== h.idCita && overlaps(span, otra)) throw pacienteOcupado();
  }
  const data = { idPaciente: h.idPaciente, idCita: h.idCita, ...t };
  return [moving && current ? { type: 'HorarioPacienteMovido', data } : { type: 'HorarioPacienteReservado', data }];
}

/** One day of a patient's appointments: a patient holds no two live appointments that overlap, whoever the psychologists. */
export const agendaPacienteDecider: Decider<AgendaPaciente, AgendaPacienteCommand, AgendaPacienteEvent> = {
  initialState: () => ({ status: 'vacia' }),
  evolve: evolveAgendaPaciente,
  decide(command, state, ctx) {
    switch (command.type) {
      case 'ReservarHorario':
        return reservarHorario(command.data, state, ctx, false);
      case 'MoverHorario':
        return reservarHorario(command.data, state, ctx, true);
      case 'LiberarHorario':
        if (state.status === 'vacia' || !state.citas.has(command.data.idCita)) return [];
        return [{ type: 'HorarioPacienteLiberado', data: command.data }];
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};

export type UbicacionCommand = { type: 'UbicarBloqueo'; data: BloqueoUbicado['data'] };

/** `bloqueo-<id>`: written once, with the block, so that deleting it knows its day streams. */
export const ubicacionDecider: Decider<Ubicacion, UbicacionCommand, BloqueoUbicado> = {
  initialState: () => ({ status: 'desconocida' }),
  evolve: evolveUbicacion,
  decide(command, state) {
    switch (command.type) {
      case 'UbicarBloqueo':
        return state.status === 'ubicado' ? [] : [{ type: 'BloqueoUbicado', data: command.data }];
      default: {
        const unknown: never = command.type;
        return unknown;
      }
    }
  },
};
