import type { DomainEvent } from './domain-event.ts';

// A recurring series of appointments (`serie-<idSerie>`): written once, in the same atomic append
// as every occurrence's CitaCreada and agenda days, so it lists the appointments it booked. Each
// occurrence is then an ordinary appointment on its own `cita-<id>` stream (moved or cancelled alone).

export type Frecuencia = 'SEMANAL' | 'QUINCENAL';

/** Days between two occurrences. */
export const DIAS_FRECUENCIA: Record<Frecuencia, number> = { SEMANAL: 7, QUINCENAL: 14 };

export type SerieCitasCreada = DomainEvent<'SerieCitasCreada', {
  idSerie: number;
  idPaciente: number;
  idPsicologo: number;
  frecuencia: Frecuencia;
  durationMinutes: number;
  /** The occurrences in order: local wall-clock starts of the practice's zone. */
  citas: { idCita: number; startDatetime: string }[];
}>;

export type SerieEvent = SerieCitasCreada;

export type Serie =
  | { status: 'nueva' }
  | { status: 'creada'; idSerie: number; idPaciente: number; idPsicologo: number; citas: { idCita: number; startDatetime: string }[] };

export const serieStream = (idSerie: number) => `serie-${idSerie}`;

export function evolveSerie(state: Serie, event: SerieEvent): Serie {
  if (event.type !== 'SerieCitasCreada') return state;
  const { idSerie, idPaciente, idPsicologo, citas } = event.data;
  return { status: 'creada', idSerie, idPaciente, idPsicologo, citas };
}
