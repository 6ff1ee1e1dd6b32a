import { ClientRequest } from 'node:http';

// fetch (and a browser) normalises a URL before sending it: '\' becomes '/', '#...' never leaves.
// An attacker's own client sends the request target byte for byte; this does the same. It builds
// the ClientRequest itself: http.request is patched by the SockJS cookie jar (sockjs-cookies.ts),
// which would hand this "attacker" the victim's cookie.

export interface RawAnswer { status: number | 'timeout'; text: string; headers: Record<string, string | string[] | undefined> }

/** `method target` exactly as written; 'timeout' when no answer came within `ms` (a long poll held open), 101 for an upgrade. */
export function rawRequest(base: string, method: string, target: string, o: { headers?: Record<string, string>; body?: string; ms?: number } = {}): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = new ClientRequest({ hostname, port, method, path: target, agent: false, headers: { Connection: 'close', ...o.headers } });
    const timer = setTimeout(() => {
      resolve({ status: 'timeout', text: '', headers: {} });
      req.destroy();
    }, o.ms ?? 2000);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { text += chunk; });
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode!, text, headers: res.headers });
      });
    });
    req.on('upgrade', (res, socket) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ status: res.statusCode!, text: '', headers: res.headers });
    });
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end(o.body);
  });
}
