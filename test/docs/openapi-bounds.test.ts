import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { allRoutes } from '../../src/http/app.ts';
import type { RouteDef } from '../../src/http/routes.ts';
import { inlineRefs } from '../fuzz/refs.ts';
import { operationsOf, type Operation } from '../fuzz/cases.ts';
import { buildDataSet, type DataSet } from '../fuzz/fixtures.ts';
import { Rng, validValue, type Schema } from '../fuzz/generator.ts';

// The served document states what the server enforces. (1) Its bounds are those of the ajv schemas
// the routes validate with, property by property, for every request body and query parameter.
// (2) Nothing past the schema (a check in a handler or a command) refuses a value the document
// admits, or admits one it excludes: every integer and text length of every JSON body is sent at
// its documented bounds and one past them.

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ strict: false }));
const BOUNDS = ['type', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'pattern', 'format', 'enum', 'const', 'minItems', 'maxItems', 'uniqueItems', 'minProperties', 'required', 'additionalProperties'];
const INT32 = { minimum: -2_147_483_648, maximum: 2_147_483_647 };
const isInteger = (s: Schema) => [s.type].flat().includes('integer');

/** Differences between the validator's schema and the document's, each as `path: keyword validator ≠ document`. */
function compare(v: Schema, d: Schema, path: string, out: string[]): void {
  for (const k of BOUNDS) {
    if (k === 'additionalProperties' && typeof v[k] === 'object') continue;
    // The document adds int32 to every integer: true only if the validator bounds it inside int32.
    if (k === 'format' && isInteger(v) && v.format === undefined) {
      const inside = typeof v.minimum === 'number' || typeof v.exclusiveMinimum === 'number' ? typeof v.maximum === 'number' : false;
      const lo = (v.minimum ?? (v.exclusiveMinimum ?? 0) + 1) as number;
      if (d.format === 'int32' && !(inside && lo >= INT32.minimum && v.maximum <= INT32.maximum)) out.push(`${path}: int32 documented, validator bounds ${v.minimum ?? v.exclusiveMinimum}..${v.maximum}`);
      continue;
    }
    if (JSON.stringify(v[k]) !== JSON.stringify(d[k])) out.push(`${path}: ${k} ${JSON.stringify(v[k])} ≠ ${JSON.stringify(d[k])}`);
  }
  for (const [name, sub] of Object.entries<Schema>(v.properties ?? {})) {
    const doc = d.properties?.[name];
    if (!doc) out.push(`${path}.${name}: not in the document`);
    else compare(sub, doc, `${path}.${name}`, out);
  }
  for (const name of Object.keys(d.properties ?? {})) if (!v.properties?.[name]) out.push(`${path}.${name}: documented, not validated`);
  if (v.items) compare(v.items, d.items ?? {}, `${path}[]`, out);
}

/** A query parameter documented as an integer is text to the validator: it must take exactly the documented range. */
function compareIntegerText(v: Schema, d: Schema, path: string, out: string[]): void {
  const check = ajv.compile(v);
  const [lo, hi] = [d.minimum as number, d.maximum as number];
  const probes: [number, boolean][] = [[lo - 1, false], [lo, true], [lo + 1, true], [hi - 1, true], [hi, true], [hi + 1, false]];
  for (const [n, ok] of probes) if (n >= 0 && check(String(n)) !== ok) out.push(`${path}: documented ${lo}..${hi}, validator ${ok ? 'refuses' : 'takes'} ${n}`);
  for (const bad of ['', '01', '1.5', '+1', ' 1']) if (check(bad)) out.push(`${path}: validator takes ${JSON.stringify(bad)}`);
}

function operationOf(doc: Schema, def: RouteDef): Schema {
  return doc.paths[def.path.replace(/:(\w+)/g, '{$1}')][def.method];
}

interface Probe {
  op: Operation;
  field: string;
  value: unknown;
  /** Whether the document admits the value. */
  admitted: boolean;
}

/** The bounds of each integer and plain text field of a JSON body, and the values just inside and outside them. */
function probesOf(op: Operation, schema: Schema): Probe[] {
  const out: Probe[] = [];
  for (const [field, p] of Object.entries<Schema>(schema.properties ?? {})) {
    if (isInteger(p)) {
      const lo = p.exclusiveMinimum !== undefined ? p.exclusiveMinimum + 1 : (p.minimum ?? INT32.minimum);
      const hi = p.maximum ?? INT32.maximum;
      out.push(...[[lo - 1, false], [lo, true], [hi, true], [hi + 1, false]].map(([value, admitted]) => ({ op, field, value, admitted: admitted as boolean })));
    } else if ([p.type].flat().includes('string') && (p.pattern === undefined || p.pattern === '\\S') && p.format === undefined && p.enum === undefined) {
      if (p.maxLength !== undefined) out.push({ op, field, value: 'x'.repeat(p.maxLength), admitted: true }, { op, field, value: 'x'.repeat(p.maxLength + 1), admitted: false });
      if (p.minLength) out.push({ op, field, value: '', admitted: false });
    }
  }
  return out;
}

// Refusals that name the field's word but are no bound of its value: a reference to nothing, a message to oneself.
const NOT_A_BOUND = /no existe|a sí mismo/i;

/** A 400 that blames `field` (a check of its value, however worded). */
const blames = (r: { status: number; body: any }, field: string) =>
  r.status === 400 && new RegExp(`(^|[^\\w])${field}([^\\w]|$)`, 'i').test(r.body?.mensaje ?? '') && !NOT_A_BOUND.test(r.body.mensaje);

describe('OpenAPI bounds are the bounds the server enforces', function () {
  this.timeout(170_000);
  let srv: TestServer;
  let doc: Schema;
  let data: DataSet;

  before(async () => {
    srv = await startTestServer();
    doc = (await srv.request('GET', '/v3/api-docs')).body;
    data = await buildDataSet(srv);
  });
  after(async () => {
    await srv?.stop();
  });

  it('documents every request body and query parameter with the validators\' own bounds', () => {
    const inlined = inlineRefs(doc);
    const problems: string[] = [];
    let compared = 0;
    for (const def of allRoutes(srv.deps)) {
      const op = operationOf(inlined, def);
      const name = `${def.method.toUpperCase()} ${def.path}`;
      if (def.body) {
        compare(def.body as Schema, op.requestBody.content['application/json'].schema, `${name} body`, problems);
        compared++;
      }
      for (const [param, v] of Object.entries<Schema>((def.query as Schema | undefined)?.properties ?? {})) {
        const d = op.parameters.find((p: Schema) => p.in === 'query' && p.name === param)?.schema;
        if (!d) problems.push(`${name} ?${param}: not in the document`);
        else if (d.type === 'integer' && v.type === 'string') compareIntegerText(v, d, `${name} ?${param}`, problems);
        else compare(v, d, `${name} ?${param}`, problems);
        compared++;
      }
    }
    expect(compared).to.be.greaterThan(60);
    expect(problems, problems.join('\n')).to.deep.equal([]);
  });

  it('refuses exactly the body values the document excludes, whatever checks them', async () => {
    const ops = operationsOf(inlineRefs(doc)).filter((op) => op.spec.requestBody?.content?.['application/json']);
    const rng = new Rng(25);
    const probes = ops.flatMap((op) => probesOf(op, op.spec.requestBody.content['application/json'].schema));
    expect(probes.length).to.be.greaterThan(100);
    const mismatches: string[] = [];
    for (const probe of probes) {
      const { op, field, value, admitted } = probe;
      const who = op.allowed.includes('none') ? 'none' : (['ADMIN', 'PSICOLOGO', 'PACIENTE'] as const).find((r) => op.allowed.includes(r))!;
      const path = op.template.replace(/\{(\w+)\}/g, (_, n: string) => String((data.pools[n] ?? data.pools.id)[0]));
      const body = { ...(validValue(op.spec.requestBody.content['application/json'].schema, rng, data.pools) as object), [field]: value };
      const headers: Record<string, string> = who === 'none' ? {} : { Authorization: data.headers[who]! };
      const r = await srv.request(op.method, path, { body, headers });
      expect(r.status, `${op.method} ${path} ${r.text}`).to.be.below(500);
      if (blames(r, field) === admitted) {
        mismatches.push(`${op.method} ${op.template} ${field}=${JSON.stringify(value).slice(0, 40)}: document ${admitted ? 'admits' : 'excludes'} it, server ${r.status} ${r.body?.mensaje ?? ''}`);
      }
    }
    expect(mismatches, mismatches.join('\n')).to.deep.equal([]);
  });
});
