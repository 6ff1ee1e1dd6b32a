import type { DomainEvent } from './domain-event.ts';

// A user's secret calendar feed URL. Only the SHA-256 of the secret is ever stored (here and in
// the read model): the log or a database dump cannot be turned back into a working URL.
export type FeedCalendarioCreado = DomainEvent<'FeedCalendarioCreado', { idUsuario: number; hashSecreto: string }>;
export type FeedCalendarioRevocado = DomainEvent<'FeedCalendarioRevocado', { idUsuario: number; hashSecreto: string }>;

export type FeedCalendarioEvent = FeedCalendarioCreado | FeedCalendarioRevocado;

/** The hash of the user's live feed secret, if any (one at a time: creating another rotates it). */
export interface FeedCalendario {
  hashSecreto: string | null;
}

export const feedCalendarioStream = (idUsuario: number) => `calendario-usuario-${idUsuario}`;

export function evolveFeedCalendario(state: FeedCalendario, event: FeedCalendarioEvent): FeedCalendario {
  switch (event.type) {
    case 'FeedCalendarioCreado':
      return { hashSecreto: event.data.hashSecreto };
    case 'FeedCalendarioRevocado':
      return state.hashSecreto === event.data.hashSecreto ? { hashSecreto: null } : state;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
