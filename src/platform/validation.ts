import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { AppError, errors, type Message } from './errors.ts';
import { MAX_JSON_DEPTH, type TextProblem } from './json-guard.ts';
import { expected, form, integerPattern } from './schema-words.ts';
import { HORA_PATTERN } from './agenda-time.ts';
import { HORA_LABORAL_PATTERN } from './horario-time.ts';

export type JsonSchema = Record<string, unknown>;

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

// One ajv instance: schemas validate requests (unknown fields rejected) and feed the OpenAPI document.
const ajv = addFormats(new Ajv({ allErrors: false, strict: false, coerceTypes: false, useDefaults: false, verbose: true }));
const compiled = new WeakMap<JsonSchema, ValidateFunction>();

function describe(error: ErrorObject, root: JsonSchema): Message {
  const field = error.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'cuerpo';
  switch (error.keyword) {
    case 'additionalProperties': {
      const extra = String((error.params as { additionalProperty: string }).additionalProperty);
      return { es: `Campo no admitido: ${extra}`, en: `Unknown field: ${extra}` };
    }
    case 'required': {
      const missing = String((error.params as { missingProperty: string }).missingProperty);
      const schema = (error.parentSchema as { properties?: Record<string, JsonSchema> } | undefined)?.properties?.[missing];
      const what = schema ? expected(schema) : undefined;
      return what
        ? { es: `Falta el campo obligatorio: ${missing} (${what.es})`, en: `Missing required field: ${missing} (${what.en})` }
        : { es: `Falta el campo obligatorio: ${missing}`, en: `Missing required field: ${missing}` };
    }
    case 'minProperties':
      return { es: 'El cuerpo debe incluir al menos un campo', en: 'The body must include at least one field' };
    case 'maxLength': {
      const limit = String(error.params.limit);
      return { es: `El campo ${field} admite como máximo ${limit} caracteres`, en: `${field} takes at most ${limit} characters` };
    }
    default: {
      // Whatever failed (type, range, pattern, enum, items), the message says what the field takes;
      // an item of a list names the list and what the whole list takes.
      const list = listOf(error, root);
      const what = expected(list?.schema ?? (error.parentSchema ?? {}) as JsonSchema);
      const name = list?.field ?? field;
      return { es: `${name}: se esperaba ${what.es}`, en: `${name}: expected ${what.en}` };
    }
  }
}

/** For an error inside a list's item (`recordatorios/1`), the list's own field and schema. */
function listOf(error: ErrorObject, root: JsonSchema): { field: string; schema: JsonSchema } | null {
  const at = error.schemaPath.lastIndexOf('/items/');
  if (at < 0 || !/\/\d+$/.test(error.instancePath)) return null;
  let schema: unknown = root;
  for (const key of error.schemaPath.slice(2, at).split('/').filter(Boolean)) schema = (schema as Record<string, unknown> | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')];
  if (!schema || typeof schema !== 'object' || (schema as JsonSchema).type !== 'array') return null;
  const field = error.instancePath.replace(/\/\d+$/, '').replace(/^\//, '').replace(/\//g, '.') || 'cuerpo';
  return { field, schema: schema as JsonSchema };
}

/** The spec's 400 for text a client must never send (NUL, lone surrogates) or nesting past the limit. */
export function textError(problem: TextProblem): AppError {
  const field = problem.path || 'cuerpo';
  switch (problem.kind) {
    case 'nul':
      return errors.invalid(`Carácter NUL no admitido en ${field}`, `NUL character not allowed in ${problem.path || 'the body'}`);
    case 'unicode':
      return errors.invalid(`Texto no válido en ${field}: no es Unicode bien formado`, `Invalid text in ${problem.path || 'the body'}: not well-formed Unicode`);
    case 'depth':
      return errors.invalid(`El cuerpo anida más de ${MAX_JSON_DEPTH} niveles`, `The body is nested deeper than ${MAX_JSON_DEPTH} levels`);
    default: {
      const never: never = problem.kind;
      return never;
    }
  }
}

/**
 * Validates `value` against `schema`; throws the spec's 400 with a readable message. Text and depth
 * were checked at the door, once per request or frame (src/http/input-guard.ts, src/realtime/chat-input.ts).
 */
export function validate<T>(schema: JsonSchema, value: unknown): T {
  let fn = compiled.get(schema);
  if (!fn) {
    fn = ajv.compile(schema);
    compiled.set(schema, fn);
  }
  if (!fn(value)) {
    const m = describe(fn.errors![0], schema);
    throw errors.invalid(m.es, m.en);
  }
  return value as T;
}

// Dates and datetimes lie between 1900-01-01 and 2100-12-31 (decisions.md "Limits"): the year is in
// the pattern, the calendar (2026-02-30) in the `date` format or in the commands that read the time.
const YEAR = '(19\\d{2}|20\\d{2}|2100)';
const MONTH = '(0[1-9]|1[0-2])';
const DAY = '(0[1-9]|[12]\\d|3[01])';
const TIME = '([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d)?';
export const DATE_PATTERN = `^${YEAR}-${MONTH}-${DAY}$`;
export const DATETIME_PATTERN = `^${YEAR}-${MONTH}-${DAY}T${TIME}$`;
const DATETIME_FRACTION_PATTERN = `^${YEAR}-${MONTH}-${DAY}T${TIME}(\\.\\d{1,3})?$`;
export const MONTH_PATTERN = `^${YEAR}-${MONTH}$`;

const datetimeRange = [
  'una fecha y hora AAAA-MM-DDTHH:mm:ss entre 1900-01-01T00:00:00 y 2100-12-31T23:59:59',
  'a date and time YYYY-MM-DDTHH:mm:ss between 1900-01-01T00:00:00 and 2100-12-31T23:59:59',
] as const;
form(DATE_PATTERN, 'una fecha AAAA-MM-DD entre 1900-01-01 y 2100-12-31', 'a date YYYY-MM-DD between 1900-01-01 and 2100-12-31');
form(DATETIME_PATTERN, ...datetimeRange);
form(DATETIME_FRACTION_PATTERN, ...datetimeRange);
form(MONTH_PATTERN, 'un mes AAAA-MM entre 1900-01 y 2100-12', 'a month YYYY-MM between 1900-01 and 2100-12');
form(HORA_PATTERN, 'una hora HH:mm entre 00:00 y 23:59', 'a time HH:mm between 00:00 and 23:59');
form(HORA_LABORAL_PATTERN, 'una hora HH:mm entre 00:00 y 24:00', 'a time HH:mm between 00:00 and 24:00');
form('^[0-9+() -]*$', 'un teléfono: dígitos, espacios, +, ( ) y -', 'a phone number: digits, spaces, +, ( ) and -');
const EMAIL_PATTERN = form('^[^\\s@]+@[^\\s@]+$', 'una dirección de correo (nombre@dominio, sin espacios)', 'an e-mail address (name@domain, no spaces)');

// Names of the schemas that the OpenAPI document lists under components.schemas. Kept beside the
// schema objects, not in them, so ajv validates the very same objects inline.
const schemaNames = new WeakMap<JsonSchema, string>();

/** Names `schema` for the OpenAPI document (referenced there with $ref); returns the same object. */
export function named(name: string, schema: JsonSchema): JsonSchema {
  const previous = schemaNames.get(schema);
  if (previous !== undefined && previous !== name) throw new Error(`schema named twice: ${previous}, ${name}`);
  schemaNames.set(schema, name);
  return schema;
}

export const schemaName = (schema: object): string | undefined => schemaNames.get(schema as JsonSchema);

export { expected, form, integerPattern } from './schema-words.ts';

// Schema helpers: shapes stay short and every object closes its fields.
export const s = {
  object(properties: Record<string, JsonSchema>, required: string[] = [], extra: JsonSchema = {}): JsonSchema {
    return { type: 'object', properties, required, additionalProperties: false, ...extra };
  },
  string: (extra: JsonSchema = {}): JsonSchema => ({ type: 'string', ...extra }),
  nonEmpty: (max = 255): JsonSchema => ({ type: 'string', minLength: 1, maxLength: max, pattern: '\\S' }),
  int: (extra: JsonSchema = {}): JsonSchema => ({ type: 'integer', ...extra }),
  bool: (): JsonSchema => ({ type: 'boolean' }),
  nullable: (schema: JsonSchema): JsonSchema => ({ ...schema, type: [schema.type as string, 'null'] }),
  array: (items: JsonSchema, extra: JsonSchema = {}): JsonSchema => ({ type: 'array', items, ...extra }),
  date: (): JsonSchema => ({ type: 'string', format: 'date', pattern: DATE_PATTERN, example: '2026-03-14' }),
  /** Local wall-clock time of the practice's zone, no offset; `fraction` admits milliseconds. */
  datetime: (o: { fraction?: boolean } = {}): JsonSchema => ({
    type: 'string', pattern: o.fraction ? DATETIME_FRACTION_PATTERN : DATETIME_PATTERN, example: '2026-03-14T10:30:00',
  }),
  month: (): JsonSchema => ({ type: 'string', pattern: MONTH_PATTERN, example: '2026-03' }),
  // Permissive on purpose: admin@localhost (the bootstrap default) must be accepted.
  email: (): JsonSchema => ({ type: 'string', pattern: EMAIL_PATTERN, maxLength: 254, example: 'ana.garcia@example.com' }),
  /** A whole number from `min` to `max` written as text (query strings): the pattern is the range. */
  intText: (min: number, max: number, example = String(min)): JsonSchema => ({
    type: 'string', pattern: form(integerPattern(min, max), `un número entero de ${min} a ${max}`, `a whole number from ${min} to ${max}`), example,
  }),
  enum: (values: readonly string[]): JsonSchema => ({ type: 'string', enum: [...values] }),
};
