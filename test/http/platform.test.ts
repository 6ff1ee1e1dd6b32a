import { expect } from 'chai';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import Koa from 'koa';
import { errorMiddleware } from '../../src/http/errors.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from '../support/server.ts';
import { expectError, pacienteBody } from './helpers.ts';

const ORIGIN = 'https://app.example';
const JSON_HEADERS = { 'Content-Type': 'application/json' };

describe('HTTP platform', () => {
  let srv: TestServer;
  before(async () => { srv = await startTestServer({ env: { CORS_ORIGINS: ORIGIN } }); });
  after(async () => { await srv?.stop(); });

  describe('request bodies', () => {
    it('answers 400 to malformed JSON, a JSON null and a JSON array', async () => {
      for (const raw of ['{"email": "a@b.c", ', 'null', '[]', '{"email":"a@b.c","password":"x",}']) {
        expectError(await srv.request('POST', '/auth/login', { raw, headers: JSON_HEADERS }), 400);
      }
    });

    it('answers 413 to a body over 1 MiB, and reads one just under it', async () => {
      const over = JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(1024 * 1024) });
      expectError(await srv.request('POST', '/auth/login', { raw: over, headers: JSON_HEADERS }), 413);
      const under = JSON.stringify({ email: 'a@b.c', password: 'x', relleno: 'x'.repeat(1024 * 1024 - 100) });
      expectError(await srv.request('POST', '/auth/login', { raw: under, headers: JSON_HEADERS }), 400, /relleno/);
    });

    it('answers 415 to a JSON endpoint sent another content type', async () => {
      const body = JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
        expectError(await srv.request('POST', '/auth/login', { raw: body, headers: { 'Content-Type': type } }), 415);
      }
      const ok = await srv.request('POST', '/auth/login', { raw: body, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
      expect(ok.status).to.equal(200);
    });

    it('accepts a gzip-encoded body and answers 400 (not 500) to a corrupt one', async () => {
      const body = gzipSync(JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }));
      const res = await fetch(`${srv.url}/auth/login`, { method: 'POST', headers: { ...JSON_HEADERS, 'Content-Encoding': 'gzip' }, body });
      expect(res.status).to.equal(200);
      const bad = await srv.request('POST', '/auth/login', { raw: 'not gzip at all', headers: { ...JSON_HEADERS, 'Content-Encoding': 'gzip' } });
      expectError(bad, 400);
    });

    it('answers 400 to wrong types and to NUL characters, which the database cannot store', async () => {
      expectError(await srv.request('POST', '/auth/login', { body: { email: 123, password: 'x' } }), 400, /email/);
      expectError(await srv.request('POST', '/auth/login', { body: { email: 'a@b.c', password: ['x'] } }), 400, /password/);
      const token = await srv.adminToken();
      const nul = { nombre: 'Eva', apellido: 'Nul', email: 'eva\u0000@example.com', password: 'clave12345' };
      expectError(await srv.request('POST', '/auth/register-admin', { token, body: nul }), 400);
      expectError(await srv.request('POST', '/auth/register-paciente', { body: pacienteBody({ genero: 'F\u0000' }) }), 400, /genero/);
    });
  });

  describe('errors', () => {
    it('answers an unknown path with 404 and a wrong method with 405, both with the error body', async () => {
      expectError(await srv.request('GET', '/no/such/path'), 404, 'Recurso no encontrado');
      expectError(await srv.request('POST', '/api/nothing', { body: {} }), 404);
      const r = await srv.request('GET', '/auth/login');
      expectError(r, 405);
      expect(r.headers.get('allow')).to.include('POST');
    });

    it('speaks Spanish by default and English when Accept-Language prefers en', async () => {
      const creds = { email: ADMIN_EMAIL, password: 'Wrong12345' };
      const es = await srv.request('POST', '/auth/login', { body: creds });
      expectError(es, 401, 'Credenciales no válidas');
      for (const lang of ['en', 'en-US,en;q=0.9', 'es;q=0.3, en;q=0.8']) {
        const en = await srv.request('POST', '/auth/login', { body: creds, headers: { 'Accept-Language': lang } });
        expectError(en, 401, 'Invalid credentials');
      }
      for (const lang of ['es-ES', 'fr', 'en;q=0.2, es']) {
        expectError(await srv.request('POST', '/auth/login', { body: creds, headers: { 'Accept-Language': lang } }), 401, 'Credenciales no válidas');
      }
      const missing = await srv.request('POST', '/auth/login', { body: { email: 'a@b.c' }, headers: { 'Accept-Language': 'en' } });
      expectError(missing, 400, 'Missing required field: password (a text of up to 200 characters)');
      expectError(await srv.request('GET', '/nope', { headers: { 'Accept-Language': 'en' } }), 404, 'Resource not found');
    });

    it('keeps 5xx bodies generic, without internals', async () => {
      const app = new Koa();
      app.use(errorMiddleware('Europe/Madrid'));
      app.use(() => { throw new Error('relation "secret_table" does not exist at /srv/app/src/x.ts:1'); });
      const server = createServer(app.callback());
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/x`);
        const text = await res.text();
        expectError({ status: res.status, headers: res.headers, text, body: JSON.parse(text) }, 500, 'Error interno del servidor');
        expect(text).not.to.match(/secret_table|\.ts|at /);
      } finally {
        server.close();
      }
    });
  });

  describe('headers', () => {
    it('sets the security headers on successes and errors', async () => {
      for (const r of [await srv.request('GET', '/health'), await srv.request('GET', '/nope'), await srv.request('POST', '/auth/login', { body: {} })]) {
        expect(r.headers.get('x-content-type-options')).to.equal('nosniff');
        expect(r.headers.get('x-frame-options')).to.equal('DENY');
        expect(r.headers.get('content-security-policy')).to.include("frame-ancestors 'none'");
        expect(r.headers.get('referrer-policy')).to.equal('no-referrer');
      }
      expect((await srv.request('POST', '/auth/login', { body: {} })).headers.get('cache-control')).to.equal('no-store');
    });

    it('echoes a sane X-Request-Id and generates one otherwise', async () => {
      const echoed = await srv.request('GET', '/health', { headers: { 'X-Request-Id': 'abc-123.DEF' } });
      expect(echoed.headers.get('x-request-id')).to.equal('abc-123.DEF');
      const generated = await srv.request('GET', '/nope');
      expect(generated.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
      const replaced = await srv.request('GET', '/health', { headers: { 'X-Request-Id': 'bad id <script>' } });
      expect(replaced.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
    });

    it('allows CORS for a configured origin only, preflight included', async () => {
      const ok = await srv.request('GET', '/health', { headers: { Origin: ORIGIN } });
      expect(ok.headers.get('access-control-allow-origin')).to.equal(ORIGIN);
      expect(ok.headers.get('vary')).to.match(/origin/i);
      const err = await srv.request('GET', '/auth/admins', { headers: { Origin: ORIGIN } });
      expectError(err, 401);
      expect(err.headers.get('access-control-allow-origin'), 'errors are readable by the app').to.equal(ORIGIN);
      const preflight = { Origin: ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' };
      const pre = await srv.request('OPTIONS', '/auth/register-admin', { headers: preflight });
      expect(pre.status).to.equal(204);
      expect(pre.headers.get('access-control-allow-origin')).to.equal(ORIGIN);
      expect(pre.headers.get('access-control-allow-methods')).to.include('POST');
      expect(pre.headers.get('access-control-allow-headers')).to.match(/authorization/i).and.match(/content-type/i);
      const other = 'https://evil.example';
      expect((await srv.request('GET', '/health', { headers: { Origin: other } })).headers.get('access-control-allow-origin')).to.equal(null);
      const otherPre = await srv.request('OPTIONS', '/auth/register-admin', { headers: { ...preflight, Origin: other } });
      expect(otherPre.headers.get('access-control-allow-origin')).to.equal(null);
      expect(otherPre.headers.get('access-control-allow-methods')).to.equal(null);
    });
  });

  describe('system endpoints', () => {
    it('answers /health and /ready with 200', async () => {
      const health = await srv.request('GET', '/health');
      expect(health.status).to.equal(200);
      expect(health.body).to.have.all.keys('status', 'owners', 'instance', 'running');
      expect(health.body.status).to.equal('UP');
      // Which instance runs each read model and reactor: this one, alone, runs them all.
      const consumers = [srv.deps.projections, srv.deps.auditLog!, srv.deps.reactors!].flatMap((r) => r.handlers.map((h) => h.name));
      expect(Object.keys(health.body.owners).sort()).to.deep.equal([...new Set(consumers)].sort());
      const instances = new Set(Object.values(health.body.owners));
      expect(instances.size).to.equal(1);
      expect([...instances][0]).to.match(/^.+-\d+-[0-9a-f]{6}$/);
      // This instance by its own reckoning: its name, and every consumer (sorted).
      expect(health.body.instance).to.equal([...instances][0]);
      expect(health.body.running).to.deep.equal([...new Set(consumers)].sort());
      const ready = await srv.request('GET', '/ready');
      expect(ready.status).to.equal(200);
      expect(ready.body.status).to.equal('READY');
    });

    // /metrics (behind METRICS_TOKEN): test/http/metrics.test.ts.

    it('describes the API as OpenAPI 3.1 with closed request schemas and bearer security', async () => {
      const r = await srv.request('GET', '/v3/api-docs');
      expect(r.status).to.equal(200);
      const doc = r.body;
      expect(doc.openapi).to.match(/^3\.1\./);
      expect(doc.components.securitySchemes.bearerAuth).to.include({ type: 'http', scheme: 'bearer' });
      // Bodies and records are named components, referenced with $ref.
      const named = (s: { $ref?: string }) => (s.$ref ? doc.components.schemas[s.$ref.replace('#/components/schemas/', '')] : s);
      const loginOp = doc.paths['/auth/login'].post;
      const schema = named(loginOp.requestBody.content['application/json'].schema);
      expect(schema).to.include({ type: 'object', additionalProperties: false });
      expect(schema.required).to.have.members(['email', 'password']);
      expect(schema.properties).to.have.all.keys('email', 'password');
      expect(loginOp.security).to.deep.equal([]);
      expect(named(loginOp.responses['200'].content['application/json'].schema).required).to.include.members(['token', 'idPaciente']);
      expect(doc.paths['/auth/register-admin'].post.security).to.deep.equal([{ bearerAuth: [] }]);
      expect(named(doc.paths['/auth/register-paciente'].post.requestBody.content['application/json'].schema).properties.usuario.additionalProperties).to.equal(false);
      expect(doc.paths['/auth/pacientes/{id}/baja'].put.responses['200'].content).to.have.key('text/plain');
      expect(doc.paths).to.have.property('/auth/register-psicologo');
      expect((await srv.request('GET', '/swagger-ui')).status).to.equal(200);
    });
  });
});
