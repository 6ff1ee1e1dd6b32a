import type { DomainEvent } from './domain-event.ts';
import { SIN_FIRMA, type AdendaData, type EstadoFirma, type FirmaData } from './firma.ts';

/** Who wrote a record: each kind of author corrects and deletes only records of its own kind. */
export type Autoria = 'PACIENTE' | 'PSICOLOGO';

/** The clinical content of a record; only titulo is required. */
export interface HistorialCampos {
  titulo: string;
  diagnostico: string | null;
  tratamiento: string | null;
  observaciones: string | null;
}

/** `creadoEn`: the practice's wall clock when recorded, fixed in the event so a replay never depends on the zone setting. */
export type HistorialCreado = DomainEvent<'HistorialCreado', HistorialCampos & {
  idHistory: number;
  idPaciente: number;
  autoria: Autoria;
  creadoEn: string;
}>;
/** The record's whole content as corrected; the earlier content stays in the log. */
export type HistorialCorregido = DomainEvent<'HistorialCorregido', HistorialCampos & {
  idHistory: number;
  idPaciente: number;
  corregidoEn: string;
}>;
/** The record leaves the lists; the log keeps it, and the actor is in the metadata. */
export type HistorialEliminado = DomainEvent<'HistorialEliminado', { idHistory: number; idPaciente: number }>;

/** A psychologist signed the entry they wrote (src/events/firma.ts); after it only addenda follow in the stream. */
export type HistorialFirmado = DomainEvent<'HistorialFirmado', FirmaData & { idHistory: number }>;
/** A signed addendum to a signed entry; `texto` sealed with the patient's clinical key. */
export type HistorialAdendaAgregada = DomainEvent<'HistorialAdendaAgregada', AdendaData & { idHistory: number }>;

export type HistorialEvent = HistorialCreado | HistorialCorregido | HistorialEliminado | HistorialFirmado | HistorialAdendaAgregada;

export type Historial =
  | { status: 'nuevo' }
  | { status: 'activo' | 'eliminado'; idHistory: number; idPaciente: number; autoria: Autoria; firma: EstadoFirma };

export const historialStream = (idHistory: number) => `historial-${idHistory}`;

export function evolveHistorial(state: Historial, event: HistorialEvent): Historial {
  switch (event.type) {
    case 'HistorialCreado': {
      const d = event.data;
      return { status: 'activo', idHistory: d.idHistory, idPaciente: d.idPaciente, autoria: d.autoria, firma: SIN_FIRMA };
    }
    case 'HistorialCorregido':
      return state;
    case 'HistorialEliminado':
      return state.status === 'nuevo' ? state : { ...state, status: 'eliminado' };
    case 'HistorialFirmado':
      return state.status === 'nuevo' ? state : { ...state, firma: { ...state.firma, huella: event.data.huella, firmadoPor: event.data.idPsicologo } };
    case 'HistorialAdendaAgregada':
      return state.status === 'nuevo' || event.data.tipo !== 'ANULACION' ? state : { ...state, firma: { ...state.firma, anulado: true } };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
