// Values for the fuzz run, read off the JSON Schemas of the served OpenAPI document: valid ones
// (so requests get past validation and reach handlers and the database) and hostile ones.

export type Schema = Record<string, any>;

/** mulberry32: tiny, fast and reproducible from one 32-bit seed, which the test prints on failure. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0 || 1;
  }
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** Ids that exist in the data set, by field or parameter name (idPaciente, idCita, ...; `id` = any of them). */
export type Pools = Record<string, number[]>;

/** A JSON number literal JSON.stringify cannot write (1e400 parses to Infinity); cases.ts splices it into the text. */
export const RAW_NUMBER = '\u0001raw-number\u0001';
export const RAW_NUMBERS = ['1e400', '-1e400', '1E+999', '123456789012345678901234567890', '-0.0000000000000000001'];
/** Likewise for 10,000 levels of nesting, which JSON.stringify cannot write without exhausting the stack. */
export const RAW_DEEP = '\u0001raw-deep\u0001';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const NEXT_YEAR = new Date().getFullYear() + 1;
const WORDS = ['Ansiedad', 'revisión', 'ÑANDÚ', 'café', 'Seguimiento', 'nota', 'Ünïcødé', '日本語', 'emoji🙂', "O'Brien", 'línea\nnueva'];

export const HOSTILE_DATES = [
  '0000-01-01', '9999-12-31', '2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '1899-12-31', '2101-01-01',
  '2026-1-1', '+020260-01-01', '2026-01-01T00:00:00Z', ' 2026-01-01', '２０２６-０１-０１', `${NEXT_YEAR + 5}-06-01`,
];
export const HOSTILE_DATETIMES = [
  '0000-01-01T00:00', '9999-12-31T23:59:59', '2026-02-30T10:00', '2026-01-01T24:00', '2026-01-01T23:60', '2026-06-01T10:00:60',
  '2027-03-28T02:30', '2027-10-31T02:30', '1970-01-01T00:00', '1899-12-31T23:59', `${NEXT_YEAR}-01-01T10:00:00.000Z`, `${NEXT_YEAR + 10}-01-01T10:00`,
];
const HOSTILE_MONTHS = ['0000-01', '9999-12', '2026-13', '2026-00', '2026-1', '202601', '-2026-01', '1899-12', '2101-01'];
const HOSTILE_HOURS = ['24:00', '23:60', '7:00', '07:00:00', '-1:00', '99:99'];
export const HOSTILE_STRINGS = [
  '', ' ', '\t\n', '\ud800', 'a\udfffb', 'a\u0000b', '\u0000', '\u202eevil', '\u200b', '🙂'.repeat(50), "' OR 1=1 --",
  '<script>alert(1)</script>', '${jndi:ldap://x}', '%s%n%x', '../../etc/passwd', 'null', 'undefined', '-1', '1e400',
];
const HOSTILE_NUMBERS = [-1, 0, -0, 1.5, 0.1, -2147483649, 2147483648, 9007199254740993, 1e21, 1e308, -1e308, Number.MIN_VALUE];

export const longString = (n: number) => 'ñ'.repeat(n);
export function nestedJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}
export function nestedValue(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

const typesOf = (schema: Schema): string[] => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

const futureDay = (rng: Rng) => `${NEXT_YEAR}-${pad(rng.int(1, 12))}-${pad(rng.int(1, 28))}`;
const pastDay = (rng: Rng) => `${rng.int(1950, 2005)}-${pad(rng.int(1, 12))}-${pad(rng.int(1, 28))}`;
const recentDay = (rng: Rng) => `${new Date().getFullYear() - rng.int(0, 1)}-${pad(rng.int(1, 12))}-${pad(rng.int(1, 28))}`;

let serial = 0;

// What a string pattern is for, told by which typical value it takes (and that it refuses a word),
// so the generator follows the document's patterns whatever their spelling. Specific kinds come
// first: a pattern taking several samples (a phone number also takes 2026-03-14) is the last one.
const KINDS = [
  ['datetime', '2026-03-14T10:30:00'], ['date', '2026-03-14'], ['month', '2026-03'], ['hour', '10:30'],
  ['email', 'a@b.es'], ['digits', '12345'], ['phone', '+34 600 000 000'],
] as const;
type Kind = (typeof KINDS)[number][0] | 'text';
const kinds = new Map<string, Kind>();
export function kindOf(schema: Schema): Kind {
  if (!schema.pattern) return schema.format === 'date' ? 'date' : 'text';
  let kind = kinds.get(schema.pattern);
  if (!kind) {
    const re = new RegExp(schema.pattern, 'u');
    kind = re.test('Ansiedad') ? 'text' : (KINDS.filter(([, sample]) => re.test(sample)).at(-1)?.[0] ?? 'text');
    kinds.set(schema.pattern, kind);
  }
  return kind;
}

function validString(schema: Schema, rng: Rng, name: string, pools: Pools): string {
  const pattern = String(schema.pattern ?? '');
  const kind = kindOf(schema);
  if (kind === 'date') {
    if (/nacimiento/i.test(name)) return pastDay(rng);
    return rng.chance(0.5) ? futureDay(rng) : recentDay(rng);
  }
  if (kind === 'datetime') {
    const day = name === 'asOf' || name === 'sessionDate' ? recentDay(rng) : futureDay(rng);
    return `${day}T${pad(rng.int(8, 19))}:${rng.pick(['00', '30'])}${rng.chance(0.5) ? ':00' : ''}`;
  }
  if (kind === 'month') return `${rng.int(NEXT_YEAR - 2, NEXT_YEAR)}-${pad(rng.int(1, 12))}`;
  if (kind === 'hour') return `${pad(rng.int(0, 23))}:${pad(rng.pick([0, 15, 30, 45]))}`;
  if (kind === 'email') return `fuzz.${process.pid}.${++serial}@example.com`;
  if (kind === 'digits') return String(rng.pick(pools[name] ?? pools.id ?? [1]));
  if (kind === 'phone') return '+34 600 000 000';
  if (name === 'limit') return String(rng.pick([1, 2, 3, 50, 500]));
  if (name === 'password') return `secreto${rng.int(100, 999)}`;
  if (name === 'codigoPostal') return rng.pick(['28001', '08001', 'SW1A 1AA']);
  if (name === 'pais') return rng.pick(['España', 'Portugal', 'ES']);
  if (name === 'timezone') return rng.pick(['Europe/Madrid', 'UTC', 'America/Bogota']);
  const max = Math.min(schema.maxLength ?? 40, 40);
  let out = rng.pick(WORDS);
  if (rng.chance(0.3)) out += ` ${++serial}`;
  out = out.slice(0, max);
  // A pattern this generator does not know: the document's own example, when it has a fitting one.
  if (pattern && !new RegExp(pattern, 'u').test(out) && typeof schema.example === 'string') return schema.example;
  return out.length >= (schema.minLength ?? 0) ? out : 'x'.repeat(schema.minLength);
}

function validInteger(schema: Schema, rng: Rng, name: string, pools: Pools): number {
  const pool = pools[name] ?? (name === 'receiverId' ? pools.idUsuario : undefined);
  if (pool?.length && rng.chance(0.85)) return rng.pick(pool);
  const lo = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? 0);
  const hi = Math.min(schema.maximum ?? lo + 100, lo + 1000);
  return rng.int(lo, hi);
}

/** A value the schema accepts (best effort: semantic rules such as "not in the past" are the server's). */
export function validValue(schema: Schema, rng: Rng, pools: Pools, name = ''): unknown {
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return rng.pick(schema.enum);
  const types = typesOf(schema);
  if (types.includes('null') && rng.chance(0.15)) return null;
  const type = types.find((t) => t !== 'null') ?? 'string';
  switch (type) {
    case 'object': {
      const props: Record<string, Schema> = schema.properties ?? {};
      const required: string[] = schema.required ?? [];
      const out: Record<string, unknown> = {};
      for (const [key, sub] of Object.entries(props)) {
        if (required.includes(key) || rng.chance(0.6)) out[key] = validValue(sub, rng, pools, key);
      }
      const first = Object.keys(props)[0];
      if (Object.keys(out).length < (schema.minProperties ?? 0) && first) out[first] = validValue(props[first], rng, pools, first);
      return out;
    }
    case 'array': {
      const n = rng.int(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3));
      return Array.from({ length: n }, () => validValue(schema.items ?? {}, rng, pools, name));
    }
    case 'integer':
      return validInteger(schema, rng, name, pools);
    case 'number':
      return validInteger(schema, rng, name, pools) + 0.5;
    case 'boolean':
      return rng.chance(0.5);
    default:
      return validString(schema, rng, name, pools);
  }
}

/** Strings aimed at this schema's own rules: its dates, months, hours, lengths; then generic nasties. */
export function hostileString(schema: Schema, rng: Rng): string {
  const kind = kindOf(schema);
  const own: string[] = [];
  if (kind === 'date') own.push(...HOSTILE_DATES);
  if (kind === 'datetime') own.push(...HOSTILE_DATETIMES);
  if (kind === 'month') own.push(...HOSTILE_MONTHS);
  if (kind === 'hour') own.push(...HOSTILE_HOURS);
  if (schema.maxLength !== undefined) own.push(longString(schema.maxLength + 1));
  if (own.length && rng.chance(0.6)) return rng.pick(own);
  if (rng.chance(0.1)) return longString(rng.pick([5_000, 70_000, 300_000]));
  return rng.pick(HOSTILE_STRINGS);
}

/** Something this schema should refuse (or, for strings without rules, a nasty it must store safely). */
export function hostileValue(schema: Schema, rng: Rng): unknown {
  const types = typesOf(schema);
  const roll = rng.next();
  if (roll < 0.15) return rng.pick([true, [], {}, [1, 2], { a: 1 }, 'texto', 12, ...(types.includes('null') ? [] : [null])]);
  if (roll < 0.2) return rng.chance(0.5) ? nestedValue(40) : RAW_DEEP;
  if (types.includes('integer') || types.includes('number')) {
    if (rng.chance(0.15)) return RAW_NUMBER;
    const around = [schema.minimum, schema.maximum].filter((n) => typeof n === 'number').map((n) => (n === schema.minimum ? n - 1 : n + 1));
    return rng.pick([...HOSTILE_NUMBERS, ...around, '1', '']);
  }
  if (types.includes('boolean')) return rng.pick(['true', 1, 0, 'false']);
  if (types.includes('array')) return rng.pick([[null], Array.from({ length: (schema.maxItems ?? 50) + 1 }, () => ({})), 'x']);
  if (types.includes('object')) return rng.pick([[], 'x', { unknownField: 1 }]);
  if (Array.isArray(schema.enum)) return rng.pick(['', 'pendiente', `${schema.enum[0]} `, 'OTRO', hostileString(schema, rng)]);
  return hostileString(schema, rng);
}
