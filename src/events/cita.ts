import type { DomainEvent } from './domain-event.ts';

export type EstadoCita = 'PENDIENTE' | 'CONFIRMADA' | 'CANCELADA' | 'COMPLETADA';
export type QuienCancela = 'PACIENTE' | 'PSICOLOGO' | 'ADMIN';
/** Why an appointment was cancelled when no party chose to: the patient was erased (decisions.md "Limits"). */
export type CausaCancelacion = 'ELIMINACION_PACIENTE';

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
/** `idSerie` and `ocurrencia` (1-based): an occurrence of a recurring series (src/events/serie.ts). */
export type CitaCreada = DomainEvent<'CitaCreada', CitaRef & {
  startDatetime: string; durationMinutes: number; motivo: string | null; endDatetime?: string; idSerie?: number; ocurrencia?: number;
}>;
export type CitaReprogramada = DomainEvent<'CitaReprogramada', CitaRef & {
  startDatetime: string;
  durationMinutes: number;
  motivo: string | null;
  anteriorStartDatetime: string;
  endDatetime?: string;
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
}>;

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

export type CitaEvent = CitaCreada | CitaReprogramada | CitaConfirmada | CitaCancelada | CitaCompletada | CitaRecordatorioEnviado;

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
    };

export const citaStream = (idCita: number) => `cita-${idCita}`;

export function evolveCita(state: Cita, event: CitaEvent): Cita {
  if (event.type === 'CitaCreada') {
    const d = event.data;
    return { status: 'existente', ...d, estado: 'PENDIENTE', recordadaPara: null, recordatorios: [] };
  }
  if (state.status === 'nueva') return state;
  switch (event.type) {
    case 'CitaReprogramada':
      return { ...state, startDatetime: event.data.startDatetime, durationMinutes: event.data.durationMinutes, motivo: event.data.motivo };
    case 'CitaConfirmada':
      return { ...state, estado: 'CONFIRMADA' };
    case 'CitaCancelada':
      return { ...state, estado: 'CANCELADA' };
    case 'CitaCompletada':
      return { ...state, estado: 'COMPLETADA' };
    case 'CitaRecordatorioEnviado':
      return { ...state, recordadaPara: event.data.startDatetime, recordatorios: [...state.recordatorios, recordatorioDe(event.data)] };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** Whose appointments a caller reaches: a patient's, a psychologist's, or every one (ADMIN). */
export type Alcance = { idPaciente: number } | { idPsicologo: number } | 'todas';
