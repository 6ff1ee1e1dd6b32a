import type { DomainEvent } from './domain-event.ts';
import type { Modalidad } from './cita.ts';

export interface PerfilProfesional {
  especialidad: string | null;
  experiencia: number;
  descripcion: string | null;
  licencia: string | null;
}

export type PsicologoRegistrado = DomainEvent<'PsicologoRegistrado', PerfilProfesional & {
  idPsicologo: number;
  idUsuario: number;
}>;

/** The whole professional profile after the change; `licenciaAnterior` lets the licence reservation move. */
export type PsicologoActualizado = DomainEvent<'PsicologoActualizado', PerfilProfesional & {
  idPsicologo: number;
  idUsuario: number;
  licenciaAnterior: string | null;
}>;

/** `fotoAnterior` names the file this photo replaced, so exactly that file is removed. */
export type FotoPerfilActualizada = DomainEvent<'FotoPerfilActualizada', {
  idPsicologo: number;
  idUsuario: number;
  fotoPerfilUrl: string;
  fotoAnterior: string | null;
}>;

/** The profile's licence and photo travel along so their reservation and file can be released. */
export type PsicologoEliminado = DomainEvent<'PsicologoEliminado', {
  idPsicologo: number;
  idUsuario: number;
  licencia: string | null;
  fotoPerfilUrl: string | null;
}>;

/** The modalities the psychologist offers from now on (one or both); before any such event, both. */
export type ModalidadesPsicologoCambiadas = DomainEvent<'ModalidadesPsicologoCambiadas', {
  idPsicologo: number;
  idUsuario: number;
  modalidades: Modalidad[];
}>;

export type PsicologoEvent = PsicologoRegistrado | PsicologoActualizado | FotoPerfilActualizada | PsicologoEliminado | ModalidadesPsicologoCambiadas;

/** What a psychologist offers until they say otherwise: both, so existing practices book as before. */
export const MODALIDADES_POR_DEFECTO: readonly Modalidad[] = ['PRESENCIAL', 'ONLINE'];

export type Psicologo =
  | { status: 'nuevo' }
  | { status: 'activo'; idPsicologo: number; idUsuario: number; perfil: PerfilProfesional; fotoPerfilUrl: string | null; modalidades?: Modalidad[] }
  | { status: 'eliminado'; idPsicologo: number; idUsuario: number };

export const psicologoStream = (idPsicologo: number) => `psicologo-${idPsicologo}`;

const perfilOf = (d: PerfilProfesional): PerfilProfesional => ({
  especialidad: d.especialidad, experiencia: d.experiencia, descripcion: d.descripcion, licencia: d.licencia,
});

export function evolvePsicologo(state: Psicologo, event: PsicologoEvent): Psicologo {
  switch (event.type) {
    case 'PsicologoRegistrado':
      return { status: 'activo', idPsicologo: event.data.idPsicologo, idUsuario: event.data.idUsuario, perfil: perfilOf(event.data), fotoPerfilUrl: null };
    case 'PsicologoActualizado':
      return state.status === 'activo' ? { ...state, perfil: perfilOf(event.data) } : state;
    case 'FotoPerfilActualizada':
      return state.status === 'activo' ? { ...state, fotoPerfilUrl: event.data.fotoPerfilUrl } : state;
    case 'ModalidadesPsicologoCambiadas':
      return state.status === 'activo' ? { ...state, modalidades: event.data.modalidades } : state;
    case 'PsicologoEliminado':
      return state.status === 'nuevo' ? state : { status: 'eliminado', idPsicologo: state.idPsicologo, idUsuario: state.idUsuario };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
