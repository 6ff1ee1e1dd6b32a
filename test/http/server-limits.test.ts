import { expect } from 'chai';
import { connect, type Socket } from 'node:net';
import { startTestServer, type TestServer } from '../support/server.ts';

/** A raw TCP client: what it received, and a promise settled when the server closes it. */
function tcp(url: string): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let data = '';
  socket.on('data', (chunk) => { data += chunk.toString('latin1'); });
  socket.on('error', () => undefined); // a reset is one way of being refused
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve({ socket, received: () => data, closed }));
    socket.once('error', reject);
  });
}

const within = <T>(p: Promise<T>, ms: number, what: string) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms))]);

async function connections(srv: TestServer): Promise<number> {
  return new Promise((resolve, reject) => srv.server.getConnections((err, n) => (err ? reject(err) : resolve(n))));
}

describe('HTTP server limits', () => {
  describe('headers timeout (HTTP_HEADERS_TIMEOUT_MS)', () => {
    let srv: TestServer;
    before(async () => { srv = await startTestServer({ env: { HTTP_HEADERS_TIMEOUT_MS: '1000' } }); });
    after(async () => { await srv?.stop(); });

    it('cuts a client that sends its headers byte by byte, and serves the next request', async () => {
      const c = await tcp(srv.url);
      const head = 'GET /api/situaciones HTTP/1.1\r\nHost: localhost\r\nX-Slow: ' + 'a'.repeat(200);
      let i = 0;
      const drip = setInterval(() => {
        if (i < head.length && !c.socket.destroyed) c.socket.write(head[i++]);
      }, 100);
      try {
        // Bounded only so a missing timeout fails the test instead of hanging it (the cut comes ~1-2 s in).
        await within(c.closed, 10_000, 'slow headers cut');
      } finally {
        clearInterval(drip);
      }
      expect(i).to.be.below(head.length); // cut before the headers were done
      expect(c.received()).to.match(/^$|^HTTP\/1\.1 408/);
      expect((await srv.request('GET', '/api/situaciones')).status).to.equal(200);
    });
  });

  describe('connection cap (HTTP_MAX_CONNECTIONS)', () => {
    let srv: TestServer;
    before(async () => { srv = await startTestServer({ env: { HTTP_MAX_CONNECTIONS: '2' } }); });
    after(async () => { await srv?.stop(); });

    it('closes connections past the cap at once, and serves again once they are under it', async () => {
      const held = [await tcp(srv.url), await tcp(srv.url)];
      for (let t = 0; (await connections(srv)) < 2 && t < 100; t++) await new Promise((r) => setTimeout(r, 20));
      expect(await connections(srv)).to.equal(2);
      const extra = await tcp(srv.url).catch(() => null);
      if (extra) {
        extra.socket.write('GET /api/situaciones HTTP/1.1\r\nHost: localhost\r\n\r\n');
        await within(extra.closed, 5000, 'connection past the cap closed');
        expect(extra.received()).to.equal('');
      }
      // The held ones are still served.
      held[0].socket.write('GET /api/situaciones HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
      await within(held[0].closed, 5000, 'held connection answered');
      expect(held[0].received()).to.match(/^HTTP\/1\.1 200/);
      held[1].socket.destroy();
      for (let t = 0; (await connections(srv)) > 0 && t < 100; t++) await new Promise((r) => setTimeout(r, 20));
      expect((await srv.request('GET', '/api/situaciones', { headers: { Connection: 'close' } })).status).to.equal(200);
    });
  });
});
