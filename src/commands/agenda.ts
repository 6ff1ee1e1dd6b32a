import type { CommandContext, Decider } from './decider.ts';
import { errors } from '../platform/errors.ts';
import { overlaps, tramoBloqueo, tramoCita, type Tramo } from '../platform/agenda-time.ts';
import { evolveAgenda, type Agenda, type AgendaEvent, type Intervalo } from '../events/agenda.ts';

interface Hueco {
  idPsicologo: number;
  idCita: number;
  /** Local datetime of the practice's zone; the cita decider has already checked it. */
  startDatetime: string;
  durationMinutes: number;
}

export type AgendaCommand =
  | { type: 'ReservarHueco'; data: Hueco }
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
const horaInexistente = () => errors.invalid(
  'Fecha u hora no válida en la zona horaria de la consulta (por ejemplo, la hora que se salta al cambiar al horario de verano)',
  'Invalid date or time in the practice\'s time zone (for example, the hour skipped when summer time starts)',
);

const ms = (t: Tramo): Intervalo => ({ inicio: Date.parse(t.inicio), fin: Date.parse(t.fin) });

function choca(state: Agenda, span: Intervalo, exceptCita: number | null): boolean {
  if (state.status === 'vacia') return false;
  for (const [idCita, hueco] of state.huecos) if (idCita !== exceptCita && overlaps(span, hueco)) return true;
  for (const bloqueo of state.bloqueos.values()) if (overlaps(span, bloqueo)) return true;
  return false;
}

function tramo(h: Hueco, ctx: CommandContext): Tramo {
  const t = tramoCita(h.startDatetime, h.durationMinutes, ctx.timezone);
  if (!t) throw horaInexistente();
  return { inicio: t.inicio, fin: t.fin };
}

function reservar(h: Hueco, state: Agenda, ctx: CommandContext, moving: boolean): AgendaEvent[] {
  const t = tramo(h, ctx);
  const span = ms(t);
  const current = state.status === 'abierta' ? state.huecos.get(h.idCita) : undefined;
  if (current && current.inicio === span.inicio && current.fin === span.fin) return []; // nothing moves
  if (choca(state, span, h.idCita)) throw ocupado();
  const data = { idPsicologo: h.idPsicologo, idCita: h.idCita, ...t };
  return [moving && current ? { type: 'HuecoMovido', data } : { type: 'HuecoReservado', data }];
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
  if (state.status === 'abierta' && state.bloqueos.has(d.idBloqueo)) return [];
  // Only appointments conflict: two blocks may overlap, the time is simply unavailable twice.
  if (state.status === 'abierta' && [...state.huecos.values()].some((h) => overlaps(span, h))) {
    throw errors.conflict('El bloqueo se solapa con una cita de la agenda', 'The blocked time overlaps an appointment');
  }
  const horas = diaCompleto ? { horaInicio: '00:00', horaFin: '23:59' } : { horaInicio: d.horaInicio!, horaFin: d.horaFin! };
  return [{ type: 'BloqueoCreado', data: { idPsicologo: d.idPsicologo, idBloqueo: d.idBloqueo, fecha: d.fecha, ...horas, diaCompleto, motivo: d.motivo, ...t } }];
}

/** The psychologist's agenda: no two live appointments and no appointment and block overlap. */
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
        if (state.status === 'vacia' || !state.bloqueos.has(command.data.idBloqueo)) throw errors.notFound('Bloqueo', 'Blocked time');
        return [{ type: 'BloqueoEliminado', data: command.data }];
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
