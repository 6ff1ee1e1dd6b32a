import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { newPaciente } from '../citas/support.ts';
import { ConfigError, loadConfig } from '../../src/platform/config.ts';

// The feed's URL once came from the Host header and was always http://, even behind TLS. It now comes
// from PUBLIC_BASE_URL; without it from the request, where X-Forwarded-Proto and X-Forwarded-Host
// count only with TRUST_PROXY (otherwise any client could forge them).

interface Raw { status: number; body: { url?: string; ruta?: string; mensaje?: string; status?: number } }

/** POST /api/calendario/feed through node:http, which (unlike fetch) lets the test choose the Host header. */
function createFeed(srv: TestServer, token: string, headers: Record<string, string> = {}): Promise<Raw> {
  const { hostname, port } = new URL(srv.url);
  return new Promise((done, fail) => {
    const req = httpRequest({ hostname, port, method: 'POST', path: '/api/calendario/feed', headers: { Authorization: `Bearer ${token}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString() || '{}') }));
    });
    req.on('error', fail);
    req.end();
  });
}

const FORGED = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'phishing.example' };
const RUTA = /^\/calendario\/[A-Za-z0-9_-]{43}\.ics$/;

/** A server started with `env` and a patient of it; stopped after the block. */
function withServer(env: Record<string, string>) {
  const ctx = {} as { srv: TestServer; token: string };
  before(async () => {
    ctx.srv = await startTestServer({ env });
    ctx.token = (await newPaciente(ctx.srv)).token;
  });
  after(async () => ctx.srv?.stop());
  return ctx;
}

describe('calendar feed URL: PUBLIC_BASE_URL, and forwarded headers only with TRUST_PROXY', function () {
  this.timeout(60_000);

  describe('with PUBLIC_BASE_URL=https://clinica.example/base', () => {
    const s = withServer({ PUBLIC_BASE_URL: 'https://clinica.example/base/' });

    it('the URL is that base and the feed path, whatever the request says', async () => {
      for (const headers of [{}, FORGED, { Host: 'otro.example:81' }] as Record<string, string>[]) {
        const r = await createFeed(s.srv, s.token, headers);
        expect(r.status, JSON.stringify(r.body)).to.equal(201);
        expect(r.body.ruta).to.match(RUTA);
        expect(r.body.url).to.equal(`https://clinica.example/base${r.body.ruta}`);
      }
      // The path is this server's own: the proxy in front strips /base.
      const last = await createFeed(s.srv, s.token);
      expect((await fetch(`${s.srv.url}${last.body.ruta}`)).status).to.equal(200);
    });
  });

  describe('without PUBLIC_BASE_URL or TRUST_PROXY', () => {
    const s = withServer({});

    it('the URL is the request\'s scheme and Host, as before', async () => {
      const r = await createFeed(s.srv, s.token, { Host: 'consulta.local:8080' });
      expect(r.status, JSON.stringify(r.body)).to.equal(201);
      expect(r.body.url).to.equal(`http://consulta.local:8080${r.body.ruta}`);
    });

    it('ignores forged X-Forwarded-Proto and X-Forwarded-Host', async () => {
      const r = await createFeed(s.srv, s.token, { Host: 'consulta.local:8080', ...FORGED });
      expect(r.status, JSON.stringify(r.body)).to.equal(201);
      expect(r.body.url).to.equal(`http://consulta.local:8080${r.body.ruta}`);
    });

    it('refuses a Host that is no host (400) and keeps the feed it had', async () => {
      const kept = await createFeed(s.srv, s.token);
      expect(kept.status).to.equal(201);
      for (const Host of ['consulta.local/otra?ruta', 'user@consulta.local']) {
        const r = await createFeed(s.srv, s.token, { Host });
        expect(r.status, Host).to.equal(400);
        expect(r.body.status).to.equal(400);
        expect(r.body.mensaje).to.match(/Host/);
      }
      expect((await fetch(`${s.srv.url}${kept.body.ruta}`)).status).to.equal(200);
    });
  });

  describe('with TRUST_PROXY', () => {
    const s = withServer({ TRUST_PROXY: 'true' });

    it('honours the proxy\'s X-Forwarded-Proto and X-Forwarded-Host (the last entry, the proxy\'s own)', async () => {
      const r = await createFeed(s.srv, s.token, { 'X-Forwarded-Proto': 'http, https', 'X-Forwarded-Host': 'phishing.example, Consulta.Example.com' });
      expect(r.status, JSON.stringify(r.body)).to.equal(201);
      expect(r.body.url).to.equal(`https://consulta.example.com${r.body.ruta}`);
    });

    it('without those headers, the request\'s own', async () => {
      const r = await createFeed(s.srv, s.token, { Host: 'consulta.local:8080' });
      expect(r.body.url).to.equal(`http://consulta.local:8080${r.body.ruta}`);
    });
  });

  it('a PUBLIC_BASE_URL that is not an absolute http(s) URL without query or fragment stops the start', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'practice-public-url-'));
    try {
      for (const PUBLIC_BASE_URL of ['clinica.example', '/base', 'ftp://clinica.example', 'https://clinica.example/?a=1', 'https://clinica.example/#x', 'https://u:p@clinica.example', 'https:clinica.example']) {
        expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_BASE_URL }), PUBLIC_BASE_URL).to.throw(ConfigError, /PUBLIC_BASE_URL/);
      }
      expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_BASE_URL: 'https://Clinica.example:443/base/' }).publicBaseUrl).to.equal('https://clinica.example/base');
      expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_BASE_URL: '' }).publicBaseUrl).to.equal(null);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
