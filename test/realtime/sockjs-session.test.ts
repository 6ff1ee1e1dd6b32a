import { expect } from 'chai';
import { asignar, newPaciente, newPsicologo, waitFor, type Persona } from '../mensajes/support.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { wsUrlOf } from './hardening-support.ts';
import { rawRequest } from './raw-http.ts';
import { cookiesFor } from './sockjs-cookies.ts';
import { stomp, type StompUser } from './support.ts';

// Issue 22 item 7: a SockJS session id is chosen by the client and travels in every URL of the
// HTTP transports; naming it was enough to read (xhr polling) and write (xhr_send) in someone
// else's session. Each session is now bound to a cookie set on the response that opened it.

const COOKIE = /^sockjs_owner=([A-Za-z0-9_-]{32,}); Path=(\/ws\/[^/;]+\/[^/;]+); HttpOnly; SameSite=Strict(; Secure)?$/;

describe('SockJS sessions belong to the client that opened them', () => {
  let srv: TestServer;
  let psi: Persona;
  let pac: Persona;
  const open: StompUser[] = [];
  const post = (path: string, body = '', headers: Record<string, string> = {}) => fetch(`${srv.url}${path}`, { method: 'POST', body, headers });
  const stored = async (p: Persona) => ((await srv.request('GET', '/api/mensajes', { token: p.token })).body as { mensaje: string }[]).map((m) => m.mensaje);

  before(async () => {
    srv = await startTestServer({ env: { TRUST_PROXY: '1' } });
    const admin = await srv.adminToken();
    psi = await newPsicologo(srv, admin);
    pac = await newPaciente(srv);
    await asignar(srv, admin, pac.idPaciente!, psi.idPsicologo!);
  });
  afterEach(async () => { await Promise.all(open.splice(0).map((u) => u.close())); });
  after(async () => { await srv?.stop(); });

  it('sets a random HttpOnly, SameSite=Strict cookie scoped to the session\'s path on the response that opens it (Secure behind https)', async () => {
    const r = await post('/ws/123/opener01/xhr');
    expect(r.status).to.equal(200);
    expect(await r.text()).to.equal('o\n');
    const m = COOKIE.exec(r.headers.get('set-cookie') ?? '');
    expect(m, r.headers.get('set-cookie') ?? 'no Set-Cookie').to.not.equal(null);
    expect(m![2]).to.equal('/ws/123/opener01');
    expect(m![3]).to.equal(undefined);
    // Its next poll, with the cookie, is the session's (a heartbeat-less poll would wait: the STOMP
    // connect timeout's ERROR comes later; a close frame is enough to show it is served).
    const again = await post('/ws/123/opener01/xhr_send', '["DISCONNECT\\n\\n\\u0000"]', { Cookie: `sockjs_owner=${m![1]}`, 'Content-Type': 'text/plain' });
    expect(again.status).to.equal(204);

    // /info tells sockjs-client a cookie is needed (it then skips IE's XDomainRequest, which sends none).
    expect(await (await fetch(`${srv.url}/ws/info`)).json()).to.include({ cookie_needed: true });

    const viaProxy = await post('/ws/123/opener02/xhr', '', { 'X-Forwarded-Proto': 'http, https' });
    expect(COOKIE.exec(viaProxy.headers.get('set-cookie') ?? '')?.[3]).to.equal('; Secure');
    await viaProxy.text();
  });

  it('refuses another client naming the session (no cookie, a wrong one) on every transport: it reads none of the victim\'s messages and cannot send', async () => {
    const victim = await stomp(wsUrlOf(srv), pac.token, { sockjs: ['xhr-polling'] });
    open.push(victim);
    const inbox = victim.subscribe('/user/queue/messages');
    await new Promise((r) => setTimeout(r, 100));
    // /ws/<server>/<session>, as the victim's own client names it in its URLs.
    const base = new URL((victim.client.webSocket as unknown as { _transport: { url: string } })._transport.url).pathname;
    const sid = base.split('/')[3];

    // The attacker polls in a loop, with no cookie and with a made-up one, under any server segment.
    const answers: { status: number; text: string }[] = [];
    let polling = true;
    const attacker = (async () => {
      for (let i = 0; polling && i < 200; i++) {
        const headers: Record<string, string> = i % 2 ? { Cookie: `sockjs_owner=${'A'.repeat(32)}` } : {};
        const r = await post(i % 3 ? `${base}/xhr` : `/ws/999/${sid}/xhr`, '', headers);
        answers.push({ status: r.status, text: await r.text() });
      }
    })();
    const sent = await srv.request('POST', '/api/psicologo/mensajes', { token: psi.token, body: { receiverId: pac.idUsuario, mensaje: 'solo para el paciente' } });
    expect(JSON.parse((await inbox.next(5000)).body).idMensaje).to.equal(sent.body.idMensaje);
    const before = await stored(pac);
    await new Promise((r) => setTimeout(r, 300));
    polling = false;
    await attacker;
    expect(answers.length).to.be.above(2);
    for (const a of answers) {
      expect(a.status).to.equal(404);
      expect(JSON.parse(a.text)).to.include({ status: 404, error: 'Not Found' });
      expect(a.text).to.not.include('solo para el paciente');
    }

    // The other receiving transports and both sending ones: 404 all the same.
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 3000);
    for (const path of [`${base}/eventsource`, `${base}/htmlfile?c=cb`, `${base}/jsonp?c=cb`]) {
      const r = await fetch(`${srv.url}${path}`, { signal: ac.signal });
      expect(r.status, path).to.equal(404);
      await r.text();
    }
    expect((await post(`${base}/xhr_streaming`)).status).to.equal(404);
    const frame = `SEND\ndestination:/app/chat\n\n${JSON.stringify({ receiverId: psi.idUsuario, mensaje: 'suplantado' })}\u0000`;
    const xhrSend = await post(`${base}/xhr_send`, JSON.stringify([frame]), { 'Content-Type': 'text/plain' });
    expect(xhrSend.status).to.equal(404);
    const jsonpSend = await post(`${base}/jsonp_send`, `d=${encodeURIComponent(JSON.stringify([frame]))}`, { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(jsonpSend.status).to.equal(404);
    await new Promise((r) => setTimeout(r, 300));
    expect(await stored(pac)).to.have.length(before.length).and.not.include('suplantado');

    // The victim's session is untouched: it still sends and receives.
    await new Promise<void>((resolve) => {
      victim.client.watchForReceipt('mine', () => resolve());
      victim.client.publish({ destination: '/app/chat', headers: { receipt: 'mine' }, body: JSON.stringify({ receiverId: psi.idUsuario, mensaje: 'del paciente' }) });
    });
    expect(await stored(pac)).to.include('del paciente');
    await waitFor(async () => inbox.items.length > 0 || null, 3000, 'own message echoed to the session');
    // It does so with the cookie its opening response set (this process's cookie jar plays the browser).
    expect(cookiesFor(srv.url).map((c) => `${c.name} ${c.path}`)).to.include(`sockjs_owner ${base}`);
  });

  // sockjs routes on url.parse(req.url).pathname, which turns '\' into '/' and drops '#...': a check
  // made on the path as written saw no session in these and let them through to the victim's.
  it('refuses (400) a path under /ws/ that sockjs would read differently from how it is written, or that is not plain; the victim keeps its session', async () => {
    const sid = 'victim01';
    const base = `/ws/123/${sid}`;
    const raw = (method: string, target: string, o: { headers?: Record<string, string>; body?: string } = {}) => rawRequest(srv.url, method, target, o);
    const opened = await raw('POST', `${base}/xhr`);
    expect([opened.status, opened.text]).to.deep.equal([200, 'o\n']);
    const cookie = String(opened.headers['set-cookie']).split(';')[0];

    const disconnect = JSON.stringify(['DISCONNECT\n\n\u0000']);
    const asText = { 'Content-Type': 'text/plain' };
    const asForm = { 'Content-Type': 'application/x-www-form-urlencoded' };
    // [method, target, body, headers]: no cookie in any of them.
    const bypasses: [string, string, string?, Record<string, string>?][] = [
      ['POST', `${base}/xhr_send#x`, disconnect, asText],
      ['POST', `${base}\\xhr_send`, disconnect, asText],
      ['POST', `/ws/123\\${sid}\\xhr_send`, disconnect, asText],
      ['POST', `${base}/xhr_send/#`, disconnect, asText],
      ['POST', `${base}/xhr_send#/../../x`, disconnect, asText],
      ['POST', `${base}/jsonp_send#`, `d=${encodeURIComponent(disconnect)}`, asForm],
      ['POST', `${base}/xhr#`],
      ['POST', `${base}\\xhr_streaming`],
      ['GET', `${base}/eventsource#x`],
      ['GET', `${base}\\jsonp?c=cb`],
      ['GET', `${base}\\htmlfile?c=cb`],
      ['OPTIONS', `${base}/xhr_send#x`],
    ];
    // Not routed to the session by sockjs either, but not a path sockjs-client writes: refused all the same.
    const unplain = [
      `${base}/xhr_send?#`, `${base}/xhr_send?c=a\\b`, `${base}/%78hr_send`, `/ws/123/${sid}%2Fxhr_send`, `/ws/123//${sid}/xhr_send`,
      `${base}//xhr_send`, `/ws/123/x/../${sid}/xhr_send`, `/ws/./123/${sid}/xhr_send`, `${base}/./xhr_send`, `${base}/xhr_send{`,
      '/ws/info#x', '/ws//info', '/ws/iframe.html#', '/ws/%69nfo',
    ];
    const answers: string[] = [];
    for (const [method, target, body, headers] of bypasses) answers.push(`${method} ${target} ${(await raw(method, target, { body, headers })).status}`);
    for (const target of unplain) answers.push(`POST ${target} ${(await raw('POST', target, { body: disconnect, headers: asText })).status}`);
    expect(answers).to.deep.equal([
      ...bypasses.map(([method, target]) => `${method} ${target} 400`),
      ...unplain.map((target) => `POST ${target} 400`),
    ]);
    const refused = await raw('POST', `${base}/xhr_send#x`, { body: disconnect, headers: { ...asText, 'Accept-Language': 'en' } });
    expect(JSON.parse(refused.text)).to.include({ status: 400, error: 'Bad Request' }).and.have.property('mensaje').that.matches(/path/);
    // The WebSocket transport's upgrade too (it names no existing session, but the rule is one).
    const upgrade = { Upgrade: 'websocket', Connection: 'Upgrade', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==' };
    expect((await raw('GET', `${base}/websocket#x`, { headers: upgrade })).status).to.equal(400);
    expect((await raw('GET', `/ws/123/other001/websocket`, { headers: upgrade })).status).to.equal(101);

    // Plain paths keep sockjs's own answers: an upper-case transport is no transport, a trailing
    // slash is the same transport (and still needs the cookie), /info and its query are served.
    const plainNoCookie = [`${base}/xhr_send`, `${base}/xhr_send/`, `${base}/XHR_SEND`, `/ws/999/${sid}/xhr_send`];
    for (const target of plainNoCookie) expect((await raw('POST', target, { body: disconnect, headers: asText })).status, target).to.equal(404);
    expect((await raw('GET', '/ws/info?t=1')).status).to.equal(200);
    expect((await raw('OPTIONS', `${base}/xhr_send`)).status).to.equal(204);

    // The victim's session took none of the attacker's DISCONNECTs: its CONNECT is answered.
    const connect = `CONNECT\naccept-version:1.2\nhost:localhost\nAuthorization:Bearer ${pac.token}\n\n\u0000`;
    const sent = await raw('POST', `${base}/xhr_send/`, { body: JSON.stringify([connect]), headers: { ...asText, Cookie: cookie } });
    expect(sent.status).to.equal(204);
    const polled = await raw('POST', `${base}/xhr`, { headers: { Cookie: cookie } });
    expect(polled.status).to.equal(200);
    expect(polled.text).to.match(/^a\["CONNECTED\\n/);
  });
});
