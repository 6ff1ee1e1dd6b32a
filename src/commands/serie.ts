import type { Decider } from './decider.ts';
import { errors } from '../platform/errors.ts';
import { evolveSerie, type Frecuencia, type Serie, type SerieEvent } from '../events/serie.ts';

/** Local dates (`YYYY-MM-DD`) of the occurrences that could not be booked, filled as their steps decide. */
export type Conflictos = Set<string>;

export type SerieCommand = {
  type: 'CrearSerie';
  data: { idSerie: number; idPaciente: number; idPsicologo: number; frecuencia: Frecuencia; durationMinutes: number; citas: { idCita: number; startDatetime: string }[] };
  /**
   * What the occurrences' steps found. The series step is the last of the append, so when it
   * decides every occurrence has already been judged against its days.
   */
  conflictos: Conflictos;
};

const noReservable = (fechas: string[]) => errors.conflict(
  `No se ha reservado ninguna cita de la serie. No es posible reservar en estas fechas (se solapan con otra cita o un bloqueo, `
    + `están en el pasado o fuera del plazo de reserva): ${fechas.join(', ')}`,
  `No appointment of the series was booked. These dates cannot be booked (they overlap another appointment or blocked time, `
    + `are in the past or beyond the booking horizon): ${fechas.join(', ')}`,
);

/** `serie-<idSerie>`: written once, with all its appointments, or not at all. */
export const serieDecider: Decider<Serie, SerieCommand, SerieEvent> = {
  initialState: () => ({ status: 'nueva' }),
  evolve: evolveSerie,
  decide(command, state) {
    if (state.status !== 'nueva') throw errors.conflict('La serie ya existe', 'The series already exists');
    if (command.conflictos.size > 0) throw noReservable([...command.conflictos].sort());
    return [{ type: 'SerieCitasCreada', data: command.data }];
  },
};
