import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { errors } from './errors.ts';

export type JsonSchema = Record<string, unknown>;

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

// One ajv instance: schemas validate requests (unknown fields rejected) and feed the OpenAPI document.
const ajv = addFormats(new Ajv({ allErrors: false, strict: false, coerceTypes: false, useDefaults: false }));
const compiled = new WeakMap<JsonSchema, ValidateFunction>();

function describe(error: ErrorObject): { es: string; en: string } {
  const field = error.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'cuerpo';
  switch (error.keyword) {
    case 'additionalProperties': {
      const extra = String((error.params as { additionalProperty: string }).additionalProperty);
      return { es: `Campo no admitido: ${extra}`, en: `Unknown field: ${extra}` };
    }
    case 'required': {
      const missing = String((error.params as { missingProperty: string }).missingProperty);
      return { es: `Falta el campo obligatorio: ${missing}`, en: `Missing required field: ${missing}` };
    }
    case 'type':
      return { es: `Tipo no válido en ${field}: se esperaba ${String(error.params.type)}`, en: `Wrong type for ${field}: expected ${String(error.params.type)}` };
    case 'enum':
      return { es: `Valor no permitido en ${field}`, en: `Value not allowed for ${field}` };
    case 'minLength':
      return { es: `El campo ${field} no puede estar vacío o es demasiado corto`, en: `${field} must not be empty or is too short` };
    case 'maxLength':
      return { es: `El campo ${field} es demasiado largo`, en: `${field} is too long` };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { es: `Valor fuera de rango en ${field}`, en: `Value out of range for ${field}` };
    default:
      return { es: `Dato no válido en ${field}`, en: `Invalid value for ${field}` };
  }
}

/** The path of the first string (value or key) holding a NUL character, which PostgreSQL cannot store. */
function nulAt(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulAt(value[i], `${path}.${i}`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes('\u0000')) return path;
      const found = nulAt(v, path ? `${path}.${k}` : k);
      if (found) return found;
    }
  }
  return null;
}

/** Validates `value` against `schema`; throws the spec's 400 with a readable message. */
export function validate<T>(schema: JsonSchema, value: unknown): T {
  const nul = nulAt(value, '');
  if (nul !== null) {
    const field = nul.replace(/^\./, '');
    throw errors.invalid(`Carácter no admitido en ${field || 'el cuerpo'}`, `Character not allowed in ${field || 'the body'}`);
  }
  let fn = compiled.get(schema);
  if (!fn) {
    fn = ajv.compile(schema);
    compiled.set(schema, fn);
  }
  if (!fn(value)) {
    const m = describe(fn.errors![0]);
    throw errors.invalid(m.es, m.en);
  }
  return value as T;
}

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
  date: (): JsonSchema => ({ type: 'string', format: 'date' }),
  datetime: (): JsonSchema => ({ type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2})?$' }),
  // Permissive on purpose: admin@localhost (the bootstrap default) must be accepted.
  email: (): JsonSchema => ({ type: 'string', pattern: '^[^\\s@]+@[^\\s@]+$', maxLength: 254 }),
  enum: (values: readonly string[]): JsonSchema => ({ type: 'string', enum: [...values] }),
};
