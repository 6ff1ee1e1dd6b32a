import http, { type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http';

// sockjs-client's Node driver makes its xhr requests with http.request and keeps no cookies; a
// browser keeps them and sends a same-origin xhr's back. The server binds each SockJS session to
// the cookie its opening response set, so the Node client gets what the browser has: one cookie
// jar (this process is one browser) for the HTTP transports' requests under /ws/.

interface Cookie { name: string; value: string; path: string }

const jar = new Map<string, Cookie[]>();
let installed = false;

const SESSION_REQUEST = /^\/ws\/[^/]+\/[^/]+\/(?!websocket)/;

/** RFC 6265 path-match: the cookie's path is the request path or a prefix of it at a '/'. */
function pathMatches(cookiePath: string, path: string): boolean {
  return path === cookiePath || (path.startsWith(cookiePath) && (cookiePath.endsWith('/') || path[cookiePath.length] === '/'));
}

function store(origin: string, res: IncomingMessage): void {
  for (const line of res.headers['set-cookie'] ?? []) {
    const [pair, ...attrs] = line.split(';').map((p) => p.trim());
    const eq = pair.indexOf('=');
    const path = attrs.find((a) => /^path=/i.test(a))?.slice(5) ?? '/';
    const cookie = { name: pair.slice(0, eq), value: pair.slice(eq + 1), path };
    const list = (jar.get(origin) ?? []).filter((c) => c.name !== cookie.name || c.path !== cookie.path);
    jar.set(origin, [...list, cookie]);
  }
}

/** Patches http.request once, for sockjs-client's xhr requests only (not its WebSocket upgrade). */
export function installSockjsCookieJar(): void {
  if (installed) return;
  installed = true;
  const original = http.request;
  http.request = function request(this: unknown, ...args: unknown[]): ClientRequest {
    const options = args[0] as RequestOptions;
    const path = typeof options === 'object' && options !== null && !(options instanceof URL) ? options.path : undefined;
    if (typeof path !== 'string' || !SESSION_REQUEST.test(path.split('?')[0])) return (original as (...a: unknown[]) => ClientRequest).apply(this, args);
    const origin = `${options.hostname ?? options.host}:${options.port}`;
    const cookies = (jar.get(origin) ?? []).filter((c) => pathMatches(c.path, path.split('?')[0]));
    const headers = { ...(options.headers as Record<string, string> | undefined) };
    if (cookies.length) headers.Cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const req = (original as (...a: unknown[]) => ClientRequest).call(this, { ...options, headers }, ...args.slice(1));
    req.on('response', (res: IncomingMessage) => store(origin, res));
    return req;
  } as typeof http.request;
}

/** The cookies this "browser" holds for the server at `base` (http://host:port). */
export function cookiesFor(base: string): Cookie[] {
  const u = new URL(base);
  return [...(jar.get(`${u.hostname}:${u.port}`) ?? [])];
}
