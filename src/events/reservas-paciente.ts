import type { DomainEvent } from './domain-event.ts';

// `reservas-paciente-<idPaciente>`: the appointments a patient booked themselves, with their
// psychologist and start, so that the limits on what a patient may hold still to come
// (docs/limits.md "Appointments a patient books") are decided on one short stream, in the same
// atomic append as the booking: parallel bookings of one patient are decided one after another.
// Ids and instants only (no motivo): nothing to seal, as the agenda's day streams.

export interface ReservaAnotada {
  idCita: number;
  idPsicologo: number;
  /** UTC instant of the start (ISO). */
  inicio: string;
}

/** One booking, or every occurrence of a series, by the patient. */
export type ReservasPacienteAnotadas = DomainEvent<'ReservasPacienteAnotadas', { idPaciente: number; citas: ReservaAnotada[] }>;
/** The patient moved one of them: its new start. */
export type ReservaPacienteMovida = DomainEvent<'ReservaPacienteMovida', { idPaciente: number; idCita: number; inicio: string }>;
/** Cancelled, by anyone: it no longer counts. */
export type ReservaPacienteLiberada = DomainEvent<'ReservaPacienteLiberada', { idPaciente: number; idCita: number }>;

export type ReservasPacienteEvent = ReservasPacienteAnotadas | ReservaPacienteMovida | ReservaPacienteLiberada;

/** The live bookings by appointment: psychologist and start (epoch ms). */
export type ReservasPaciente = Map<number, { idPsicologo: number; inicio: number }>;

export const reservasPacienteStream = (idPaciente: number) => `reservas-paciente-${idPaciente}`;

/** Linear fold, as the agenda's: the map belongs to the fold that built it and is updated in place. */
export function evolveReservasPaciente(state: ReservasPaciente, event: ReservasPacienteEvent): ReservasPaciente {
  switch (event.type) {
    case 'ReservasPacienteAnotadas':
      for (const c of event.data.citas) state.set(c.idCita, { idPsicologo: c.idPsicologo, inicio: Date.parse(c.inicio) });
      return state;
    case 'ReservaPacienteMovida': {
      const r = state.get(event.data.idCita);
      if (r) state.set(event.data.idCita, { ...r, inicio: Date.parse(event.data.inicio) });
      return state;
    }
    case 'ReservaPacienteLiberada':
      state.delete(event.data.idCita);
      return state;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
