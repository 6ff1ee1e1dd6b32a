import type { Message } from './errors.ts';

// What a request schema takes, in words, for the 400 that refuses a value ("intensidad: se esperaba
// un número entero entre 1 y 10"), and the patterns that read as words there.

type JsonSchema = Record<string, unknown>;

// Patterns and how a message says them (a pattern alone reads badly: ^([01]\d|2[0-3]):[0-5]\d$).
const FORMS = new Map<string, Message>();

/** Registers how `pattern` reads in a message; returns the pattern for the schema. */
export function form(pattern: string, es: string, en: string): string {
  const known = FORMS.get(pattern);
  if (known && (known.es !== es || known.en !== en)) throw new Error(`pattern described twice: ${pattern}`);
  FORMS.set(pattern, { es, en });
  return pattern;
}

const both = (es: string, en: string): Message => ({ es, en });
const join = (a: Message, b: Message, sep = ' '): Message => both(`${a.es}${sep}${b.es}`, `${a.en}${sep}${b.en}`);

function numberRange(schema: JsonSchema): Message | null {
  const min = schema.minimum as number | undefined;
  const max = schema.maximum as number | undefined;
  const xmin = schema.exclusiveMinimum as number | undefined;
  if (xmin !== undefined && max !== undefined) return both(`mayor que ${xmin} y como máximo ${max}`, `greater than ${xmin} and at most ${max}`);
  if (xmin !== undefined) return both(`mayor que ${xmin}`, `greater than ${xmin}`);
  if (min !== undefined && max !== undefined) return both(`entre ${min} y ${max}`, `between ${min} and ${max}`);
  if (min !== undefined) return both(`mayor o igual que ${min}`, `at least ${min}`);
  if (max !== undefined) return both(`como máximo ${max}`, `at most ${max}`);
  return null;
}

function textForm(schema: JsonSchema): Message {
  const min = (schema.minLength as number | undefined) ?? 0;
  const max = schema.maxLength as number | undefined;
  const form = FORMS.get(String(schema.pattern));
  if (form) {
    if (max === undefined) return form;
    const length = min > 0 ? both(`, de ${min} a ${max} caracteres`, `, ${min} to ${max} characters`) : both(`, de hasta ${max} caracteres`, `, up to ${max} characters`);
    return join(form, length, '');
  }
  const blank = schema.pattern === '\\S';
  const base = blank || min > 0 ? both('un texto no vacío', 'a non-empty text') : both('un texto', 'a text');
  const length = max !== undefined
    ? both(min > 1 ? ` de ${min} a ${max} caracteres` : ` de hasta ${max} caracteres`, min > 1 ? ` of ${min} to ${max} characters` : ` of up to ${max} characters`)
    : min > 1 ? both(` de al menos ${min} caracteres`, ` of at least ${min} characters`) : both('', '');
  const pattern = schema.pattern !== undefined && !blank ? both(` con la forma ${String(schema.pattern)}`, ` matching ${String(schema.pattern)}`) : both('', '');
  return join(join(base, length, ''), pattern, '');
}

function arrayForm(schema: JsonSchema): Message {
  const min = schema.minItems as number | undefined;
  const max = schema.maxItems as number | undefined;
  const count = min !== undefined && max !== undefined ? both(` de ${min} a ${max}`, ` of ${min} to ${max}`)
    : max !== undefined ? both(` de como máximo ${max}`, ` of at most ${max}`)
      : min !== undefined ? both(` de al menos ${min}`, ` of at least ${min}`) : both(' de', ' of');
  const distinct = schema.uniqueItems ? both(' distintos', ' distinct') : both('', '');
  const items = expected((schema.items ?? {}) as JsonSchema);
  return both(`una lista${count.es} elementos${distinct.es}, cada uno ${items.es}`, `a list${count.en}${distinct.en} items, each ${items.en}`);
}

/** What a schema takes, in words: its type, form and range ("un número entero entre 1 y 10"). */
export function expected(schema: JsonSchema): Message {
  const types = ([] as unknown[]).concat(schema.type ?? []);
  const nullable = types.includes('null') ? both(' o null', ' or null') : both('', '');
  let what: Message;
  if (schema.const !== undefined) {
    what = both(JSON.stringify(schema.const), JSON.stringify(schema.const));
  } else if (Array.isArray(schema.enum)) {
    const values = schema.enum.filter((v) => v !== null).join(', ');
    what = both(`uno de: ${values}`, `one of: ${values}`);
  } else if (types.includes('integer') || types.includes('number')) {
    const kind = types.includes('integer') ? both('un número entero', 'a whole number') : both('un número', 'a number');
    const range = numberRange(schema);
    what = range ? join(kind, range) : kind;
  } else if (types.includes('boolean')) {
    what = both('true o false', 'true or false');
  } else if (types.includes('array')) {
    what = arrayForm(schema);
  } else if (types.includes('object')) {
    what = both('un objeto JSON', 'a JSON object');
  } else if (schema.format === 'date' && schema.pattern === undefined) {
    what = both('una fecha AAAA-MM-DD', 'a date YYYY-MM-DD');
  } else {
    what = textForm(schema);
  }
  return join(what, nullable, '');
}

const digitClass = (a: number, b: number) => (a === b ? String(a) : a === 0 && b === 9 ? '\\d' : `[${a}-${b}]`);
const anyDigits = (n: number) => (n === 0 ? '' : n === 1 ? '\\d' : `\\d{${n}}`);
const group = (alternatives: string[]) => (alternatives.length === 1 ? alternatives[0] : `(${alternatives.join('|')})`);

/** Alternatives matching the digit strings from `lo` to `hi`, both of the same length. */
function sameLength(lo: string, hi: string): string[] {
  if (lo.length === 0) return [''];
  const rest = lo.length - 1;
  if (lo[0] === hi[0]) return [`${lo[0]}${group(sameLength(lo.slice(1), hi.slice(1)))}`];
  const lowFull = /^0*$/.test(lo.slice(1));
  const highFull = /^9*$/.test(hi.slice(1));
  const first = Number(lo[0]) + (lowFull ? 0 : 1);
  const last = Number(hi[0]) - (highFull ? 0 : 1);
  const out: string[] = [];
  if (!lowFull) out.push(`${lo[0]}${group(sameLength(lo.slice(1), '9'.repeat(rest)))}`);
  if (first <= last) out.push(`${digitClass(first, last)}${anyDigits(rest)}`);
  if (!highFull) out.push(`${hi[0]}${group(sameLength('0'.repeat(rest), hi.slice(1)))}`);
  return out;
}

/** A regular expression for the decimal integers from `min` to `max` (0 ≤ min ≤ max), without leading zeros. */
export function integerPattern(min: number, max: number): string {
  const out: string[] = [];
  let full: [number, number] | null = null; // a run of lengths taking every number: [1-9]\d{a,b}
  const flush = () => {
    if (full) out.push(full[0] === full[1] ? `[1-9]${anyDigits(full[0])}` : `[1-9]\\d{${full[0]},${full[1]}}`);
    full = null;
  };
  for (let len = String(min).length; len <= String(max).length; len++) {
    const lo = Math.max(min, len === 1 ? 0 : 10 ** (len - 1));
    const hi = Math.min(max, 10 ** len - 1);
    if (lo > hi) continue;
    if (lo === 10 ** (len - 1) && hi === 10 ** len - 1 && len > 1) full = full ? [full[0], len - 1] : [len - 1, len - 1];
    else if (len === 1 && lo === 1 && hi === 9) full = [0, 0];
    else {
      flush();
      out.push(...sameLength(String(lo), String(hi)));
    }
  }
  flush();
  return `^${group(out)}$`;
}
