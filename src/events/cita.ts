import type { DomainEvent } from './domain-event.ts';

export type EstadoCita = 'PENDIENTE' | 'CONFIRMADA' | 'CANCELADA' | 'COMPLETADA';
export type QuienCancela = 'PACIENTE' | 'PSICOLOGO' | 'ADMIN';
/** Why an appointment was cancelled when no party chose to: the patient was erased (decisions.md "Limits"). */
export type CausaCancelacion = 'ELIMINACION_PACIENTE';
/** How the session is held (docs/care.md "Online sessions"); events from before modalities were PRESENCIAL. */
export const MODALIDADES = ['PRESENCIAL', 'ONLINE'] as const;
export type Modalidad = (typeof MODALIDADES)[number];

/** Local wall-clock datetimes of the practice's zone, `YYYY-MM-DDTHH:MM:SS` (decisions.md). */
interface CitaRef {
  idCita: number;
  idPaciente: number;
  idPsicologo: number;
}

/**
 * `endDatetime`: the local wall-clock end, `durationMinutes` of real time after the start (DST-aware,
 * may fall on the next day). Recorded by the decider so read models need no time zone.
 */
/**
 * `idSerie` and `ocurrencia` (1-based): an occurrence of a recurring series (src/events/serie.ts).
 * `modalidad` absent: PRESENCIAL. `sala`: an ONLINE appointment's video room, a random name drawn
 * when it was booked (never derived from ids), replaced on every move (docs/care.md).
 */
export type CitaCreada = DomainEvent<'CitaCreada', CitaRef & {
  startDatetime: string; durationMinutes: number; motivo: string | null; endDatetime?: string; idSerie?: number; ocurrencia?: number;
  modalidad?: Modalidad; sala?: string;
}>;
export type CitaReprogramada = DomainEvent<'CitaReprogramada', CitaRef & {
  startDatetime: string;
  durationMinutes: number;
  motivo: string | null;
  anteriorStartDatetime: string;
  endDatetime?: string;
  /** An ONLINE appointment's new room when its time changed: tokens issued for the old time name the old room. */
  sala?: string;
}>;
export type CitaConfirmada = DomainEvent<'CitaConfirmada', CitaRef>;
export type CitaCancelada = DomainEvent<'CitaCancelada', CitaRef & { startDatetime: string; canceladaPor: QuienCancela; causa?: CausaCancelacion }>;
export type CitaCompletada = DomainEvent<'CitaCompletada', CitaRef>;
/** Who an appointment reminder is for. */
export type DestinatarioRecordatorio = 'PACIENTE' | 'PSICOLOGO';
/**
 * Recorded once per appointment, start time, recipient and lead time (hours before the start, from
 * the recipient's settings) by the reminder worker; the notifications reactor sends it. Events
 * recorded before reminders per user have neither field: they were the patient's 24-hour reminder.
 */
export type CitaRecordatorioEnviado = DomainEvent<'CitaRecordatorioEnviado', CitaRef & {
  startDatetime: string;
  destinatario?: DestinatarioRecordatorio;
  antelacionHoras?: number;
  /** Set for an ONLINE appointment: its reminder carries the link to the room's endpoint. */
  modalidad?: Modalidad;
}>;
/**
 * The psychologist opened the video room of this schedule (`sala`) for the first time, inside its
 * window: the patient is told over STOMP. `idUsuarioPaciente`: whose sessions get the notice.
 */
export type SalaCitaAbierta = DomainEvent<'SalaCitaAbierta', CitaRef & { sala: string; idUsuarioPaciente: number }>;

/** A reminder the appointment's stream holds. */
export interface RecordatorioEnviado {
  destinatario: DestinatarioRecordatorio;
  antelacionHoras: number;
  startDatetime: string;
}

/** What a reminder event says, with the meaning of events recorded before the fields existed. */
export const recordatorioDe = (d: CitaRecordatorioEnviado['data']): RecordatorioEnviado => ({
  destinatario: d.destinatario ?? 'PACIENTE', antelacionHoras: d.antelacionHoras ?? 24, startDatetime: d.startDatetime,
});

export type CitaEvent = CitaCreada | CitaReprogramada | CitaConfirmada | CitaCancelada | CitaCompletada | CitaRecordatorioEnviado | SalaCitaAbierta;

export type Cita =
  | { status: 'nueva' }
  | {
      status: 'existente';
      idCita: number;
      idPaciente: number;
      idPsicologo: number;
      estado: EstadoCita;
      startDatetime: string;
      durationMinutes: number;
      motivo: string | null;
      recordadaPara: string | null;
      /** Every reminder recorded, for any start the appointment had. */
      recordatorios: RecordatorioEnviado[];
      modalidad: Modalidad;
      /** The current room of an ONLINE appointment; null for PRESENCIAL. */
      sala: string | null;
      /** The room the psychologist last opened (the patient was told); a move makes it stale. */
      salaAbierta: string | null;
    };

export const citaStream = (idCita: number) => `cita-${idCita}`;

export function evolveCita(state: Cita, event: CitaEvent): Cita {
  if (event.type === 'CitaCreada') {
    const { modalidad, sala, ...d } = event.data;
    return {
      status: 'existente', ...d, estado: 'PENDIENTE', recordadaPara: null, recordatorios: [],
      modalidad: modalidad ?? 'PRESENCIAL', sala: sala ?? null, salaAbierta: null,
    };
  }
  if (state.status === 'nueva') return state;
  switch (event.type) {
    case 'CitaReprogramada':
      return {
        ...state, startDatetime: event.data.startDatetime, durationMinutes: event.data.durationMinutes, motivo: event.data.motivo,
        sala: event.data.sala ?? state.sala,
      };
    case 'CitaConfirmada':
      return { ...state, estado: 'CONFIRMADA' };
    case 'CitaCancelada':
      return { ...state, estado: 'CANCELADA' };
    case 'CitaCompletada':
      return { ...state, estado: 'COMPLETADA' };
    case 'CitaRecordatorioEnviado':
      return { ...state, recordadaPara: event.data.startDatetime, recordatorios: [...state.recordatorios, recordatorioDe(event.data)] };
    case 'SalaCitaAbierta':
      return { ...state, salaAbierta: event.data.sala };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** Whose appointments a caller reaches: a patient's, a psychologist's, or every one (ADMIN). */
export type Alcance = { idPaciente: number } | { idPsicologo: number } | 'todas';
