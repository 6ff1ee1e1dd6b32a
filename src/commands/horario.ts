import { errors } from '../platform/errors.ts';
import { isValidDate } from '../platform/time.ts';
import { dentroDeHorario, minutos } from '../platform/horario-time.ts';
import { evolveHorario, horarioStream, type Horario, type HorarioEvent, type Plantilla } from '../events/horario.ts';
import type { Actor, Decider } from './decider.ts';
import { commandContext, type CommandDeps } from './deps.ts';
import { handleCommand, type Step } from './handler.ts';

/** At most this many intervals a day (a split shift and some more; a grid is not a template). */
export const MAX_INTERVALOS_DIA = 6;

export type HorarioCommand =
  | { type: 'DefinirHorario'; data: Plantilla & { idPsicologo: number } }
  /** Read-only: the booking's time must lie inside working hours when there is a template. */
  | { type: 'ComprobarHorario'; data: { startDatetime: string; durationMinutes: number } };

const invalid = (es: string, en: string) => errors.invalid(es, en);

function checkDia(dia: Plantilla['dias'][number]): void {
  if (!Number.isInteger(dia.dia) || dia.dia < 1 || dia.dia > 7) throw invalid('dia debe estar entre 1 (lunes) y 7 (domingo)', 'dia must be between 1 (Monday) and 7 (Sunday)');
  if (dia.intervalos.length > MAX_INTERVALOS_DIA) {
    throw invalid(`Como máximo ${MAX_INTERVALOS_DIA} intervalos por día`, `At most ${MAX_INTERVALOS_DIA} intervals a day`);
  }
  const sorted = [...dia.intervalos].sort((a, b) => minutos(a.horaInicio) - minutos(b.horaInicio));
  sorted.forEach((i, n) => {
    if (minutos(i.horaFin) <= minutos(i.horaInicio)) throw invalid('horaFin debe ser posterior a horaInicio', 'horaFin must be after horaInicio');
    if (n > 0 && minutos(i.horaInicio) < minutos(sorted[n - 1].horaFin)) {
      throw invalid(`Los intervalos del día ${dia.dia} se solapan`, `The intervals of day ${dia.dia} overlap`);
    }
  });
}

function definir(d: Extract<HorarioCommand, { type: 'DefinirHorario' }>['data']): HorarioEvent[] {
  for (const [name, f] of [['desde', d.desde], ['hasta', d.hasta]] as const) {
    if (f !== null && !isValidDate(f)) throw invalid(`${name}: se esperaba una fecha AAAA-MM-DD que exista`, `${name}: expected a date YYYY-MM-DD that exists`);
  }
  if (d.hasta !== null && d.hasta < d.desde) throw invalid('hasta no puede ser anterior a desde', 'hasta cannot be before desde');
  if (new Set(d.dias.map((x) => x.dia)).size !== d.dias.length) throw invalid('Cada día de la semana una sola vez', 'Each weekday only once');
  d.dias.forEach(checkDia);
  const dias = [...d.dias]
    .sort((a, b) => a.dia - b.dia)
    .map((x) => ({ dia: x.dia, intervalos: [...x.intervalos].sort((a, b) => minutos(a.horaInicio) - minutos(b.horaInicio)) }));
  return [{ type: 'HorarioLaboralDefinido', data: { idPsicologo: d.idPsicologo, desde: d.desde, hasta: d.hasta, dias } }];
}

const fueraDeHorario = () => errors.conflict(
  'Esa hora está fuera del horario laboral del psicólogo: consulte los huecos libres en /api/psicologos/{id}/disponibilidad',
  'That time is outside the psychologist\'s working hours: see the free slots at /api/psicologos/{id}/disponibilidad',
);

/** `horario-<idPsicologo>`: the weekly template, replaced whole; read by every booking. */
export const horarioDecider: Decider<Horario, HorarioCommand, HorarioEvent> = {
  initialState: () => ({ status: 'sin-horario' }),
  evolve: evolveHorario,
  decide(command, state, ctx) {
    switch (command.type) {
      case 'DefinirHorario':
        return definir(command.data);
      case 'ComprobarHorario': {
        // Without a template any time is working time (the behaviour before working hours existed).
        if (state.status === 'sin-horario') return [];
        const { startDatetime, durationMinutes } = command.data;
        if (!dentroDeHorario(state.plantilla, startDatetime, durationMinutes, ctx.timezone)) throw fueraDeHorario();
        return [];
      }
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};

/** The booking's check on the psychologist's working hours, one more short stream read. */
export const horarioStep = (idPsicologo: number, startDatetime: string, durationMinutes: number): Step =>
  ({ streamId: horarioStream(idPsicologo), decider: horarioDecider, command: { type: 'ComprobarHorario', data: { startDatetime, durationMinutes } } });

export async function definirHorario(deps: CommandDeps, actor: Actor, idPsicologo: number, plantilla: Plantilla) {
  const data = { idPsicologo, desde: plantilla.desde, hasta: plantilla.hasta ?? null, dias: plantilla.dias };
  return handleCommand(deps.store, [{ streamId: horarioStream(idPsicologo), decider: horarioDecider, command: { type: 'DefinirHorario', data } }], commandContext(deps, actor));
}
