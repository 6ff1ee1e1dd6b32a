import type { DomainEvent } from './domain-event.ts';

// A psychologist's working hours: one weekly template on `horario-<idPsicologo>`, replaced whole by
// each definition. Hours are `HH:MM` of the practice's zone (`24:00` ends at the next midnight).

export interface IntervaloHora {
  horaInicio: string;
  horaFin: string;
}

/** The intervals of one weekday (1 = Monday .. 7 = Sunday, ISO). */
export interface DiaLaboral {
  dia: number;
  intervalos: IntervaloHora[];
}

/** The template and the local dates it applies on (`hasta` null: open-ended). */
export interface Plantilla {
  desde: string;
  hasta: string | null;
  dias: DiaLaboral[];
}

export type HorarioLaboralDefinido = DomainEvent<'HorarioLaboralDefinido', Plantilla & { idPsicologo: number }>;
export type HorarioEvent = HorarioLaboralDefinido;

export type Horario = { status: 'sin-horario' } | { status: 'definido'; plantilla: Plantilla };

export const horarioStream = (idPsicologo: number) => `horario-${idPsicologo}`;

export function evolveHorario(_state: Horario, event: HorarioEvent): Horario {
  const { desde, hasta, dias } = event.data;
  return { status: 'definido', plantilla: { desde, hasta, dias } };
}
