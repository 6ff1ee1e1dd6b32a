import { DateTime } from 'luxon';
import { atInstant, formatDate, formatDateTime, knownZone, wall, type Fields } from './zone-clock.ts';

/** The wall clock of an instant by plain arithmetic (zone-clock.ts); null where luxon keeps answering (odd dates, unknown zones). */
function fieldsAt(instant: Date, zone: string): Fields | null {
  const ms = instant.getTime();
  if (!knownZone(zone) || !(ms >= -30_610_224_000_000 && ms < 253_370_764_800_000)) return null; // years 1000 to 9998
  return wall(atInstant(ms, zone));
}

/** Wall-clock `YYYY-MM-DDTHH:MM:SS` of an instant in a zone (the spec's datetime). */
export function localDateTime(instant: Date, zone: string): string {
  const f = fieldsAt(instant, zone);
  return f ? formatDateTime(f) : DateTime.fromJSDate(instant, { zone }).toFormat("yyyy-LL-dd'T'HH:mm:ss");
}

/** `YYYY-MM-DD` of an instant in a zone. */
export function localDate(instant: Date, zone: string): string {
  const f = fieldsAt(instant, zone);
  return f ? formatDate(f) : DateTime.fromJSDate(instant, { zone }).toFormat('yyyy-LL-dd');
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
