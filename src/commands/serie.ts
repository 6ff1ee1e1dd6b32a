import type { Decider } from './decider.ts';
import { errors, type Message } from '../platform/errors.ts';
import { evolveSerie, type Frecuencia, type Serie, type SerieEvent } from '../events/serie.ts';

/** Why an occurrence cannot be booked, in words (es/en), as the series' 409 names it per date. */
export type Causa = Message;

/**
 * The occurrences that could not be booked: each local date (`YYYY-MM-DD`) with every cause its
 * steps found, filled as they decide.
 */
export type Conflictos = Map<string, Causa[]>;

export const causas = {
  fueraDeHorario: (): Causa => ({ es: 'fuera del horario laboral del psicólogo', en: "outside the psychologist's working hours" }),
  solapaPsicologo: (): Causa => ({ es: 'se solapa con otra cita o un bloqueo del psicólogo', en: "overlaps another appointment or blocked time of the psychologist" }),
  solapaPaciente: (): Causa => ({ es: 'se solapa con otra cita del paciente', en: "overlaps another of the patient's appointments" }),
  pasado: (): Causa => ({ es: 'en el pasado', en: 'in the past' }),
  plazo: (dias: number): Causa => ({ es: `más allá del plazo de reserva (${dias} días)`, en: `beyond the booking horizon (${dias} days)` }),
  horaInexistente: (): Causa => ({ es: 'esa hora no existe ese día en la zona de la consulta', en: "that time does not exist that day in the practice's zone" }),
};

/** Records `causa` for `fecha` once. */
export function anotar(conflictos: Conflictos, fecha: string, causa: Causa): void {
  const list = conflictos.get(fecha) ?? [];
  if (!list.some((c) => c.es === causa.es)) list.push(causa);
  conflictos.set(fecha, list);
}

export type SerieCommand = {
  type: 'CrearSerie';
  data: { idSerie: number; idPaciente: number; idPsicologo: number; frecuencia: Frecuencia; durationMinutes: number; citas: { idCita: number; startDatetime: string }[] };
  /**
   * What the occurrences' steps found. The series step is the last of the append, so when it
   * decides every occurrence has already been judged against its days.
   */
  conflictos: Conflictos;
};

function noReservable(conflictos: Conflictos) {
  const fechas = [...conflictos.keys()].sort();
  const each = (lang: 'es' | 'en') => fechas.map((f) => `${f} (${conflictos.get(f)!.map((c) => c[lang]).join('; ')})`).join(', ');
  return errors.conflict(
    `No se ha reservado ninguna cita de la serie. No es posible reservar en estas fechas: ${each('es')}`,
    `No appointment of the series was booked. These dates cannot be booked: ${each('en')}`,
  );
}

/** `serie-<idSerie>`: written once, with all its appointments, or not at all. */
export const serieDecider: Decider<Serie, SerieCommand, SerieEvent> = {
  initialState: () => ({ status: 'nueva' }),
  evolve: evolveSerie,
  decide(command, state) {
    if (state.status !== 'nueva') throw errors.conflict('La serie ya existe', 'The series already exists');
    if (command.conflictos.size > 0) throw noReservable(command.conflictos);
    return [{ type: 'SerieCitasCreada', data: command.data }];
  },
};
