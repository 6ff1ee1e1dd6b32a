import type { Decider } from './decider.ts';
import { errors } from '../platform/errors.ts';
import { form } from '../platform/validation.ts';
import {
  evolveAjustes, RECORDATORIO_MAX_HORAS, RECORDATORIO_MIN_HORAS, RECORDATORIOS_DEFECTO, RECORDATORIOS_MAX,
  type AjusteEvent, type Ajustes, type AjustesCampos,
} from '../events/ajuste.ts';

export type AjusteCommand = {
  type: 'ActualizarAjustes';
  /** `idAjusteNuevo` is used only when the user has no settings yet. */
  data: { idUsuario: number; idAjusteNuevo: number; cambios: Partial<AjustesCampos> };
};

// The form of a zone name, also in the request schema; whether the tz database knows it is the decider's check.
// Offsets ("+01:00") are not names of the tz database, though newer Intl versions accept them.
export const ZONA_PATTERN = form('^[A-Za-z][A-Za-z0-9_+\\-/]*$', 'una zona horaria IANA, p. ej. Europe/Madrid', 'an IANA time zone, e.g. Europe/Madrid');

/** The canonical IANA name of a zone, or null when the tz database does not know it. */
export function canonicalZone(name: string): string | null {
  if (!new RegExp(ZONA_PATTERN).test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export function defaultAjustes(timezone: string): AjustesCampos {
  return { idioma: 'es', notificaciones: true, darkMode: false, timezone, recordatorios: [...RECORDATORIOS_DEFECTO] };
}

/** Reminder lead times, distinct and largest first; null when not 1 to 3 whole hours between 1 h and 7 days. */
export function normalRecordatorios(horas: unknown): number[] | null {
  if (!Array.isArray(horas) || horas.length < 1 || horas.length > RECORDATORIOS_MAX) return null;
  const ok = horas.every((h) => Number.isInteger(h) && h >= RECORDATORIO_MIN_HORAS && h <= RECORDATORIO_MAX_HORAS);
  if (!ok || new Set(horas).size !== horas.length) return null;
  return [...horas].sort((a, b) => b - a);
}

export const ajusteDecider: Decider<Ajustes, AjusteCommand, AjusteEvent> = {
  initialState: () => ({ status: 'nuevo' }),
  evolve: evolveAjustes,
  decide(command, state, ctx) {
    const { idUsuario, idAjusteNuevo, cambios } = command.data;
    const current = state.status === 'definido' ? state : { ...defaultAjustes(ctx.timezone), idUsuario, idAjuste: idAjusteNuevo };
    const next = { ...current, ...cambios };
    if (cambios.timezone !== undefined) {
      const zone = canonicalZone(cambios.timezone);
      if (!zone) throw errors.invalid('timezone: se esperaba una zona horaria IANA, p. ej. Europe/Madrid', 'timezone: expected an IANA time zone, e.g. Europe/Madrid');
      next.timezone = zone;
    }
    if (cambios.recordatorios !== undefined) {
      const horas = normalRecordatorios(cambios.recordatorios);
      if (!horas) throw errors.invalid('recordatorios: se esperaban de 1 a 3 antelaciones distintas, en horas enteras de 1 a 168', 'recordatorios: expected 1 to 3 distinct lead times, in whole hours from 1 to 168');
      next.recordatorios = horas;
    }
    const changed = state.status === 'nuevo' || (['idioma', 'notificaciones', 'darkMode', 'timezone'] as const).some((k) => next[k] !== current[k])
      || next.recordatorios.join() !== current.recordatorios.join();
    if (!changed) return [];
    const { idAjuste, idioma, notificaciones, darkMode, timezone, recordatorios } = next;
    return [{ type: 'AjustesActualizados', data: { idAjuste, idUsuario: current.idUsuario, idioma, notificaciones, darkMode, timezone, recordatorios } }];
  },
};
