import type { DomainEvent } from './domain-event.ts';

export interface ProgresoNiveles {
  nivelEstres: number;
  nivelAnsiedad: number;
  nivelAnimo: number;
}

/** `fecha`: the day the levels describe (a date, chosen by the patient, never in the future). */
export type ProgresoRegistrado = DomainEvent<'ProgresoRegistrado', ProgresoNiveles & {
  idProgress: number;
  idPaciente: number;
  fecha: string;
}>;

export type ProgresoEvent = ProgresoRegistrado;

export type Progreso = { status: 'nuevo' } | { status: 'registrado'; idProgress: number; idPaciente: number };

export const progresoStream = (idProgress: number) => `progreso-${idProgress}`;

export function evolveProgreso(state: Progreso, event: ProgresoEvent): Progreso {
  switch (event.type) {
    case 'ProgresoRegistrado':
      return { status: 'registrado', idProgress: event.data.idProgress, idPaciente: event.data.idPaciente };
    default: {
      const unknown: never = event.type;
      return unknown;
    }
  }
}
