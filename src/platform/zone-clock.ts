// Wall-clock arithmetic in an IANA zone with Intl alone: luxon costs tens of microseconds per call,
// several calls per booking, on the write path. These functions follow luxon's own algorithm step
// by step (the offset from Intl's parts, the first guess from the current instant, the same rules
// for the hour skipped and the hour repeated), so every answer is luxon's:
// test/platform/zone-clock.test.ts compares them over DST changes of several zones.

const formats = new Map<string, Intl.DateTimeFormat | null>();

/** luxon's formatter of a zone (same options); null for a zone Intl does not know. */
function formatOf(zone: string): Intl.DateTimeFormat | null {
  let f = formats.get(zone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        hour12: false, timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', era: 'short',
      });
    } catch {
      f = null;
    }
    formats.set(zone, f);
  }
  return f;
}

/** Whether Intl knows the zone (otherwise callers keep luxon's answer for it). */
export const knownZone = (zone: string) => formatOf(zone) !== null;

export interface Fields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

/** The fields read as if UTC (luxon's objToLocalTS, years 0-99 kept as such). */
export function localTs(f: Fields): number {
  const d = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second, f.millisecond);
  if (f.year >= 100 || f.year < 0) return d;
  const fixed = new Date(d);
  fixed.setUTCFullYear(f.year, f.month - 1, f.day);
  return +fixed;
}

/** Minutes east of UTC at an instant, as luxon's IANAZone.offset computes it. */
export function offsetAt(zone: string, ts: number): number {
  const dtf = formatOf(zone);
  if (!dtf || Number.isNaN(ts)) return NaN;
  const f: Fields = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, millisecond: 0 };
  let bc = false;
  for (const { type, value } of dtf.formatToParts(ts)) {
    if (type === 'era') bc = value === 'BC';
    else if (type === 'year' || type === 'month' || type === 'day' || type === 'hour' || type === 'minute' || type === 'second') f[type] = parseInt(value, 10);
  }
  if (bc) f.year = -Math.abs(f.year) + 1;
  if (f.hour === 24) f.hour = 0;
  const over = ts % 1000;
  return (localTs(f) - (ts - (over >= 0 ? over : 1000 + over))) / 60_000;
}

/** An instant and the offset it shows in its zone (a luxon DateTime's ts and o). */
export interface Zoned {
  ts: number;
  o: number;
}

/** luxon's fixOffset: the instant of a wall-clock time, from a guessed offset. */
export function fixOffset(local: number, o: number, zone: string): Zoned {
  let guess = local - o * 60_000;
  const o2 = offsetAt(zone, guess);
  if (o === o2) return { ts: guess, o };
  guess -= (o2 - o) * 60_000;
  const o3 = offsetAt(zone, guess);
  if (o2 === o3) return { ts: guess, o: o2 };
  // A time the clock skips: the offset changed, the time is not adjusted (luxon's "hole").
  return { ts: local - Math.min(o2, o3) * 60_000, o: Math.max(o2, o3) };
}

/** A wall-clock time of the zone as luxon's fromObject places it (first guess: the offset now). */
export const fromWall = (f: Fields, zone: string): Zoned => fixOffset(localTs(f), offsetAt(zone, Date.now()), zone);

/** An instant in the zone (luxon's fromJSDate / setZone). */
export const atInstant = (ts: number, zone: string): Zoned => ({ ts, o: offsetAt(zone, ts) });

/** The wall-clock fields a zoned instant shows. */
export function wall(z: Zoned): Fields {
  const d = new Date(z.ts + z.o * 60_000);
  return {
    year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(),
    hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds(), millisecond: d.getUTCMilliseconds(),
  };
}

/** luxon's startOf('day'). */
export const startOfDay = (z: Zoned, zone: string): Zoned => fixOffset(localTs({ ...wall(z), hour: 0, minute: 0, second: 0, millisecond: 0 }), z.o, zone);

/** luxon's plus({ days }) (calendar days: the same wall-clock time, placed again). */
export const plusDays = (z: Zoned, days: number, zone: string): Zoned => {
  const f = wall(z);
  return fixOffset(localTs({ ...f, day: f.day + days }), z.o, zone);
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `yyyy-LL-dd` (luxon's tokens: a year below 0 or above 9999 is left to luxon by the callers). */
export const formatDate = (f: Fields) => `${pad(f.year, 4)}-${pad(f.month)}-${pad(f.day)}`;
/** `yyyy-LL-dd'T'HH:mm:ss`. */
export const formatDateTime = (f: Fields) => `${formatDate(f)}T${pad(f.hour)}:${pad(f.minute)}:${pad(f.second)}`;

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * `YYYY-MM-DD[THH:MM[:SS]]` with every field in range, as fields; null for anything else (which
 * callers hand to luxon, so its answer for odd input stays the answer).
 */
export function parseLocal(text: string): Fields | null {
  const m = LOCAL.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [hour, minute, second] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  return { year, month, day, hour, minute, second, millisecond: 0 };
}
