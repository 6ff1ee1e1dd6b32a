import type { DomainEvent } from './domain-event.ts';

export const IDIOMAS = ['es', 'en'] as const;
export type Idioma = (typeof IDIOMAS)[number];

export interface AjustesCampos {
  idioma: Idioma;
  notificaciones: boolean;
  darkMode: boolean;
  /** An IANA zone name, canonical as Intl spells it. */
  timezone: string;
  /** Reminder lead times in hours, largest first: 1 to 3 distinct, each 1 h to 7 days. */
  recordatorios: number[];
}

/** The lead times of a user who never chose them, and of settings recorded before the field existed. */
export const RECORDATORIOS_DEFECTO: readonly number[] = [24];
export const RECORDATORIO_MIN_HORAS = 1;
export const RECORDATORIO_MAX_HORAS = 7 * 24;
export const RECORDATORIOS_MAX = 3;

/**
 * The whole settings after a change: a projection (or a reactor) needs no earlier event.
 * `recordatorios` is absent from events recorded before it existed (read as RECORDATORIOS_DEFECTO).
 */
export type AjustesActualizados = DomainEvent<'AjustesActualizados', Omit<AjustesCampos, 'recordatorios'> & {
  idAjuste: number;
  idUsuario: number;
  recordatorios?: number[];
}>;

export type AjusteEvent = AjustesActualizados;

export type Ajustes =
  | { status: 'nuevo' }
  | ({ status: 'definido'; idAjuste: number; idUsuario: number } & AjustesCampos);

/** One settings aggregate per user. */
export const ajustesStream = (idUsuario: number) => `ajustes-usuario-${idUsuario}`;

export function evolveAjustes(state: Ajustes, event: AjusteEvent): Ajustes {
  switch (event.type) {
    case 'AjustesActualizados':
      return { status: 'definido', ...event.data, recordatorios: event.data.recordatorios ?? [...RECORDATORIOS_DEFECTO] };
    default: {
      const unknown: never = event.type;
      return unknown;
    }
  }
}
