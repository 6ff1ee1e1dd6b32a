import { DateTime } from 'luxon';

/** Wall-clock `YYYY-MM-DDTHH:MM:SS` of an instant in a zone (the spec's datetime). */
export function localDateTime(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toFormat("yyyy-LL-dd'T'HH:mm:ss");
}

/** `YYYY-MM-DD` of an instant in a zone. */
export function localDate(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toFormat('yyyy-LL-dd');
}

/** Whole years between a birth date and the instant's date in the zone. */
export function ageOn(fechaNacimiento: string, instant: Date, zone: string): number {
  const birth = DateTime.fromISO(fechaNacimiento, { zone });
  const today = DateTime.fromJSDate(instant, { zone }).startOf('day');
  return Math.floor(today.diff(birth, 'years').years);
}

export function isValidDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && DateTime.fromISO(value).isValid;
}
