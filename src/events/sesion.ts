import type { DomainEvent } from './domain-event.ts';
import { SIN_FIRMA, type AdendaData, type EstadoFirma, type FirmaData } from './firma.ts';

/** Who wrote the record: the patient (their own account of it) or the psychologist. */
export type RegistradaPor = 'PACIENTE' | 'PSICOLOGO';

interface SesionRef {
  idSesion: number;
  idCita: number;
  idPaciente: number;
  idPsicologo: number;
}

/**
 * A therapy session held for an appointment. `sessionDate` is a practice-local datetime
 * (`YYYY-MM-DDTHH:MM:SS`); `notas` and `recomendaciones` are health data, sealed with the
 * patient's clinical key.
 */
export type SesionRegistrada = DomainEvent<'SesionRegistrada', SesionRef & {
  sessionDate: string;
  durationMinutes: number;
  notas: string | null;
  recomendaciones: string | null;
  registradaPor: RegistradaPor;
}>;
export type SesionEliminada = DomainEvent<'SesionEliminada', SesionRef>;
/** The psychologist signed their record (src/events/firma.ts); after it only addenda follow in the stream. */
export type SesionFirmada = DomainEvent<'SesionFirmada', FirmaData & { idSesion: number }>;
/** A signed addendum to a signed session record; `texto` sealed with the patient's clinical key. */
export type SesionAdendaAgregada = DomainEvent<'SesionAdendaAgregada', AdendaData & { idSesion: number }>;

export type SesionEvent = SesionRegistrada | SesionEliminada | SesionFirmada | SesionAdendaAgregada;

export type Sesion =
  | { status: 'nueva' }
  | ({ status: 'registrada' | 'eliminada'; registradaPor: RegistradaPor; firma: EstadoFirma } & SesionRef);

export const sesionStream = (idSesion: number) => `sesion-${idSesion}`;

export function evolveSesion(state: Sesion, event: SesionEvent): Sesion {
  switch (event.type) {
    case 'SesionRegistrada': {
      const d = event.data;
      return {
        status: 'registrada', idSesion: d.idSesion, idCita: d.idCita, idPaciente: d.idPaciente,
        idPsicologo: d.idPsicologo, registradaPor: d.registradaPor, firma: SIN_FIRMA,
      };
    }
    case 'SesionEliminada':
      return state.status === 'nueva' ? state : { ...state, status: 'eliminada' };
    case 'SesionFirmada':
      return state.status === 'nueva' ? state : { ...state, firma: { ...state.firma, huella: event.data.huella, firmadoPor: event.data.idPsicologo } };
    case 'SesionAdendaAgregada':
      return state.status === 'nueva' || event.data.tipo !== 'ANULACION' ? state : { ...state, firma: { ...state.firma, anulado: true } };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
