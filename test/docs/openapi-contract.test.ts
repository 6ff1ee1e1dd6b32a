import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';

// What client developers read in the served document is usable as written: named schemas,
// described operations and parameters, examples that are valid values, and bodies that the
// server really requires.
type Node = Record<string, any>;
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const REF = '#/components/schemas/';

/** Every object of the document with its JSON pointer. */
function* nodes(node: unknown, pointer = ''): Generator<[string, Node]> {
  if (!node || typeof node !== 'object') return;
  if (!Array.isArray(node)) yield [pointer, node as Node];
  for (const [k, v] of Object.entries(node)) yield* nodes(v, `${pointer}/${k}`);
}

const operations = (doc: Node): [string, Node][] =>
  Object.entries<Node>(doc.paths).flatMap(([path, item]) => Object.entries<Node>(item).map(([m, op]) => [`${m.toUpperCase()} ${path}`, op] as [string, Node]));

describe('OpenAPI document for client developers', function () {
  this.timeout(60_000);
  let srv: TestServer;
  let doc: Node;

  before(async () => {
    srv = await startTestServer();
    doc = (await srv.request('GET', '/v3/api-docs')).body;
  });
  after(async () => {
    await srv?.stop();
  });

  it('gives every operation a unique camelCase operationId, a description and described parameters', () => {
    const ids = operations(doc).map(([, op]) => op.operationId);
    expect(ids.every((id) => /^[a-z][A-Za-z0-9]+$/.test(id)), ids.join(' ')).to.equal(true);
    expect(new Set(ids).size).to.equal(ids.length);
    for (const [name, op] of operations(doc)) {
      expect(op.description, name).to.be.a('string').and.not.equal('');
      for (const p of op.parameters) expect(p.description, `${name} ${p.name}`).to.be.a('string').and.not.equal('');
    }
    expect(doc.tags.map((t: Node) => t.name)).to.include.members([...new Set(operations(doc).map(([, op]) => op.tags[0]))]);
    expect(doc.tags.every((t: Node) => typeof t.description === 'string')).to.equal(true);
  });

  it('names every JSON request body and every record as a component schema', () => {
    for (const [name, op] of operations(doc)) {
      const body = op.requestBody?.content?.['application/json']?.schema;
      if (body) expect(body.$ref, `${name} request body`).to.match(/^#\/components\/schemas\/[A-Z]/);
      for (const [status, r] of Object.entries<Node>(op.responses)) {
        const schema = r.content?.['application/json']?.schema;
        if (!schema || schema.const !== undefined) continue;
        const record = schema.type === 'array' ? schema.items : schema;
        expect(record.$ref, `${name} ${status}`).to.match(/^#\/components\/schemas\/[A-Z]/);
      }
    }
  });

  it('has a valid example for every patterned or date string, and every example validates', () => {
    const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
    ajv.addSchema(doc.components.schemas.Error, `${REF}Error`);
    let checked = 0;
    for (const [pointer, node] of nodes(doc)) {
      const isSchema = typeof node.type === 'string' || Array.isArray(node.type);
      if (!isSchema) continue;
      const patterned = [node.type].flat().includes('string') && (node.pattern !== undefined || node.format === 'date');
      if (patterned) expect(node.example, `example for ${pointer}`).to.not.equal(undefined);
      if (node.example === undefined) continue;
      const { example, ...schema } = node;
      const validate = ajv.compile(schema);
      expect(validate(example), `${pointer}: ${JSON.stringify(example)} ${ajv.errorsText(validate.errors)}`).to.equal(true);
      checked++;
    }
    expect(checked).to.be.greaterThan(20);
  });

  it('requires at least one field in every JSON body it documents as required, and the server refuses {}', async () => {
    for (const [op, o] of operations(doc)) {
      const ref: string | undefined = o.requestBody?.content?.['application/json']?.schema?.$ref;
      if (!ref) continue;
      const name = `${op} ${ref}`;
      const schema = doc.components.schemas[ref.slice(REF.length)];
      const demands = (schema.required?.length ?? 0) > 0 || (schema.minProperties ?? 0) > 0;
      expect(demands, `${name} accepts {}`).to.equal(true);
    }
    const pac = await srv.request('POST', '/auth/register-paciente', {
      body: { usuario: { nombre: 'Ana', apellido: 'García', email: 'ana.docs@example.com', password: 'Secreta123' }, fechaNacimiento: '1990-05-01', aceptaTerminos: true },
    });
    expect(pac.status).to.equal(200);
    const empty = await srv.request('PUT', '/api/ajustes', { token: pac.body.token, body: {} });
    expect(empty.status).to.equal(400);
    expect(empty.body.mensaje).to.match(/al menos un campo/);
  });
});
