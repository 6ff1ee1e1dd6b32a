import type { DomainEvent } from './domain-event.ts';

// A patient's wish to be told when time frees in a psychologist's agenda between two local dates
// (docs/lista-espera.md). Expiry is not an event: an entry whose `hasta` has passed reads as
// EXPIRADA, and one whose patient booked that psychologist inside its range reads as ATENDIDA
// (the read model folds CitaCreada); neither is notified any more.

export type ListaEsperaUnida = DomainEvent<'ListaEsperaUnida', {
  idEntrada: number;
  idPaciente: number;
  idPsicologo: number;
  /** Local dates `YYYY-MM-DD` of the practice's zone, both included. */
  desde: string;
  hasta: string;
}>;
export type ListaEsperaAbandonada = DomainEvent<'ListaEsperaAbandonada', { idEntrada: number; idPaciente: number; idPsicologo: number }>;

export type ListaEsperaEvent = ListaEsperaUnida | ListaEsperaAbandonada;

/**
 * The range of a new entry, noted on the patient's stream for that psychologist in the same append
 * as its `ListaEsperaUnida`: two concurrent joins write the same stream, so the second is decided
 * again seeing the first (no two active entries of one patient and psychologist overlap).
 */
export type EsperaAnotada = DomainEvent<'EsperaAnotada', { idEntrada: number; idPaciente: number; idPsicologo: number; desde: string; hasta: string }>;

export interface RangoEspera {
  idEntrada: number;
  desde: string;
  hasta: string;
}

/** The entries a patient opened with one psychologist, as noted on their stream (oldest first). */
export interface EsperasPaciente {
  rangos: RangoEspera[];
}

export const esperasPacienteStream = (idPaciente: number, idPsicologo: number) => `esperas-paciente-${idPaciente}-${idPsicologo}`;

export function evolveEsperasPaciente(state: EsperasPaciente, event: EsperaAnotada): EsperasPaciente {
  const { idEntrada, desde, hasta } = event.data;
  state.rangos.push({ idEntrada, desde, hasta });
  return state;
}

export type EntradaEspera =
  | { status: 'nueva' }
  | { status: 'activa' | 'abandonada'; idPaciente: number; idPsicologo: number };

export const listaEsperaStream = (idEntrada: number) => `lista-espera-${idEntrada}`;

export function evolveEntradaEspera(state: EntradaEspera, event: ListaEsperaEvent): EntradaEspera {
  switch (event.type) {
    case 'ListaEsperaUnida':
      return { status: 'activa', idPaciente: event.data.idPaciente, idPsicologo: event.data.idPsicologo };
    case 'ListaEsperaAbandonada':
      return state.status === 'nueva' ? state : { ...state, status: 'abandonada' };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
