import type { DomainEvent } from './domain-event.ts';

// The agenda's decision streams (docs/architecture.md, "Agenda conflicts"). Occupied time is kept
// per person and per local day of the practice's zone, so a decision reads only the day(s) it
// touches, however long the history:
//
//   agenda-<idPsicologo>-<YYYY-MM-DD>           the psychologist's appointments and blocked time
//   agenda-paciente-<idPaciente>-<YYYY-MM-DD>   the patient's own appointments (any psychologist)
//   bloqueo-<idBloqueo>                         where a block lies (its psychologist and day)
//
// An appointment that crosses local midnight is recorded in every day stream it overlaps (one
// event per stream, each with the whole span). Two spans that overlap share an instant, that
// instant lies on some day, and both are recorded in that day's stream: so a day's state is
// enough to judge any overlap on it. Instants are UTC ISO strings; overlaps are judged on them,
// right across DST changes. No patient id in the psychologist's streams: the agenda only knows
// that a slot is taken and by which appointment. (Before issue 13 everything went through one
// `agenda-<idPsicologo>` stream; those legacy streams are no longer read by commands.)

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
/** `inicio` (UTC, as in BloqueoCreado): when the freed time starts, for whoever is told of it; absent in older events. */
export type BloqueoEliminado = DomainEvent<'BloqueoEliminado', { idPsicologo: number; idBloqueo: number; inicio?: string }>;

export type AgendaEvent = HuecoReservado | HuecoMovido | HuecoLiberado | BloqueoCreado | BloqueoEliminado;

/** A span in epoch milliseconds, for cheap comparison. */
export interface Intervalo {
  inicio: number;
  fin: number;
}

/** One day of a psychologist's agenda: the live slots and blocks that overlap it. */
export type Agenda =
  | { status: 'vacia' }
  | { status: 'abierta'; idPsicologo: number; huecos: Map<number, Intervalo>; bloqueos: Map<number, Intervalo> };

/** The decision stream of one local day (`YYYY-MM-DD`, practice zone) of a psychologist's agenda. */
export const agendaDiaStream = (idPsicologo: number, dia: string) => `agenda-${idPsicologo}-${dia}`;

export const intervalo = (d: { inicio: string; fin: string }): Intervalo => ({ inicio: Date.parse(d.inicio), fin: Date.parse(d.fin) });

/**
 * Linear fold: the state belongs to the fold that built it (the handler starts each fold from a
 * fresh `initialState()`), so evolve updates its maps in place instead of copying them per event.
 * Callers must not keep a state and evolve it again expecting the old one to stay as it was.
 */
export function evolveAgenda(state: Agenda, event: AgendaEvent): Agenda {
  const a = state.status === 'abierta'
    ? state
    : { status: 'abierta' as const, idPsicologo: event.data.idPsicologo, huecos: new Map<number, Intervalo>(), bloqueos: new Map<number, Intervalo>() };
  switch (event.type) {
    case 'HuecoReservado':
    case 'HuecoMovido':
      a.huecos.set(event.data.idCita, intervalo(event.data));
      return a;
    case 'HuecoLiberado':
      a.huecos.delete(event.data.idCita);
      return a;
    case 'BloqueoCreado':
      a.bloqueos.set(event.data.idBloqueo, intervalo(event.data));
      return a;
    case 'BloqueoEliminado':
      a.bloqueos.delete(event.data.idBloqueo);
      return a;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

// --- The patient's own appointments, per local day: no two live ones may overlap. ---

interface HorarioRef {
  idPaciente: number;
  idCita: number;
}

export type HorarioPacienteReservado = DomainEvent<'HorarioPacienteReservado', HorarioRef & { inicio: string; fin: string }>;
export type HorarioPacienteMovido = DomainEvent<'HorarioPacienteMovido', HorarioRef & { inicio: string; fin: string }>;
export type HorarioPacienteLiberado = DomainEvent<'HorarioPacienteLiberado', HorarioRef>;

export type AgendaPacienteEvent = HorarioPacienteReservado | HorarioPacienteMovido | HorarioPacienteLiberado;

/** One day of a patient's appointments: the live ones that overlap it, by appointment. */
export type AgendaPaciente =
  | { status: 'vacia' }
  | { status: 'abierta'; idPaciente: number; citas: Map<number, Intervalo> };

export const agendaPacienteDiaStream = (idPaciente: number, dia: string) => `agenda-paciente-${idPaciente}-${dia}`;

/** Linear fold, as evolveAgenda. */
export function evolveAgendaPaciente(state: AgendaPaciente, event: AgendaPacienteEvent): AgendaPaciente {
  const a = state.status === 'abierta'
    ? state
    : { status: 'abierta' as const, idPaciente: event.data.idPaciente, citas: new Map<number, Intervalo>() };
  switch (event.type) {
    case 'HorarioPacienteReservado':
    case 'HorarioPacienteMovido':
      a.citas.set(event.data.idCita, intervalo(event.data));
      return a;
    case 'HorarioPacienteLiberado':
      a.citas.delete(event.data.idCita);
      return a;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

// --- Where a block lies, so deleting it reads one small stream instead of the agenda's history. ---

/** Written with BloqueoCreado, in the same append: the day streams that hold the block. */
export type BloqueoUbicado = DomainEvent<'BloqueoUbicado', { idPsicologo: number; idBloqueo: number; dias: string[] }>;

export type Ubicacion = { status: 'desconocida' } | { status: 'ubicado'; idPsicologo: number; dias: string[] };

export const bloqueoStream = (idBloqueo: number) => `bloqueo-${idBloqueo}`;

export function evolveUbicacion(_state: Ubicacion, event: BloqueoUbicado): Ubicacion {
  switch (event.type) {
    case 'BloqueoUbicado':
      return { status: 'ubicado', idPsicologo: event.data.idPsicologo, dias: event.data.dias };
    default: {
      const unknown: never = event.type;
      return unknown;
    }
  }
}
