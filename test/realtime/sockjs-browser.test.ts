import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from 'chai';
import { chromium, type Browser } from 'playwright-core';
import { asignar, newPaciente, newPsicologo, waitFor, type Persona } from '../mensajes/support.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

// The SockJS session cookie as a browser handles it: sockjs-client's own browser build, in a page of
// the server's origin (Debian's Chromium through playwright-core, as test/docs/swagger-ui.test.ts),
// sends the cookie back on its same-origin requests, and the page's script cannot read it.
const CHROMIUM = '/usr/bin/chromium';
const skipReason = existsSync(CHROMIUM) ? null : `${CHROMIUM} not found (install Debian's chromium package to run it)`;
const LAUNCH_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const SOCKJS = readFileSync(createRequire(import.meta.url).resolve('sockjs-client/dist/sockjs.min.js'), 'utf8');

/** STOMP by hand over SockJS, in the page: CONNECT, SUBSCRIBE, every frame kept in window.frames_. */
const PAGE_SCRIPT = `
window.frames_ = [];
window.connect = (url, token, transport) => new Promise((resolve, reject) => {
  const sock = new SockJS(url, null, { transports: [transport] });
  window.sock_ = sock;
  sock.onopen = () => sock.send('CONNECT\\naccept-version:1.2\\nAuthorization:Bearer ' + token + '\\n\\n\\u0000');
  sock.onclose = (e) => reject(new Error('closed ' + e.code + ' ' + e.reason));
  sock.onmessage = (e) => {
    window.frames_.push(e.data);
    if (e.data.startsWith('CONNECTED')) sock.send('SUBSCRIBE\\nid:0\\ndestination:/user/queue/messages\\nreceipt:sub\\n\\n\\u0000');
    if (e.data.startsWith('RECEIPT')) resolve(sock._transport.url);
  };
});`;

/** What the page's script defines (the test's tsconfig has no DOM types). */
interface Page {
  connect(url: string, token: string, transport: string): Promise<string>;
  frames_: string[];
  sock_: { send(data: string): void };
  document: { cookie: string };
}

describe(skipReason ? `SockJS session cookie in Chromium (skipped: ${skipReason})` : 'SockJS session cookie in Chromium', function () {
  this.timeout(60_000);
  let srv: TestServer;
  let browser: Browser | undefined;
  let psi: Persona;
  let pac: Persona;

  before(async function () {
    if (skipReason) this.skip();
    srv = await startTestServer();
    const admin = await srv.adminToken();
    psi = await newPsicologo(srv, admin);
    pac = await newPaciente(srv);
    await asignar(srv, admin, pac.idPaciente!, psi.idPsicologo!);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
  });
  after(async () => {
    await browser?.close();
    await srv?.stop();
  });

  for (const transport of ['xhr-streaming', 'xhr-polling', 'eventsource']) {
    it(`keeps a ${transport} session working with its HttpOnly cookie, and its messages arrive`, async () => {
      const context = await browser!.newContext();
      try {
        const page = await context.newPage();
        // A page of the server's own origin (served by the browser from here), as an app's would be.
        await page.route(`${srv.url}/app.html`, (route) => route.fulfill({
          contentType: 'text/html', body: `<!doctype html><title>app</title><script>${SOCKJS}</script><script>${PAGE_SCRIPT}</script>`,
        }));
        await page.goto(`${srv.url}/app.html`);
        const url = await page.evaluate(([u, t, tr]) => (globalThis as unknown as Page).connect(u, t, tr), [`${srv.url}/ws`, pac.token, transport]);
        const path = new URL(url as string).pathname;

        const cookies = await context.cookies(srv.url + path);
        const owner = cookies.find((c) => c.name === 'sockjs_owner');
        expect(owner, JSON.stringify(cookies)).to.include({ path, httpOnly: true, sameSite: 'Strict', secure: false });
        expect(await page.evaluate(() => (globalThis as unknown as Page).document.cookie)).to.equal('');

        const mensaje = `por ${transport}`;
        await srv.request('POST', '/api/psicologo/mensajes', { token: psi.token, body: { receiverId: pac.idUsuario, mensaje } });
        await waitFor(async () => ((await page.evaluate(() => (globalThis as unknown as Page).frames_)) as string[]).some((f) => f.startsWith('MESSAGE') && f.includes(mensaje)), 10_000, `the message over ${transport}`);
        // And the page sends over the same session (xhr_send carries the cookie too).
        await page.evaluate((body) => (globalThis as unknown as Page).sock_.send(`SEND\ndestination:/app/chat\nreceipt:s\n\n${body}\u0000`), JSON.stringify({ receiverId: psi.idUsuario, mensaje: `respuesta ${transport}` }));
        await waitFor(async () => ((await page.evaluate(() => (globalThis as unknown as Page).frames_)) as string[]).some((f) => f.startsWith('RECEIPT') && f.includes('receipt-id:s')), 10_000, 'the SEND receipt');
      } finally {
        await context.close();
      }
    });
  }
});
