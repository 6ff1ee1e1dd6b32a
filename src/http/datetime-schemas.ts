import type { JsonSchema } from './validation.ts';

// The one rule for the datetimes the API answers (README "For app developers", decisions.md):
// the practice's wall clock, always with seconds, never a zone or an offset. The only exception
// says so in its name: a field ending in `Utc` is the same instant in UTC, beside its local twin,
// because the wall clock repeats an hour every autumn and an audit must order events exactly.
// Requests stay lenient (seconds optional, `s.datetime()`); what goes out is always this form.

const YEAR = '(19\\d{2}|20\\d{2}|2100)';
const DAY = `${YEAR}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])`;
const CLOCK = '([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d';

/** `AAAA-MM-DDTHH:mm:ss`, no zone: every datetime of every response. */
export const LOCAL_DATETIME_OUT = `^${DAY}T${CLOCK}$`;
/** `AAAA-MM-DDTHH:mm:ss.sssZ`: only the fields named `…Utc`. */
export const UTC_INSTANT_OUT = `^${DAY}T${CLOCK}\\.\\d{3}Z$`;

/** How the document describes the rule on each field (after the field's own words). */
export const LOCAL_RULE_TEXT = 'hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona';
const UTC_RULE_TEXT = 'el mismo instante en UTC, AAAA-MM-DDTHH:mm:ss.sssZ';

/**
 * A datetime in a response. Without `what` the field's shared description (openapi-text.ts,
 * which names the rule) is used.
 */
export const localDateTimeOut = (what?: string): JsonSchema => ({
  type: 'string', pattern: LOCAL_DATETIME_OUT, example: '2026-03-14T10:30:00',
  ...(what === undefined ? {} : { description: `${what}, ${LOCAL_RULE_TEXT}` }),
});

/** The UTC twin of a local datetime, for the audit only; its name ends in `Utc`. */
export const utcInstantOut = (what: string): JsonSchema => ({
  type: 'string', pattern: UTC_INSTANT_OUT, example: '2026-03-14T09:30:00.000Z', description: `${what}: ${UTC_RULE_TEXT}`,
});
