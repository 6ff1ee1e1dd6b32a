import { DateTime } from 'luxon';
import { localDate } from './time.ts';
import { atInstant, formatDate, formatDateTime, fromWall, knownZone, parseLocal, plusDays, startOfDay, wall, type Zoned } from './zone-clock.ts';

// Wall-clock times of the practice's zone for appointments and blocked time. Overlaps are judged
// on instants (UTC), so a day with a daylight-saving change has its real 23 or 25 hours.

/** `HH:MM`, 00:00 to 23:59. */
export const HORA_PATTERN = '^([01]\\d|2[0-3]):[0-5]\\d$';
/** `YYYY-MM`. */
export const MES_PATTERN = '^\\d{4}-(0[1-9]|1[0-2])$';

/** A span of time as UTC instants (ISO 8601). */
export interface Tramo {
  inicio: string;
  fin: string;
}

/** luxon's answer, for what the plain arithmetic below does not take (odd text, unknown zones). */
function localInstantLuxon(local: string, zone: string): number | null {
  const dt = DateTime.fromISO(local, { zone });
  if (!dt.isValid) return null;
  // Luxon moves a time inside the spring-forward gap to a later hour: such a time does not exist.
  if (dt.toFormat("yyyy-LL-dd'T'HH:mm") !== local.slice(0, 16)) return null;
  return dt.toMillis();
}

/**
 * The instant (epoch ms) of a local datetime (`YYYY-MM-DDTHH:MM[:SS]`) in the zone; null when
 * malformed or when the wall clock never shows it (the hour skipped when summer time starts). In
 * the hour repeated when summer time ends, the occurrence luxon takes (src/platform/zone-clock.ts).
 */
export function localInstant(local: string, zone: string): number | null {
  const f = local.length >= 16 && knownZone(zone) ? parseLocal(local) : null;
  if (!f) return localInstantLuxon(local, zone);
  const z = fromWall(f, zone);
  const shown = wall(z);
  const same = shown.year === f.year && shown.month === f.month && shown.day === f.day && shown.hour === f.hour && shown.minute === f.minute;
  return same ? z.ts : null;
}

/** `YYYY-MM-DDTHH:MM` → `YYYY-MM-DDTHH:MM:SS` (the spec's datetime). */
export const withSeconds = (local: string) => (local.length === 16 ? `${local}:00` : local);

const iso = (dt: DateTime) => dt.toUTC().toISO()!;
const isoMs = (ms: number) => new Date(ms).toISOString();
/** The wall clock of an instant in a zone, `YYYY-MM-DDTHH:MM:SS`. */
const wallClockAt = (ms: number, zone: string) => formatDateTime(wall(atInstant(ms, zone)));

/**
 * Where an appointment lies: its instants and the local wall-clock end, `durationMinutes` of real
 * time after the start (so across a DST change the end shows the clock's hour; it may be the next day).
 */
export function tramoCita(startDatetime: string, durationMinutes: number, zone: string): (Tramo & { endDatetime: string }) | null {
  const start = localInstant(startDatetime, zone);
  if (start === null) return null;
  const end = start + durationMinutes * 60_000;
  return { inicio: isoMs(start), fin: isoMs(end), endDatetime: wallClockAt(end, zone) };
}

/** A block on one local date: between two hours, or the whole day (midnight to the next midnight). */
export function tramoBloqueo(fecha: string, horaInicio: string | null, horaFin: string | null, zone: string): Tramo | null {
  if (horaInicio === null || horaFin === null) {
    const day = DateTime.fromISO(fecha, { zone });
    if (!day.isValid) return null;
    return { inicio: iso(day.startOf('day')), fin: iso(day.plus({ days: 1 }).startOf('day')) };
  }
  const start = localInstant(`${fecha}T${horaInicio}`, zone);
  const end = localInstant(`${fecha}T${horaFin}`, zone);
  if (start === null || end === null) return null;
  return { inicio: isoMs(start), fin: isoMs(end) };
}

/**
 * The local dates (`YYYY-MM-DD`, practice zone) that the span `[inicio, fin)` shares an instant
 * with: one for most appointments, two for one that crosses local midnight. A block always lies
 * on its own `fecha`. An empty or inverted span counts on the day it starts. These dates name the
 * agenda's decision streams (src/events/agenda.ts).
 */
export function diasLocales(t: Tramo, zone: string): string[] {
  const fin = Date.parse(t.fin);
  if (knownZone(zone) && UTC_ISO.test(t.inicio)) {
    let day: Zoned = startOfDay(atInstant(Date.parse(t.inicio), zone), zone);
    const days = [formatDate(wall(day))];
    const next = (d: Zoned) => startOfDay(plusDays(d, 1, zone), zone);
    for (day = next(day); day.ts < fin && days.length < 32; day = next(day)) days.push(formatDate(wall(day)));
    return days;
  }
  let day = DateTime.fromISO(t.inicio, { zone }).startOf('day');
  const days = [day.toFormat('yyyy-LL-dd')];
  // Appointments last at most 10 hours and blocks one day; the bound only guards against a caller's bug.
  for (day = day.plus({ days: 1 }).startOf('day'); day.toMillis() < fin && days.length < 32; day = day.plus({ days: 1 }).startOf('day')) {
    days.push(day.toFormat('yyyy-LL-dd'));
  }
  return days;
}

/** An instant as `tramoCita` writes it (years 1000 to 9999); other text goes through luxon. */
const UTC_ISO = /^[1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;

/** True when two spans share any instant (touching ends do not overlap). */
export function overlaps(a: { inicio: number; fin: number }, b: { inicio: number; fin: number }): boolean {
  return a.inicio < b.fin && b.inicio < a.fin;
}

/** The local dates `[desde, hasta)` of a month `YYYY-MM`, for text comparison of `YYYY-MM-DD` columns. */
export function monthBounds(month: string): { desde: string; hasta: string } {
  // A valid month by plain arithmetic: luxon's fromFormat builds its parser on every call, a few
  // per cent of an agenda request. Anything else goes through luxon as before.
  const valid = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (valid) {
    const [y, m] = [Number(valid[1]), Number(valid[2])];
    const next = m === 12 ? `${String(y + 1).padStart(4, '0')}-01` : `${valid[1]}-${String(m + 1).padStart(2, '0')}`;
    return { desde: `${month}-01`, hasta: `${next}-01` };
  }
  const first = DateTime.fromFormat(month, 'yyyy-LL', { zone: 'UTC' });
  return { desde: first.toFormat('yyyy-LL-dd'), hasta: first.plus({ months: 1 }).toFormat('yyyy-LL-dd') };
}

/** The month `YYYY-MM` of an instant in the zone. */
export const currentMonth = (now: Date, zone: string) => localDate(now, zone).slice(0, 7);

/** `HH:MM` of a local datetime `YYYY-MM-DDTHH:MM:SS`. */
export const hhmm = (local: string) => local.slice(11, 16);
