import { DateTime } from 'luxon';

// FHIR's dateTime and instant carry a zone once they have a time; the read models keep the
// practice's wall clock. These add the practice zone's offset of that moment.

/** `YYYY-MM-DDTHH:mm[:ss]` on the practice's wall clock → `YYYY-MM-DDTHH:mm:ss+hh:mm`. */
export function fhirDateTime(local: string | Date, zone: string): string {
  const dt = local instanceof Date ? DateTime.fromJSDate(local, { zone }) : DateTime.fromISO(local, { zone });
  return dt.toISO({ suppressMilliseconds: true, includeOffset: true })!;
}

/** An instant (Date or ISO text with zone) → FHIR instant in UTC with milliseconds. */
export const fhirInstant = (at: Date | string): string => new Date(at).toISOString();

/** A `date` column (Date at local midnight from pg, or text) → `YYYY-MM-DD`. */
export function fhirDate(value: Date | string): string {
  if (typeof value === 'string') return value.slice(0, 10);
  const y = value.getFullYear(), m = value.getMonth() + 1, d = value.getDate();
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Our own code systems' base (docs/fhir.md "Code systems"). */
export const CODE_SYSTEM_BASE = 'https://practice.example/fhir/CodeSystem';
