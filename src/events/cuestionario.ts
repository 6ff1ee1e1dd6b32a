import type { DomainEvent } from './domain-event.ts';

// Outcome measures (docs/care.md "Outcome measures"): one stream per assignment of an instrument
// to a patient, holding its requests, the answers to them, the safety alerts those answers raised
// and their acknowledgements. `fecha`: the practice's wall clock (YYYY-MM-DDTHH:MM:SS); the
// instant is the event's metadata.occurredAt. `instrumento`: the code of a file in
// src/events/instrumentos (PHQ-9, GAD-7...).

/** Once; every N weeks (the first request at once); or before each of the patient's appointments with the psychologist. */
export type Pauta =
  | { tipo: 'UNA_VEZ' }
  | { tipo: 'CADA_N_SEMANAS'; semanas: number }
  | { tipo: 'ANTES_DE_CADA_CITA' };

interface Partes { idAsignacion: number; idPaciente: number; idPsicologo: number; instrumento: string }

export type CuestionarioAsignado = DomainEvent<'CuestionarioAsignado', Partes & { pauta: Pauta; fecha: string }>;
/** A request the patient is to answer; `idCita`: the appointment it comes before (ANTES_DE_CADA_CITA). */
export type CuestionarioSolicitado = DomainEvent<'CuestionarioSolicitado', Partes & { idSolicitud: number; fecha: string; idCita: number | null }>;
/**
 * The patient's answer to a request, scored by the server. `respuestas`: the value of each item in
 * item order; `respuestas`, `puntuacion` and `banda` are health data, sealed with the patient's
 * clinical key (src/events/seals/cuestionarios.ts).
 */
export type CuestionarioRespondido = DomainEvent<'CuestionarioRespondido', Partes & {
  idSolicitud: number; idRespuesta: number; fecha: string; respuestas: number[]; puntuacion: number; banda: string;
}>;
/** The answer reached the instrument's safety threshold (PHQ-9 item 9 >= 1): the psychologist is alerted at once. */
export type AlertaSeguridadEmitida = DomainEvent<'AlertaSeguridadEmitida', Partes & { idSolicitud: number; idRespuesta: number; fecha: string }>;
/** The psychologist acknowledged the alert: who (`idUsuario`) and when. */
export type AlertaSeguridadReconocida = DomainEvent<'AlertaSeguridadReconocida', Partes & { idRespuesta: number; idUsuario: number; fecha: string }>;
/** No further requests; unanswered ones are withdrawn. */
export type AsignacionCuestionarioFinalizada = DomainEvent<'AsignacionCuestionarioFinalizada', Partes & { fecha: string }>;

export type CuestionarioEvent =
  | CuestionarioAsignado | CuestionarioSolicitado | CuestionarioRespondido
  | AlertaSeguridadEmitida | AlertaSeguridadReconocida | AsignacionCuestionarioFinalizada;

export const CUESTIONARIO_EVENTS = [
  'CuestionarioAsignado', 'CuestionarioSolicitado', 'CuestionarioRespondido',
  'AlertaSeguridadEmitida', 'AlertaSeguridadReconocida', 'AsignacionCuestionarioFinalizada',
] as const satisfies readonly CuestionarioEvent['type'][];

export type Asignacion =
  | { status: 'nueva' }
  | (Partes & {
    status: 'activa' | 'finalizada';
    pauta: Pauta;
    /** idSolicitud -> the appointment it precedes and whether it was answered. */
    solicitudes: Map<number, { idCita: number | null; respondida: boolean }>;
    /** idRespuesta -> acknowledged. */
    alertas: Map<number, boolean>;
    /** `fecha` of the latest request (the schedule worker's "due" is re-checked against it). */
    ultimaSolicitud: string | null;
  });

export const cuestionarioStream = (idAsignacion: number) => `cuestionario-${idAsignacion}`;

/** Folds in place (the handler folds from a fresh initial state). */
export function evolveAsignacion(state: Asignacion, event: CuestionarioEvent): Asignacion {
  switch (event.type) {
    case 'CuestionarioAsignado': {
      const { idAsignacion, idPaciente, idPsicologo, instrumento, pauta } = event.data;
      return { status: 'activa', idAsignacion, idPaciente, idPsicologo, instrumento, pauta, solicitudes: new Map(), alertas: new Map(), ultimaSolicitud: null };
    }
    case 'CuestionarioSolicitado':
      if (state.status !== 'nueva') {
        state.solicitudes.set(event.data.idSolicitud, { idCita: event.data.idCita, respondida: false });
        state.ultimaSolicitud = event.data.fecha;
      }
      return state;
    case 'CuestionarioRespondido': {
      const s = state.status === 'nueva' ? undefined : state.solicitudes.get(event.data.idSolicitud);
      if (s) s.respondida = true;
      return state;
    }
    case 'AlertaSeguridadEmitida':
      if (state.status !== 'nueva') state.alertas.set(event.data.idRespuesta, false);
      return state;
    case 'AlertaSeguridadReconocida':
      if (state.status !== 'nueva') state.alertas.set(event.data.idRespuesta, true);
      return state;
    case 'AsignacionCuestionarioFinalizada':
      return state.status === 'nueva' ? state : { ...state, status: 'finalizada' };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
