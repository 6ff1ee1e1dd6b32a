import type { DomainEvent } from './domain-event.ts';

/**
 * Why a token left a user: they removed it, another user signed in on the device, FCM dropped it,
 * or a newer device took its place (a user keeps at most MAX_DEVICE_TOKENS_PER_USER).
 */
export type MotivoBaja = 'USUARIO' | 'OTRO_USUARIO' | 'NO_REGISTRADO' | 'SUSTITUIDO';

export type DispositivoRegistrado = DomainEvent<'DispositivoRegistrado', { idUsuario: number; token: string }>;
export type DispositivoEliminado = DomainEvent<'DispositivoEliminado', { idUsuario: number; token: string; motivo: MotivoBaja }>;

export type DispositivoEvent = DispositivoRegistrado | DispositivoEliminado;

/** A user's push device tokens, oldest first. */
export interface Dispositivos {
  tokens: readonly string[];
}

export const dispositivosStream = (idUsuario: number) => `dispositivos-usuario-${idUsuario}`;

export function evolveDispositivos(state: Dispositivos, event: DispositivoEvent): Dispositivos {
  // An erased (crypto-shredded) token reads as null: it can no longer be matched, so it is dropped.
  const token = event.data.token;
  switch (event.type) {
    case 'DispositivoRegistrado':
      return token == null || state.tokens.includes(token) ? state : { tokens: [...state.tokens, token] };
    case 'DispositivoEliminado':
      return { tokens: state.tokens.filter((t) => t !== token) };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
