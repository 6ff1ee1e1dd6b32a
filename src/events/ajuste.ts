import type { DomainEvent } from './domain-event.ts';

export const IDIOMAS = ['es', 'en'] as const;
export type Idioma = (typeof IDIOMAS)[number];

export interface AjustesCampos {
  idioma: Idioma;
  notificaciones: boolean;
  darkMode: boolean;
  /** An IANA zone name, canonical as Intl spells it. */
  timezone: string;
}

/** The whole settings after a change: a projection (or a reactor) needs no earlier event. */
export type AjustesActualizados = DomainEvent<'AjustesActualizados', AjustesCampos & { idAjuste: number; idUsuario: number }>;

export type AjusteEvent = AjustesActualizados;

export type Ajustes =
  | { status: 'nuevo' }
  | ({ status: 'definido'; idAjuste: number; idUsuario: number } & AjustesCampos);

/** One settings aggregate per user. */
export const ajustesStream = (idUsuario: number) => `ajustes-usuario-${idUsuario}`;

export function evolveAjustes(state: Ajustes, event: AjusteEvent): Ajustes {
  switch (event.type) {
    case 'AjustesActualizados':
      return { status: 'definido', ...event.data };
    default: {
      const unknown: never = event.type;
      return unknown;
    }
  }
}
