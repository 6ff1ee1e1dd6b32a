import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Connection } from 'sockjs';

// SockJS's HTTP transports name their session in the URL (/ws/<server>/<session>/<transport>), and
// the session id is whatever the client chose: sockjs itself hands the session's messages to any
// request that names it. So the response that opens a session sets a random cookie scoped to that
// session's path, and every later request of the session must carry it. (The websocket transport
// is one connection for the whole session: sockjs never looks its session up by id.)

export const COOKIE = 'sockjs_owner';
/** Session paths sockjs-client makes (a 3-digit server, 8 random letters); sockjs's own rule is laxer. */
const SESSION_PATH = /^\/ws\/([^/.]+)\/([^/.]+)\/([a-z_]+)\/?$/;
const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Requests that open a session when its id is new (method, transport). */
const OPENING: Record<string, string> = { xhr: 'POST', xhr_streaming: 'POST', eventsource: 'GET', htmlfile: 'GET', jsonp: 'GET' };
const SENDING = new Set(['xhr_send', 'jsonp_send']);

export type Verdict = 'pass' | 'refuse';

/** The owner cookies of this instance's SockJS sessions, by session id. */
export class SockjsBinding {
  /** Sessions sockjs opened, each with the token its opener got. */
  private readonly bound = new Map<string, string>();
  /** Issued on an opening response, claimed by the 'connection' sockjs emits in the same tick or the next. */
  private readonly pending = new Map<string, string>();

  constructor(private readonly trustProxy: boolean) {}

  /** Before sockjs sees a plain request under /ws/ (`path` the one sockjs routes on, sockjs-path.ts): 'refuse' when it names a session it may not touch. */
  admit(req: IncomingMessage, res: ServerResponse, path: string): Verdict {
    const m = SESSION_PATH.exec(path);
    if (!m || req.method === 'OPTIONS') return 'pass'; // not a session's request, or a CORS preflight (touches none)
    const [, server, id, transport] = m;
    const opens = OPENING[transport] === req.method;
    if (!opens && !SENDING.has(transport)) return 'pass'; // websocket over plain HTTP, wrong methods: sockjs refuses
    if (!SAFE_ID.test(server) || !SAFE_ID.test(id)) return 'refuse';
    const token = this.bound.get(id) ?? this.pending.get(id);
    if (token !== undefined) return carries(req, token) ? 'pass' : 'refuse';
    if (!opens) return 'pass'; // sockjs answers 404: no such session
    this.issue(req, res, `/ws/${server}/${id}`, id);
    return 'pass';
  }

  /** sockjs opened a session (any transport): bind it to the token its opening response carried. */
  opened(conn: Connection): void {
    const id = SESSION_PATH.exec(conn.pathname ?? '')?.[2];
    const token = id === undefined ? undefined : this.pending.get(id);
    if (id === undefined || token === undefined) return; // websocket transport: nothing to bind
    this.pending.delete(id);
    this.bound.set(id, token);
    conn.on('close', () => {
      if (this.bound.get(id) === token) this.bound.delete(id);
    });
  }

  private issue(req: IncomingMessage, res: ServerResponse, path: string, id: string): void {
    const token = randomBytes(24).toString('base64url');
    this.pending.set(id, token);
    // sockjs opens the session within this request's handling: a token nobody claimed by then
    // belongs to a request sockjs refused (a body too large...), and must not pile up.
    setImmediate(() => {
      if (this.pending.get(id) === token) this.pending.delete(id);
    });
    const secure = isHttps(req, this.trustProxy) ? '; Secure' : '';
    res.setHeader('Set-Cookie', `${COOKIE}=${token}; Path=${path}; HttpOnly; SameSite=Strict${secure}`);
  }
}

function carries(req: IncomingMessage, token: string): boolean {
  const expected = Buffer.from(token);
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== COOKIE) continue;
    const value = Buffer.from(part.slice(eq + 1).trim());
    if (value.length === expected.length && timingSafeEqual(value, expected)) return true;
  }
  return false;
}

/** The request reached us over TLS, or (TRUST_PROXY) our proxy says it reached it so. */
function isHttps(req: IncomingMessage, trustProxy: boolean): boolean {
  if ((req.socket as TLSSocket).encrypted) return true;
  if (!trustProxy) return false;
  const proto = req.headers['x-forwarded-proto'];
  const last = (Array.isArray(proto) ? proto.join(',') : proto ?? '').split(',').pop()?.trim().toLowerCase();
  return last === 'https';
}
