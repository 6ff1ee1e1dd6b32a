import type { Decider } from './decider.ts';
import { errors } from '../platform/errors.ts';
import {
  evolvePsicologo, type PerfilProfesional, type Psicologo, type PsicologoEvent, type PsicologoRegistrado,
} from '../events/psicologo.ts';
import { MODALIDADES, type Modalidad } from '../events/cita.ts';
import { MODALIDADES_POR_DEFECTO } from '../events/psicologo.ts';

/** A partial profile change: omitted fields keep their value. */
export type CambiosPerfil = Partial<PerfilProfesional>;

export type PsicologoCommand =
  | { type: 'RegistrarPsicologo'; data: PsicologoRegistrado['data'] }
  | { type: 'ActualizarPsicologo'; data: CambiosPerfil }
  | { type: 'ActualizarFotoPerfil'; data: { fotoPerfilUrl: string } }
  | { type: 'EliminarPsicologo' }
  | { type: 'CambiarModalidades'; data: { modalidades: Modalidad[] } };

const notFound = () => errors.notFound('Psicólogo', 'Psychologist');

function checkExperiencia(experiencia: number): void {
  if (!Number.isInteger(experiencia) || experiencia < 0) {
    throw errors.invalid('experiencia: se esperaba un número entero mayor o igual que 0', 'experiencia: expected a whole number of at least 0');
  }
}

/** Licences are compared as their reservation normalises them: trimmed, case-insensitive. */
export const sameLicencia = (a: string | null, b: string | null) => (a ?? '').trim().toUpperCase() === (b ?? '').trim().toUpperCase();

function actualizar(state: Psicologo, cambios: CambiosPerfil): PsicologoEvent[] {
  if (state.status !== 'activo') throw notFound();
  const perfil: PerfilProfesional = {
    especialidad: cambios.especialidad !== undefined ? cambios.especialidad : state.perfil.especialidad,
    experiencia: cambios.experiencia ?? state.perfil.experiencia,
    descripcion: cambios.descripcion !== undefined ? cambios.descripcion : state.perfil.descripcion,
    licencia: cambios.licencia !== undefined ? cambios.licencia : state.perfil.licencia,
  };
  checkExperiencia(perfil.experiencia);
  const unchanged = perfil.especialidad === state.perfil.especialidad && perfil.experiencia === state.perfil.experiencia
    && perfil.descripcion === state.perfil.descripcion && perfil.licencia === state.perfil.licencia;
  if (unchanged) return [];
  return [{
    type: 'PsicologoActualizado',
    data: { idPsicologo: state.idPsicologo, idUsuario: state.idUsuario, ...perfil, licenciaAnterior: state.perfil.licencia },
  }];
}

/** One or both modalities, each once; recorded only when the set changes (in a fixed order). */
function cambiarModalidades(state: Psicologo, pedidas: Modalidad[]): PsicologoEvent[] {
  if (state.status !== 'activo') throw notFound();
  const modalidades = MODALIDADES.filter((m) => pedidas.includes(m));
  if (!modalidades.length || modalidades.length !== pedidas.length) {
    throw errors.invalid('modalidades: una o las dos de PRESENCIAL y ONLINE, sin repetir', 'modalidades: one or both of PRESENCIAL and ONLINE, without repeats');
  }
  const actuales = state.modalidades ?? MODALIDADES_POR_DEFECTO;
  if (actuales.length === modalidades.length && actuales.every((m) => modalidades.includes(m))) return [];
  return [{ type: 'ModalidadesPsicologoCambiadas', data: { idPsicologo: state.idPsicologo, idUsuario: state.idUsuario, modalidades } }];
}

export const psicologoDecider: Decider<Psicologo, PsicologoCommand, PsicologoEvent> = {
  initialState: () => ({ status: 'nuevo' }),
  evolve: evolvePsicologo,
  decide(command, state) {
    switch (command.type) {
      case 'RegistrarPsicologo':
        if (state.status !== 'nuevo') throw errors.conflict('El psicólogo ya existe', 'Psychologist already exists');
        checkExperiencia(command.data.experiencia);
        return [{ type: 'PsicologoRegistrado', data: command.data }];
      case 'ActualizarPsicologo':
        return actualizar(state, command.data);
      case 'ActualizarFotoPerfil':
        if (state.status !== 'activo') throw notFound();
        return [{
          type: 'FotoPerfilActualizada',
          data: { idPsicologo: state.idPsicologo, idUsuario: state.idUsuario, fotoPerfilUrl: command.data.fotoPerfilUrl, fotoAnterior: state.fotoPerfilUrl },
        }];
      case 'EliminarPsicologo':
        if (state.status !== 'activo') throw notFound();
        return [{
          type: 'PsicologoEliminado',
          data: { idPsicologo: state.idPsicologo, idUsuario: state.idUsuario, licencia: state.perfil.licencia, fotoPerfilUrl: state.fotoPerfilUrl },
        }];
      case 'CambiarModalidades':
        return cambiarModalidades(state, command.data.modalidades);
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
