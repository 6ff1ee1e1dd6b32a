import { ConfigError } from './config-error.ts';
import type { Env } from './env.ts';

/**
 * What a patient is told right after an answer that raised a safety alert (docs/care.md "Safety
 * alert"): CARE_URGENT_HELP_TEXT, the practice's own words; by default Spain's 024 line (the
 * Ministry of Health's suicide-prevention line, free and round the clock) and 112.
 */
export const DEFAULT_URGENT_HELP_TEXT =
  'Si piensa en hacerse daño o en que estaría mejor muerto(a), llame ahora a la Línea 024 de atención a la conducta suicida '
  + '(gratuita, confidencial, 24 horas) o, si corre peligro inmediato, al 112. '
  + "If you are thinking of harming yourself, call 024 now (Spain's suicide-prevention line: free, confidential, 24 hours) "
  + 'or 112 if you are in immediate danger.';

export function loadUrgentHelpText(env: Env): string {
  const value = (env.CARE_URGENT_HELP_TEXT ?? '').trim();
  if (!value) return DEFAULT_URGENT_HELP_TEXT;
  if (value.length > 2000) throw new ConfigError('CARE_URGENT_HELP_TEXT takes at most 2000 characters');
  return value;
}
