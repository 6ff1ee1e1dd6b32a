import type { Decider } from './decider.ts';
import { errors } from '../platform/errors.ts';
import { evolveUsuario, type Rol, type Usuario, type UsuarioEvent, type UsuarioRegistrado } from '../events/usuario.ts';

export type UsuarioCommand =
  | { type: 'RegistrarUsuario'; data: UsuarioRegistrado['data'] }
  | { type: 'DesactivarUsuario'; data: { motivo: string } };

export const usuarioDecider: Decider<Usuario, UsuarioCommand, UsuarioEvent> = {
  initialState: () => ({ status: 'nuevo' }),
  evolve: evolveUsuario,
  decide(command, state) {
    switch (command.type) {
      case 'RegistrarUsuario':
        if (state.status !== 'nuevo') throw errors.conflict('El usuario ya existe', 'User already exists');
        return [{ type: 'UsuarioRegistrado', data: command.data }];
      case 'DesactivarUsuario':
        if (state.status === 'nuevo') throw errors.notFound('Usuario', 'User');
        if (state.status === 'inactivo') return [];
        return [{ type: 'UsuarioDesactivado', data: { idUsuario: state.idUsuario, motivo: command.data.motivo } }];
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};

export const ROLES: readonly Rol[] = ['ADMIN', 'PSICOLOGO', 'PACIENTE', 'AUDITOR'];
