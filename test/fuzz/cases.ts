// Whole requests for the fuzz run: every operation of the served document, each with a URL (path
// ids that exist, that do not, and that are not ids), a query, a body and an identity.
import { jsonBody, multipartBody, strayBody, type BodyCase, type Payload } from './bodies.ts';
import { HOSTILE_STRINGS, hostileString, validValue, type Pools, type Rng, type Schema } from './generator.ts';

export const IDENTITIES = ['none', 'garbage', 'ADMIN', 'PSICOLOGO', 'PACIENTE'] as const;
export type Identity = (typeof IDENTITIES)[number];
const ROLES: Identity[] = ['ADMIN', 'PSICOLOGO', 'PACIENTE'];

export interface Operation {
  method: string;
  /** The document's path, e.g. /api/citas/{id}. */
  template: string;
  spec: Schema;
  /** The identities the operation admits: roles from its description, everyone when public. */
  allowed: Identity[];
}

export interface FuzzCase {
  op: Operation;
  url: string;
  identity: Identity;
  payload?: Payload;
  label: string;
}

export interface Fixtures {
  pools: Pools;
  /** Names served under /files/{name}, latest last (the runner adds uploads), and push tokens registered. */
  files: string[];
  deviceTokens: string[];
  png: Uint8Array;
  /** Bodies known to succeed, by `METHOD /template` (a login needs real credentials). */
  examples: Record<string, unknown[]>;
}

export function operationsOf(doc: Schema): Operation[] {
  const ops: Operation[] = [];
  for (const [template, item] of Object.entries<Schema>(doc.paths)) {
    for (const [method, spec] of Object.entries<Schema>(item)) {
      const roles = /Roles: (.*)$/.exec(spec.description ?? '')?.[1].split(', ') as Identity[] | undefined;
      const allowed = spec.security?.length === 0 ? [...IDENTITIES] : (roles ?? ROLES);
      ops.push({ method: method.toUpperCase(), template, spec, allowed });
    }
  }
  return ops;
}

/**
 * The run's phases: deletions after everything else, and whatever removes a user or a profile (the
 * identities' own included) last, so each phase still has the data set and identities it needs.
 */
export function phaseOf(op: Operation): number {
  if (op.template.endsWith('/baja') || (op.method === 'DELETE' && /^\/api\/(pacientes|psicologo|admin\/psicologos)\/\{id\}$/.test(op.template))) return 2;
  return op.method === 'DELETE' ? 1 : 0;
}

/** Percent-encoding that also writes lone surrogates (as CESU-8 bytes) instead of throwing. */
function enc(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) out += `%ED%${(0xa0 + ((code >> 6) & 0x1f)).toString(16).toUpperCase()}%${(0x80 + (code & 0x3f)).toString(16).toUpperCase()}`;
    else out += encodeURIComponent(ch);
  }
  return out;
}

// Already encoded; none is a literal segment of another path (admin, create, ...), none is '.' or '..'.
const HOSTILE_IDS = ['0', '-1', '1.5', 'abc', '1e3', '00001', '2147483648', '99999999999', '%00', '%ED%A0%80', '%25', '%', 'x'.repeat(3000), '%EF%BC%91', '%201', '0x10', 'null'];
const HOSTILE_NAMES = ['x.png', `${'a'.repeat(32)}.png`, `${'a'.repeat(32)}.svg`, '..%2F..%2Fetc%2Fpasswd', '%00.png', '%ED%A0%80', '%', 'x'.repeat(3000), '%2E%2E%2F.jwt_secret'];

/** In a URL, the photo served now: uploads replace it during the run, so the runner fills it in when it sends. */
export const CURRENT_FILE = 'fuzz-current-file';

function pathValue(name: string, schema: Schema, rng: Rng, fx: Fixtures): string {
  const roll = rng.next();
  if (schema.type === 'integer') {
    if (roll < 0.6) return String(rng.pick(fx.pools[name] ?? fx.pools.id));
    if (roll < 0.75) return rng.pick(['999999', '2147483647']);
    return rng.pick(HOSTILE_IDS);
  }
  if (roll < 0.5) return name === 'name' ? CURRENT_FILE : enc(rng.pick(fx.deviceTokens));
  if (roll < 0.7) return enc(`tok-${rng.int(0, 1e6)}`);
  return rng.pick(HOSTILE_NAMES);
}

function query(params: Schema[], rng: Rng, fx: Fixtures, hostile: boolean): string {
  const parts: string[] = [];
  for (const p of params) {
    // The cursor is opaque: valid ones come from Link headers (the runner follows them).
    if (p.name === 'cursor' && !p.required) continue;
    if (p.required || rng.chance(0.6)) parts.push(`${p.name}=${enc(String(validValue(p.schema, rng, fx.pools, p.name)))}`);
  }
  if (hostile) {
    const p = params.length ? rng.pick(params) : { name: 'month', schema: {} };
    // Kept well under Node's 16 KiB header limit, whose 431 is the transport's, not the API's.
    const short = (s: string) => (s.length > 600 ? s.slice(0, 600) : s);
    parts.push(
      rng.pick([
        `${p.name}=${enc(short(hostileString(p.schema, rng)))}`,
        `${p.name}=${enc(rng.pick(HOSTILE_STRINGS))}`,
        `${p.name}=a&${p.name}=b`,
        `${p.name}=`,
        `${p.name}[x]=1`,
        `${p.name}=%E0%A4%A`,
        `${p.name}=%ED%A0%80`,
        `${p.name}=%00`,
        'unknown=1',
        'limit=-1&cursor=%FF',
        'limit=0', 'limit=501', 'limit=1.5', 'limit=%2B1',
        'cursor=eyJ4IjoxfQ.AAAAAAAAAAAAAAAAAAAAAA', `cursor=${'A'.repeat(400)}.AAAAAAAAAAAAAAAAAAAAAA`, 'cursor=W10.AAAAAAAAAAAAAAAAAAAAAA',
      ]),
    );
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

function body(op: Operation, rng: Rng, fx: Fixtures, valid: boolean): BodyCase {
  const content = op.spec.requestBody?.content as Schema | undefined;
  if (content?.['multipart/form-data']) return multipartBody(rng, fx.png, valid);
  if (content?.['application/json']) {
    const schema = content['application/json'].schema;
    const known = fx.examples[`${op.method} ${op.template}`];
    if (known && rng.chance(valid ? 0.6 : 0.2)) return { payload: { kind: 'text', text: JSON.stringify(rng.pick(known)), type: 'application/json' }, label: 'example body' };
    if (valid) return { payload: { kind: 'text', text: JSON.stringify(validValue(schema, rng, fx.pools)), type: 'application/json' }, label: 'valid' };
    return jsonBody(schema, rng, fx.pools);
  }
  // fetch sends no body with GET; other methods get an occasional stray one.
  return !valid && op.method !== 'GET' && rng.chance(0.06) ? strayBody(rng) : { label: 'no body' };
}

/** One request; `identity` fixed, or drawn (mostly an identity the operation admits). */
function oneCase(op: Operation, rng: Rng, fx: Fixtures, valid: boolean, identity?: Identity): FuzzCase {
  const params: Schema[] = op.spec.parameters ?? [];
  const path = op.template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const schema = params.find((p) => p.in === 'path' && p.name === name)?.schema ?? {};
    if (!valid || schema.type !== 'integer') return pathValue(name, schema, rng, fx);
    return String(rng.pick(fx.pools[name] ?? fx.pools.id));
  });
  const b = body(op, rng, fx, valid);
  const hostileQuery = !valid && rng.chance(0.3);
  return {
    op,
    url: path + query(params.filter((p) => p.in === 'query'), rng, fx, hostileQuery),
    identity: identity ?? (rng.chance(0.7) ? rng.pick(op.allowed) : rng.pick(IDENTITIES)),
    payload: b.payload,
    label: b.label + (hostileQuery ? ', hostile query' : ''),
  };
}

/**
 * About `total` requests spread evenly over the operations: for each, a valid request as every
 * identity (so every operation meets every identity), then random, mostly hostile, ones.
 */
export function generateCases(ops: Operation[], rng: Rng, fx: Fixtures, total: number): FuzzCase[] {
  const perOp = Math.max(IDENTITIES.length + 1, Math.ceil(total / ops.length));
  const cases: FuzzCase[] = [];
  for (const op of ops) {
    for (const identity of IDENTITIES) cases.push(oneCase(op, rng, fx, true, identity));
    for (let i = IDENTITIES.length; i < perOp; i++) cases.push(oneCase(op, rng, fx, rng.chance(0.2)));
  }
  return cases;
}
