import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { sockjsPath } from './sockjs-path.ts';

export interface UpgradeRoutes {
  /** `/ws`: a raw WebSocket speaking STOMP. */
  raw(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** `/ws/*`: SockJS, both its HTTP transports and its WebSocket one. */
  sockjs(req: IncomingMessage, resOrSocket: ServerResponse | Duplex, head?: Buffer): void;
  /** A plain request under `/ws/`, before SockJS: false when it answered the request itself. */
  guard(req: IncomingMessage, res: ServerResponse): boolean;
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
    else if (!isSockjs(path)) refuseUpgrade(socket, '404 Not Found');
    // A path sockjs would read otherwise than it is written (sockjs-path.ts), as the guard refuses for plain requests.
    else if (sockjsPath(req.url) === null) refuseUpgrade(socket, '400 Bad Request');
    else routes.sockjs(req, socket, head);
  };
  const api = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const path = pathOf(req.url);
    if (!isSockjs(path)) {
      for (const l of api) l.call(server, req, res);
      return;
    }
    // Headers, CORS, refused parameters and error bodies (sockjs-guard.ts), before sockjs sees it.
    if (!routes.guard(req, res)) return;
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

function refuseUpgrade(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
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
