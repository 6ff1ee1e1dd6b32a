import { expect } from 'chai';
import type { TestServer } from '../support/server.ts';
import { assertValidFhir } from '../support/fhir-validate.ts';
import type { FhirResourceType } from '../../src/queries/fhir/types.ts';

// The bounded, seeded fuzzer of test/fhir/attack.test.ts: hostile searches and reads of every
// registered type, and what every answer must be whatever was asked.

/** mulberry32: small, seeded, reproducible. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)], int: (n: number) => Math.floor(next() * n) };
}

const LONG = 'a'.repeat(10 * 1024);
export const HOSTILE_VALUES = [
  '99999999999999999999', '2147483648', '2147483647', '-1', '0', '1e309', '0x10', '1.5', 'NaN',
  'José', 'ÑANDÚ', '😀', '\u202egnp.exe', 'Ω'.repeat(200), '\u0000', 'a\u0000b', LONG, `gt${LONG}`,
  "' or 1=1--", '%', '_', '\\', '*', '"', '<script>', '${x}',
  'gt9999', 'eq0000', 'lt0001-01-01', 'ap2030-13-01', '2030-02-30', 'ge2030-01-01T25:00', '2030-01-01T10:00+99:00', 'sa', 'le9999-12-31T23:59:59+14:00', 'ge0001-01-01T00:00:00-12:00',
  'Patient/1', 'Patient/-1', 'Practitioner/1', 'Patient/../../1', 'http://evil.example/Patient/1', `Patient/${'x'.repeat(65)}`, 'Group/1', 'Patient/',
  '|', 'x|', '|x', 'a|b|c', 'http://hl7.org/fhir/appointmentstatus|booked', 'http://loinc.org|11510-5',
  '1,2,3', ',,,', '\\,', '1\\,2', `${'1,'.repeat(500)}1`,
  'a.b-c', '1.0', 'x'.repeat(65), '../Patient/1',
] as const;
/** Values that may well match, so that the fuzzer also reaches past the parsers. */
const BENIGN_VALUES = ['1', '2', '3', 'Patient/1', 'Patient/2', 'ge2000', '2030', 'lt2100-01-01', 'booked', 'pending', 'free', 'a', 'Ana', 'survey'] as const;
const MODIFIERS = ['', '', '', ':missing', ':not', ':above', ':below', ':exact', ':contains', ':text', ':Patient', ':identifier', ':of-type'] as const;
const EXTRA_PARAMS = ['patient.name', 'subject:Patient.name', '_include', '_revinclude', '_sort', '_summary', '_elements', '_has:Observation:patient:code', '_total', '_text', 'NAME', '_ID'] as const;
const COUNTS = ['0', '100000', '-1', 'abc', '1', '2', '1000', '1001', '1.5', ''] as const;
export const HOSTILE_IDS = [
  'a.b-c', '1.0', 'x'.repeat(64), 'x'.repeat(65), '..%2F..%2Fetc%2Fpasswd', '%2e%2e', '-1', '0', '99999999999', '2147483648',
  'bloqueo-1', 'bloqueo-99999999999', 'diario-1', 'progreso-0', '1-203001011000', '1-209913011000', '%00', '%F0%9F%98%80', 'Patient', '1;drop', '%E0%A4%A',
] as const;

/** Every parameter of a type (its own, the common ones, and some we do not support) with every hostile value, then every modifier. */
export function sweepPaths(type: FhirResourceType): string[] {
  const names = [...Object.keys(type.params), '_id', '_lastUpdated', ...EXTRA_PARAMS];
  const q = (key: string, value: string) => `${type.type}?${encodeURIComponent(key).replace(/%3A/g, ':')}=${encodeURIComponent(value)}`;
  return [
    ...names.flatMap((name) => HOSTILE_VALUES.map((v) => q(name, v))),
    ...names.flatMap((name) => MODIFIERS.filter(Boolean).map((m) => q(`${name}${m}`, '1'))),
    ...COUNTS.map((c) => q('_count', c)),
    ...HOSTILE_IDS.map((id) => `${type.type}/${id}`),
  ];
}

/** base64url of random bytes, of JSON of odd shapes, and real cursors of other types. */
export function hostileCursors(r: ReturnType<typeof prng>, real: string[]): string[] {
  const enc = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
  const bytes = Buffer.alloc(1 + r.int(40));
  for (let i = 0; i < bytes.length; i++) bytes[i] = r.int(256);
  return [
    bytes.toString('base64url'), enc([9007199254740991]), enc([-1]), enc([2147483648]), enc([1.5]), enc(['x']), enc([1, 'x']), enc([9007199254740991, 'z']),
    enc([9007199254740991, 9007199254740991]), enc({}), enc('null'), enc([null]), '!!!', '', ...real,
  ];
}

export interface Viewer {
  name: string;
  token: string;
  /** Patients whose records this viewer may get; null: anyone. */
  patients: Set<number> | null;
  /** Types a machine client's scopes name; null: all. */
  types: Set<string> | null;
}

export interface Outcome {
  status: number;
  path: string;
  viewer: string;
}

/**
 * The patients a resource shows: its type's patientsOf (which may need the server's own object,
 * e.g. Provenance's), every `Patient/<id>` it references, and a Patient's own id.
 */
export function patientsIn(type: FhirResourceType, resource: any): number[] {
  const refs = [...JSON.stringify(resource).matchAll(/"reference":"Patient\/(\d+)"/g)].map((m) => Number(m[1]));
  const own = resource.resourceType === 'Patient' ? [Number(resource.id)] : [];
  return [...new Set([...type.patientsOf(resource), ...refs, ...own])].sort((a, b) => a - b);
}

/** The assertions every answer meets: never a 5xx, FHIR JSON, errors as OperationOutcome, 200s valid and in scope. */
export function checkAnswer(
  type: FhirResourceType, viewer: Viewer, path: string, r: { status: number; body: any; headers: Headers; text: string }, validate: boolean,
): void {
  const what = `${viewer.name} GET (${path.length}) ${path.slice(0, 300)}: ${r.status} ${r.text.slice(0, 300)}`;
  expect(r.status, what).to.be.below(500);
  expect(r.headers.get('content-type'), what).to.equal('application/fhir+json; charset=utf-8');
  if (r.status !== 200) {
    expect(r.body?.resourceType, what).to.equal('OperationOutcome');
    expect(r.body.issue[0].diagnostics, what).to.be.a('string').and.not.match(/at .*\.ts:\d+|error:|select |knex/i);
    if (validate) assertValidFhir(r.body, what);
    return;
  }
  if (viewer.types && !viewer.types.has(type.type)) expect.fail(`${what}: a type outside the client's scopes`);
  const resources = r.body.resourceType === 'Bundle' ? (r.body.entry ?? []).map((e: any) => e.resource) : [r.body];
  if (r.body.resourceType === 'Bundle') expect(r.body.type, what).to.equal('searchset');
  for (const res of resources) {
    expect(res.resourceType, what).to.equal(type.type);
    if (viewer.patients) for (const p of patientsIn(type, res)) expect([...viewer.patients], `${what}: patient ${p} out of scope`).to.include(p);
  }
  if (validate) {
    assertValidFhir(r.body, what);
    if (resources.length && r.body.resourceType === 'Bundle') assertValidFhir(resources, what);
  }
}

/** One hostile request: a search with 1-3 odd parameters (sometimes repeated), or a read of an odd id. */
export function hostilePath(r: ReturnType<typeof prng>, type: FhirResourceType, cursors: string[]): string {
  if (r.next() < 0.2) return `${type.type}/${r.pick(HOSTILE_IDS)}`;
  const own = [...Object.keys(type.params), '_id', '_lastUpdated'];
  const names = [...own, ...own, ...own, '_count', '_cursor', '_format', ...EXTRA_PARAMS];
  const parts: string[] = [];
  for (let n = 1 + r.int(3); n > 0; n--) {
    const name = r.pick(names);
    const value = name === '_count' ? r.pick(COUNTS) : name === '_cursor' ? r.pick(cursors) : name === '_format' ? r.pick(['json', 'xml', 'text/html', ''])
      : r.next() < 0.4 ? r.pick(BENIGN_VALUES) : r.pick(HOSTILE_VALUES);
    const key = name.startsWith('_') && name !== '_id' && name !== '_lastUpdated' ? name : `${name}${r.next() < 0.15 ? r.pick(MODIFIERS) : ''}`;
    const pair = `${encodeURIComponent(key).replace(/%3A/g, ':')}=${encodeURIComponent(value)}`;
    // Node refuses a request head past 16 KiB (431) before the app sees it: one long value at most.
    if (parts.join('&').length + pair.length > 12_000) continue;
    parts.push(pair);
    if (r.next() < 0.15 && pair.length < 2_000) parts.push(pair); // a repeated parameter
  }
  return `${type.type}?${parts.join('&')}`;
}
