import { localDateTime } from '../platform/time.ts';

// Event data keeps instants as the log stores them, UTC ISO strings: the agenda's and a patient's
// booked spans (`inicio`, `fin`), a message's `enviadoEn` and `leidoEn`, the retention clock's
// `ultimaActividad` (src/events). The API answers every datetime on the practice's wall clock
// (README "For app developers"), so the events it hands out (audit, export) show them that way too.
const INSTANT_FIELDS = new Set(['inicio', 'fin', 'enviadoEn', 'leidoEn', 'ultimaActividad']);
const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A copy of event data with its instants as local `YYYY-MM-DDTHH:mm:ss`; nothing else changes. */
export function withLocalInstants<T>(value: T, zone: string, field = ''): T {
  if (typeof value === 'string') {
    return (INSTANT_FIELDS.has(field) && ZONED.test(value) ? localDateTime(new Date(value), zone) : value) as T;
  }
  // An array's items are values of the field that holds it (`citas[].inicio` keeps its own names).
  if (Array.isArray(value)) return value.map((v) => withLocalInstants(v, zone)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withLocalInstants(v, zone, k)])) as T;
  }
  return value;
}
