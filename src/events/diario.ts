import type { DomainEvent } from './domain-event.ts';

/** `fecha`: the practice's wall clock when the patient wrote the entry. */
export type DiarioRegistrado = DomainEvent<'DiarioRegistrado', {
  idDiario: number;
  idPaciente: number;
  fecha: string;
  emocion: string;
  intensidad: number;
  nota: string | null;
}>;
export type DiarioEliminado = DomainEvent<'DiarioEliminado', { idDiario: number; idPaciente: number }>;

export type DiarioEvent = DiarioRegistrado | DiarioEliminado;

export type Diario =
  | { status: 'nuevo' }
  | { status: 'activo' | 'eliminado'; idDiario: number; idPaciente: number };

export const diarioStream = (idDiario: number) => `diario-${idDiario}`;

export function evolveDiario(state: Diario, event: DiarioEvent): Diario {
  switch (event.type) {
    case 'DiarioRegistrado':
      return { status: 'activo', idDiario: event.data.idDiario, idPaciente: event.data.idPaciente };
    case 'DiarioEliminado':
      return state.status === 'nuevo' ? state : { ...state, status: 'eliminado' };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
