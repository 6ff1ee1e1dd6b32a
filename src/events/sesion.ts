import type { DomainEvent } from './domain-event.ts';

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

export type SesionEvent = SesionRegistrada | SesionEliminada;

export type Sesion =
  | { status: 'nueva' }
  | ({ status: 'registrada' | 'eliminada'; registradaPor: RegistradaPor } & SesionRef);

export const sesionStream = (idSesion: number) => `sesion-${idSesion}`;

export function evolveSesion(state: Sesion, event: SesionEvent): Sesion {
  switch (event.type) {
    case 'SesionRegistrada': {
      const d = event.data;
      return {
        status: 'registrada', idSesion: d.idSesion, idCita: d.idCita, idPaciente: d.idPaciente,
        idPsicologo: d.idPsicologo, registradaPor: d.registradaPor,
      };
    }
    case 'SesionEliminada':
      return state.status === 'nueva' ? state : { ...state, status: 'eliminada' };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
