import { expect } from 'chai';
import { asignar, newPaciente, newPsicologo, waitFor, type Persona } from '../mensajes/support.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { wsUrlOf } from './hardening-support.ts';
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
});
