import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { expect } from 'chai';
import pino from 'pino';
import { startTestServer, type TestServer } from '../support/server.ts';
import { newPaciente } from '../citas/support.ts';
import { createApp } from '../../src/http/app.ts';

// A feed URL is its own credential, and a device token sits in the path of its DELETE: the request
// log names the endpoint by its route, never the secret, whatever spelling of the path reached it.
describe('request log: secrets in paths', function () {
  this.timeout(60_000);
  let srv: TestServer;
  let logged: Server;
  let base: string;
  let lines: string[];
  let paciente: string;
  let secreto: string;
  let n = 0;

  /** Sends one request to the app whose log is captured; answers its status and its log lines. */
  async function hit(method: string, path: string, token?: string) {
    const id = `log-test-${++n}`;
    const headers: Record<string, string> = { 'X-Request-Id': id };
    if (token) headers.Authorization = `Bearer ${token}`;
    const res = await fetch(`${base}${path}`, { method, headers });
    await res.arrayBuffer();
    const mine = lines.filter((l) => l.includes(`"requestId":"${id}"`)).map((l) => JSON.parse(l));
    return { status: res.status, mine };
  }
  /** No line of the whole log holds the secret, nor a recognisable piece of it, nor its encoded form. */
  function neverLogged(secret: string) {
    const all = lines.join('\n');
    for (const piece of [secret, secret.slice(0, 12), secret.slice(-12), encodeURIComponent(secret).slice(0, 20)]) {
      expect(all, `log holds ${piece}`).not.to.include(piece);
    }
  }

  before(async () => {
    srv = await startTestServer();
    paciente = (await newPaciente(srv)).token;
    const feed = await srv.request('POST', '/api/calendario/feed', { token: paciente });
    expect(feed.status, feed.text).to.equal(201);
    secreto = /^\/calendario\/(.+)\.ics$/.exec(feed.body.ruta)![1];
    // The same app the server runs, on the same dependencies, with its log captured.
    lines = [];
    const sink = new Writable({ write(chunk, _enc, done) { lines.push(...String(chunk).split('\n').filter(Boolean)); done(); } });
    logged = createServer(createApp({ ...srv.deps, logger: pino({ level: 'debug' }, sink) }).callback());
    await new Promise<void>((r) => logged.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(logged.address() as AddressInfo).port}`;
  });
  after(async () => {
    await new Promise((r) => logged?.close(r));
    await srv?.stop();
  });

  it('the canonical feed URL and the spellings the router also serves log the route /calendario/:secreto.ics', async () => {
    const pct = [...secreto].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join('');
    for (const path of [
      `/calendario/${secreto}.ics`, `/CALENDARIO/${secreto}.ics`, `/calendario/${secreto}.ICS`, `/Calendario/${secreto}.Ics`,
      `/calendario/${secreto}.ics/`, `/calendario/${pct}.ics`, `/calendario/${secreto}.ics?x=1`,
    ]) {
      const { status, mine } = await hit('GET', path);
      expect(status, path).to.equal(200);
      expect(mine, path).to.have.length(1);
      expect(mine[0], path).to.include({ method: 'GET', path: '/calendario/:secreto.ics', status: 200 });
    }
    neverLogged(secreto);
  });

  it('spellings that match no route (404) or another method (405) never log the secret either', async () => {
    for (const [method, path] of [
      ['GET', `//calendario//${secreto}.ics`], ['GET', `/calendario/${secreto}`], ['GET', `/calendario/${secreto}%2Eics`],
      ['GET', `/calendario/${secreto}.ics/extra`], ['GET', `/calendario//${secreto}.ics`], ['GET', `/CALENDARIO/${secreto}.ICS.ics`],
      ['POST', `/calendario/${secreto}.ics`], ['PUT', `/CALENDARIO/${secreto}.ICS/`],
    ]) {
      const { status, mine } = await hit(method, path);
      expect(status, path).to.be.oneOf([404, 405]);
      expect(mine, path).to.have.length(1);
      // The operator still sees where it went: the feed's route, or the first segment of the path.
      expect(mine[0].path, path).to.be.oneOf(['/calendario/:secreto.ics', '/calendario/*']);
    }
    neverLogged(secreto);
  });

  it('DELETE /api/dispositivos/<token> logs its route, never the device token', async () => {
    const token = `dQw4w9WgXcQ:APA91bLogTest_${'k'.repeat(140)}`;
    expect((await srv.request('POST', '/api/dispositivos', { token: paciente, body: { token } })).status).to.equal(201);
    const gone = await hit('DELETE', `/api/dispositivos/${encodeURIComponent(token)}`, paciente);
    expect(gone.status).to.equal(204);
    expect(gone.mine[0]).to.include({ method: 'DELETE', path: '/api/dispositivos/:token', status: 204 });
    const again = await hit('DELETE', `/API/DISPOSITIVOS/${token}/`, paciente);
    expect(again.status).to.equal(404);
    expect(again.mine[0]).to.include({ path: '/api/dispositivos/:token', status: 404 });
    // Refused at the door, before routing (NUL in the path: 400): still its route.
    const nul = await hit('DELETE', `/api/dispositivos/${token}%00`, paciente);
    expect(nul.mine[0]).to.include({ path: '/api/dispositivos/:token', status: 400 });
    const anonymous = await hit('DELETE', `/api/dispositivos/${token}`);
    expect(anonymous.mine[0]).to.include({ path: '/api/dispositivos/:token', status: 401 });
    neverLogged(token);
  });

  it('a 404 on an unknown path logs only its first segment when it is one of ours, nothing of the rest', async () => {
    for (const [path, shown] of [
      [`/api/desconocido/${secreto}`, '/api/*'], [`/${secreto}.ics`, '/*'], [`/${secreto}/calendario`, '/*'],
      [`/files/${secreto}/x`, '/files/*'], ['/', '/'],
    ]) {
      const { status, mine } = await hit('GET', path);
      expect(status, path).to.equal(404);
      expect(mine[0], path).to.include({ path: shown, status: 404 });
    }
    neverLogged(secreto);
  });

  it('ordinary requests still name their endpoint', async () => {
    const { mine } = await hit('GET', '/api/citas', paciente);
    expect(mine[0]).to.include({ method: 'GET', path: '/api/citas', status: 200 });
    const { mine: cita } = await hit('GET', '/api/citas/999999', paciente);
    expect(cita[0]).to.include({ path: '/api/citas/:id', status: 404 });
  });
});
