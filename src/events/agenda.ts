import type { DomainEvent } from '../commands/decider.ts';

// The psychologist's agenda: the stream `agenda-<idPsicologo>` through which every booking, move,
// cancellation and block passes with an expected revision, so two of them cannot both take one
// slot. Instants are UTC ISO strings; overlaps are judged on them, right across DST changes.
// No patient id here: the agenda only knows that a slot is taken and by which appointment.

interface HuecoRef {
  idPsicologo: number;
  idCita: number;
}

export type HuecoReservado = DomainEvent<'HuecoReservado', HuecoRef & { inicio: string; fin: string }>;
export type HuecoMovido = DomainEvent<'HuecoMovido', HuecoRef & { inicio: string; fin: string }>;
export type HuecoLiberado = DomainEvent<'HuecoLiberado', HuecoRef>;

/**
 * Blocked time on one local date. `horaInicio`/`horaFin` are `HH:MM` of the practice's zone
 * (a whole day reads 00:00–23:59 and covers midnight to midnight); the motivo is the
 * psychologist's own note, not personal data, never shown to patients.
 */
export type BloqueoCreado = DomainEvent<'BloqueoCreado', {
  idPsicologo: number;
  idBloqueo: number;
  fecha: string;
  horaInicio: string;
  horaFin: string;
  diaCompleto: boolean;
  motivo: string;
  inicio: string;
  fin: string;
}>;
export type BloqueoEliminado = DomainEvent<'BloqueoEliminado', { idPsicologo: number; idBloqueo: number }>;

export type AgendaEvent = HuecoReservado | HuecoMovido | HuecoLiberado | BloqueoCreado | BloqueoEliminado;

/** A span in epoch milliseconds, for cheap comparison. */
export interface Intervalo {
  inicio: number;
  fin: number;
}

export type Agenda =
  | { status: 'vacia' }
  | { status: 'abierta'; idPsicologo: number; huecos: Map<number, Intervalo>; bloqueos: Map<number, Intervalo> };

export const agendaStream = (idPsicologo: number) => `agenda-${idPsicologo}`;

const intervalo = (d: { inicio: string; fin: string }): Intervalo => ({ inicio: Date.parse(d.inicio), fin: Date.parse(d.fin) });

function abierta(state: Agenda, idPsicologo: number) {
  return state.status === 'abierta' ? state : { status: 'abierta' as const, idPsicologo, huecos: new Map(), bloqueos: new Map() };
}

const set = <V>(m: Map<number, V>, k: number, v: V) => new Map(m).set(k, v);
const without = <V>(m: Map<number, V>, k: number) => {
  const copy = new Map(m);
  copy.delete(k);
  return copy;
};

export function evolveAgenda(state: Agenda, event: AgendaEvent): Agenda {
  const a = abierta(state, event.data.idPsicologo);
  switch (event.type) {
    case 'HuecoReservado':
    case 'HuecoMovido':
      return { ...a, huecos: set(a.huecos, event.data.idCita, intervalo(event.data)) };
    case 'HuecoLiberado':
      return { ...a, huecos: without(a.huecos, event.data.idCita) };
    case 'BloqueoCreado':
      return { ...a, bloqueos: set(a.bloqueos, event.data.idBloqueo, intervalo(event.data)) };
    case 'BloqueoEliminado':
      return { ...a, bloqueos: without(a.bloqueos, event.data.idBloqueo) };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
