import { expect } from 'chai';
import { expectError } from '../http/helpers.ts';
import { newPaciente, type Persona } from '../mensajes/support.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { RawSockjs, wsUrlOf } from './hardening-support.ts';
import { rawRequest } from './raw-http.ts';
import { RawStomp, stomp } from './support.ts';

const ALLOWED = 'https://app.example';
const OTHER = 'https://evil.example';

describe('SockJS and frame limits hardening', () => {
  let srv: TestServer;
  let pac: Persona;
  const get = (path: string, headers: Record<string, string> = {}) => srv.request('GET', path, { headers });

  before(async () => {
    srv = await startTestServer({ env: { CORS_ORIGINS: ALLOWED } });
    pac = await newPaciente(srv);
  });
  after(async () => { await srv?.stop(); });

  describe('HTTP under /ws/*', () => {
    it('answers CORS for allow-listed origins only, as REST does', async () => {
      const mine = await get('/ws/info', { Origin: ALLOWED });
      expect(mine.status).to.equal(200);
      expect(mine.headers.get('access-control-allow-origin')).to.equal(ALLOWED);
      for (const headers of [{ Origin: OTHER }, {} as Record<string, string>]) {
        const r = await get('/ws/info', headers);
        expect(r.status).to.equal(200);
        expect(r.body).to.include({ websocket: true });
        expect(r.headers.get('access-control-allow-origin'), JSON.stringify(headers)).to.equal(null);
        expect(r.headers.get('access-control-allow-credentials')).to.equal(null);
      }
      const preflight = await srv.request('OPTIONS', '/ws/000/abcdefgh/xhr_send', {
        headers: { Origin: OTHER, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
      });
      expect([...preflight.headers.keys()].filter((k) => k.startsWith('access-control-'))).to.deep.equal([]);
    });

    it('sends framing and content policies: the iframe page for this origin only, htmlfile and the rest for none', async () => {
      const iframe = await get('/ws/iframe.html');
      expect(iframe.status).to.equal(404); // not offered (its client would load from a CDN)
      expect(iframe.headers.get('x-frame-options')).to.equal('SAMEORIGIN');
      expect(iframe.headers.get('content-security-policy')).to.match(/frame-ancestors 'self'/);
      const ac = new AbortController();
      const html = await fetch(`${srv.url}/ws/000/htmlfile1/htmlfile?c=cb_1`, { signal: ac.signal });
      expect(html.status).to.equal(200);
      expect(html.headers.get('content-type')).to.match(/text\/html/);
      expect(html.headers.get('x-frame-options')).to.equal('DENY');
      expect(html.headers.get('content-security-policy')).to.equal("default-src 'none'; frame-ancestors 'none'");
      ac.abort();
      expect((await get('/ws/info')).headers.get('x-frame-options')).to.equal('DENY');
    });

    it('answers bad parameters with 400 and the spec\'s JSON error body, in the client\'s language', async () => {
      for (const q of ['c=alert(1)', 'c=' + 'x'.repeat(33), '', 'c=a&c=b']) {
        const r = await get(`/ws/000/jsonpabcd/jsonp?${q}`);
        expectError(r, 400, /parámetro c \(callback\)/);
      }
      expectError(await get('/ws/000/htmlfil2/htmlfile?c=%3Cscript%3E', { 'Accept-Language': 'en' }), 400, /c \(callback\) parameter/);
      // sockjs routes a trailing slash to the same transport (and skips the length check for htmlfile).
      const slashed = await rawRequest(srv.url, 'GET', `/ws/000/htmlfil3/htmlfile/?c=${'x'.repeat(33)}`);
      expect([slashed.status, JSON.parse(slashed.text || '{}').status]).to.deep.equal([400, 400]);
      const send = await srv.request('POST', '/ws/000/jsonpabcd/jsonp_send', {
        raw: 'd=not-json', headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      expectError(send, 400, 'Petición no válida');
      expectError(await get('/ws/000/abcdefgh/websocket'), 400); // a GET that is not an upgrade
      expectError(await get('/ws/nothing/here/at/all'), 404);
      // SockJS still works for a well-behaved client after all that.
      const u = await stomp(wsUrlOf(srv), pac.token, { sockjs: ['xhr-polling'] });
      expect(u.connected.command).to.equal('CONNECTED');
      await u.close();
    });
  });

  describe('frame size cap and heart-beats', () => {
    it('answers a frame over the cap over SockJS with ERROR and close; nothing stored', async () => {
      const s = await RawSockjs.open(srv);
      s.send(`CONNECT\naccept-version:1.2\nAuthorization:Bearer ${pac.token}\n\n\0`);
      expect((await s.frames.next()).command).to.equal('CONNECTED');
      s.send(`SEND\ndestination:/app/chat\n\n{"receiverId":1,"mensaje":"${'x'.repeat(70 * 1024)}"}\0`);
      const f = await s.frames.next();
      expect(f.command).to.equal('ERROR');
      expect(f.headers.message).to.equal('malformed frame');
      expect(f.body).to.match(/too large/);
      await s.waitClosed();
      expect((await srv.request('GET', '/api/mensajes', { token: pac.token })).body).to.deep.equal([]);
    });

    it('closes a WebSocket message past four frames\' worth at the WebSocket level (1009) and keeps serving', async () => {
      const raw = await RawStomp.open(wsUrlOf(srv));
      await raw.connect(pac.token);
      raw.send(`SEND\ndestination:/app/chat\n\n${'x'.repeat(400 * 1024)}\0`);
      expect(await raw.waitClosed()).to.equal(1009);
      const next = await RawStomp.open(wsUrlOf(srv));
      expect((await next.connect(pac.token)).command).to.equal('CONNECTED');
      next.ws.close();
    });

    it('closes a SockJS client that promised heart-beats and went silent', async () => {
      const s = await RawSockjs.open(srv, 'xhr-polling');
      s.send(`CONNECT\naccept-version:1.2\nheart-beat:100,0\nAuthorization:Bearer ${pac.token}\n\n\0`);
      const c = await s.frames.next();
      expect(c.command).to.equal('CONNECTED');
      const f = await s.frames.next(8000);
      expect(f).to.include({ command: 'ERROR' });
      expect(f.headers.message).to.equal('heart-beat timeout');
      await s.waitClosed(8000);
      const again = await stomp(wsUrlOf(srv), pac.token, { sockjs: ['xhr-polling'] });
      await again.close();
    });
  });
});
