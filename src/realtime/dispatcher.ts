import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

export interface UpgradeRoutes {
  /** `/ws`: a raw WebSocket speaking STOMP. */
  raw(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** `/ws/*`: SockJS, both its HTTP transports and its WebSocket one. */
  sockjs(req: IncomingMessage, resOrSocket: ServerResponse | Duplex, head?: Buffer): void;
  /** A plain request under `/ws/`, before SockJS: false when it answered the request itself. */
  guard(req: IncomingMessage, res: ServerResponse, path: string): boolean;
}

const pathOf = (url: string | undefined) => (url ?? '/').split('?')[0];
const isSockjs = (path: string) => path.startsWith('/ws/');

/**
 * The one place that decides who handles a connection: upgrades to `/ws` go to the raw STOMP
 * socket, anything under `/ws/` to SockJS, other upgrades are refused; plain requests under
 * `/ws/` go to SockJS and the rest to the API (the listeners the server had).
 */
export function attachDispatcher(server: Server, routes: UpgradeRoutes, maxPostBytes: number): () => void {
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = pathOf(req.url);
    if (path === '/ws') routes.raw(req, socket, head);
    else if (isSockjs(path)) routes.sockjs(req, socket, head);
    else socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  };
  const api = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const path = pathOf(req.url);
    if (!isSockjs(path)) {
      for (const l of api) l.call(server, req, res);
      return;
    }
    // Headers, CORS, refused parameters and error bodies (sockjs-guard.ts), before sockjs sees it.
    if (!routes.guard(req, res, path)) return;
    if (!limitBody(req, res, maxPostBytes)) return;
    routes.sockjs(req, res);
  };
  server.removeAllListeners('request');
  server.on('request', onRequest);
  server.on('upgrade', onUpgrade);
  return () => {
    server.off('upgrade', onUpgrade);
    server.off('request', onRequest);
    for (const l of api) server.on('request', l);
  };
}

function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' });
  res.end(`${text}\n`);
}

/** SockJS buffers a POST body whole, with no limit of its own. */
function limitBody(req: IncomingMessage, res: ServerResponse, max: number): boolean {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > max) {
    plain(res, 413, 'Payload too large');
    req.resume();
    return false;
  }
  let seen = 0;
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > max) req.destroy();
  });
  return true;
}
