import { DateTime } from 'luxon';
import { errors } from '../../platform/errors.ts';
import type { SearchClause } from './types.ts';

// Parsing of FHIR search values (R4 "Search" §3.1.1.4). Every malformed value is a 400 that says
// what was expected; resource modules turn the parsed values into SQL.

const bad = (name: string, value: string, expected: string) =>
  errors.invalid(`${name}: valor no válido '${value}', se esperaba ${expected}`, `${name}: invalid value '${value}', expected ${expected}`);

export type DatePrefix = 'eq' | 'ne' | 'gt' | 'lt' | 'ge' | 'le' | 'sa' | 'eb' | 'ap';

/** A date search value: the range its precision covers, as instants and as the practice's wall clock. */
export interface DateRange {
  prefix: DatePrefix;
  /** Inclusive start and exclusive end, as instants (Date). */
  start: Date;
  end: Date;
  /** The same range on the practice's wall clock, `YYYY-MM-DDTHH:mm:ss` (for local columns). */
  startLocal: string;
  endLocal: string;
}

const DATE_VALUE = /^(eq|ne|gt|lt|ge|le|sa|eb|ap)?((?!0000)\d{4}(?:-\d{2}(?:-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})?)?)?)?)$/;
const LOCAL = "yyyy-MM-dd'T'HH:mm:ss";
// FHIR years run 0001-9999 and PostgreSQL has no year 0: a range reaching past them (`gt9999`, a
// zone pushing 0001 into year 0) is cut at these, so that SQL neither fails nor compares
// five-digit years as text.
const FIRST = DateTime.fromISO('0001-01-01T00:00:00Z', { zone: 'utc' });
const LAST = DateTime.fromISO('9999-12-31T23:59:59.999Z', { zone: 'utc' });
const FIRST_LOCAL = '0001-01-01T00:00:00';
const LAST_LOCAL = '9999-12-31T23:59:59.999';

function bounded(dt: DateTime, zone: string): { at: Date; local: string } {
  if (dt < FIRST) return { at: FIRST.toJSDate(), local: FIRST_LOCAL };
  if (dt > LAST) return { at: LAST.toJSDate(), local: LAST_LOCAL };
  const local = dt.setZone(zone);
  return { at: dt.toJSDate(), local: local.year < 1 ? FIRST_LOCAL : local.year > 9999 ? LAST_LOCAL : local.toFormat(LOCAL) };
}

/**
 * `[prefix]YYYY[-MM[-DD[Thh:mm[:ss][zone]]]]`. Without a zone the value is the practice's wall
 * clock (FHIR leaves it to the server); a year, month or day covers the whole of it.
 */
export function parseDate(name: string, value: string, zone: string): DateRange {
  const m = DATE_VALUE.exec(value);
  if (!m) throw bad(name, value, 'una fecha FHIR [eq|ne|gt|lt|ge|le|sa|eb|ap]AAAA[-MM[-DD[Thh:mm[:ss][zona]]]]');
  const text = m[2];
  const hasZone = /(Z|[+-]\d{2}:\d{2})$/.test(text) && text.includes('T');
  const dt = hasZone ? DateTime.fromISO(text, { setZone: true }) : DateTime.fromISO(text, { zone });
  if (!dt.isValid) throw bad(name, value, 'una fecha que exista');
  const unit = text.length === 4 ? 'year' : text.length === 7 ? 'month' : text.length === 10 ? 'day'
    : !/T\d{2}:\d{2}:/.test(text) ? 'minute' : /:\d{2}\.\d/.test(text) ? 'millisecond' : 'second';
  const start = bounded(dt.startOf(unit), zone);
  const end = bounded(dt.startOf(unit).plus({ [unit + 's']: 1 }), zone);
  return { prefix: (m[1] as DatePrefix | undefined) ?? 'eq', start: start.at, end: end.at, startLocal: start.local, endLocal: end.local };
}

/**
 * SQL for a point in time (a column holding one instant or wall-clock time) against a date range:
 * returns `[sql, bindings]` for `where(raw)`. `local` picks the wall-clock bounds (text/timestamp columns).
 */
export function dateCondition(column: string, r: DateRange, local: boolean): [string, unknown[]] {
  const [lo, hi] = local ? [r.startLocal, r.endLocal] : [r.start.toISOString(), r.end.toISOString()];
  const c = column;
  switch (r.prefix) {
    case 'eq': case 'ap': return [`(${c} >= ? and ${c} < ?)`, [lo, hi]];
    case 'ne': return [`not (${c} >= ? and ${c} < ?)`, [lo, hi]];
    case 'gt': case 'sa': return [`${c} >= ?`, [hi]];
    case 'ge': return [`${c} >= ?`, [lo]];
    case 'lt': case 'eb': return [`${c} < ?`, [lo]];
    case 'le': return [`${c} < ?`, [hi]];
  }
}

/** A token `[system|]code`: `system` null when absent; '' when given empty (`|code`: no system). */
export function parseToken(value: string): { system: string | null; code: string } {
  const bar = value.indexOf('|');
  if (bar < 0) return { system: null, code: value };
  return { system: value.slice(0, bar), code: value.slice(bar + 1) };
}

/**
 * A reference `[Type/]id` (or an absolute URL ending in it) to one of `types`, whose id matches
 * `idPattern`; anything else is a 400.
 */
export function parseReference(name: string, value: string, types: readonly string[], idPattern = /^[1-9]\d{0,9}$/): { type: string; id: string } {
  // The URL's path before `Type/` is optional; it must not swallow the type (`Practitioner/1` is no Patient).
  const m = /^(?:(?:.*\/)?([A-Z][A-Za-z]+)\/)?([A-Za-z0-9\-.]{1,64})$/.exec(value);
  const type = m?.[1] ?? (types.length === 1 ? types[0] : null);
  if (!m || !type || !types.includes(type) || !idPattern.test(m[2])) {
    throw bad(name, value, `una referencia ${types.map((t) => `${t}/<id>`).join(' o ')}`);
  }
  return { type, id: m[2] };
}

/** A positive integer id (the REST API's ids), or null when the text is not one (then nothing matches). */
export function intId(id: string): number | null {
  return /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647 ? Number(id) : null;
}

/** The clauses of one parameter name. */
export const clausesOf = (clauses: SearchClause[], name: string) => clauses.filter((c) => c.name === name);

/** Cursor of keyset paging: the last row's key, base64url JSON; a malformed one is a 400. */
export function encodeCursor(key: (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/**
 * Each key part's kind: `int` a database integer (0..2^31-1: a larger one would make PostgreSQL
 * fail, not match nothing), `number` any safe integer (e.g. epoch milliseconds, compared in JS),
 * `text` a string without NUL. A cursor is the client's to forge: anything else is a 400.
 */
export type CursorPart = 'int' | 'number' | 'text';
const CURSOR_PART: Record<CursorPart, (k: unknown) => boolean> = {
  int: (k) => Number.isSafeInteger(k) && (k as number) >= 0 && (k as number) <= 2_147_483_647,
  number: (k) => Number.isSafeInteger(k),
  text: (k) => typeof k === 'string' && !k.includes('\u0000'),
};

export function decodeCursor(cursor: string, shape: CursorPart[]): (string | number)[] {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(key) && key.length === shape.length && key.every((k, i) => CURSOR_PART[shape[i]](k))) {
      return key as (string | number)[];
    }
  } catch {
    // falls through to the 400
  }
  throw errors.invalid('_cursor no válido: use el enlace next de la página anterior', "Invalid _cursor: use the previous page's next link");
}
