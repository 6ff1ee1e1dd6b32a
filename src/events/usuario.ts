import type { Rol } from '../platform/roles.ts';
import type { DomainEvent } from './domain-event.ts';

export type { Rol } from '../platform/roles.ts';

export type UsuarioRegistrado = DomainEvent<'UsuarioRegistrado', {
  idUsuario: number;
  nombre: string;
  apellido: string;
  email: string;
  /** Keyed hash of the normalised e-mail: the lookup key, never the plaintext. */
  emailHash: string;
  passwordHash: string;
  dni: string | null;
  rol: Rol;
}>;
export type UsuarioDesactivado = DomainEvent<'UsuarioDesactivado', { idUsuario: number; motivo: string }>;

export type UsuarioEvent = UsuarioRegistrado | UsuarioDesactivado;

export type Usuario =
  | { status: 'nuevo' }
  | { status: 'activo'; idUsuario: number; rol: Rol }
  | { status: 'inactivo'; idUsuario: number; rol: Rol };

export const usuarioStream = (idUsuario: number) => `usuario-${idUsuario}`;

export function evolveUsuario(state: Usuario, event: UsuarioEvent): Usuario {
  switch (event.type) {
    case 'UsuarioRegistrado':
      return { status: 'activo', idUsuario: event.data.idUsuario, rol: event.data.rol };
    case 'UsuarioDesactivado':
      return state.status === 'nuevo' ? state : { ...state, status: 'inactivo' };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
