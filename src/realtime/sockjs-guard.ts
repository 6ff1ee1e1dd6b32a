import { STATUS_CODES, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { Message } from '../platform/errors.ts';
import { localDateTime } from '../platform/time.ts';
import { prefersEnglish } from './protocol.ts';
import type { SockjsBinding } from './sockjs-binding.ts';
import { sockjsPath } from './sockjs-path.ts';

// The sockjs library answers HTTP under /ws/* on its own terms: it reflects any Origin with
// credentials, sends no framing or content policy, and reports a client's bad parameters as a 500
// in plain text. This guard runs before it on every plain request there and brings those answers
// in line with the REST API (CORS allow-list, security headers, the spec's JSON error body), and
// keeps each session's requests to the client that opened it (sockjs-binding.ts).

export interface SockjsGuardOptions {
  /** The REST CORS allow-list (CORS_ORIGINS). */
  corsOrigins: string[];
  /** For the error body's timestamp. */
  timezone: string;
  /** Each HTTP session to the client that opened it (sockjs-binding.ts). */
  binding: SockjsBinding;
}

/** sockjs's own rule for a JSONP/htmlfile callback name (it skips the length check for htmlfile). */
const CALLBACK = /^[a-zA-Z0-9_.-]{1,32}$/;
const CALLBACK_PATH = /\/(jsonp|htmlfile)\/?$/;
const IFRAME_PATH = /^\/ws\/iframe/;
/** What sockjs writes for a real exception; any other 500 it sends is a client's bad request. */
const INTERNAL = '500 - Internal Server Error';

const MESSAGES: Record<number, Message> = {
  400: { es: 'Petición no válida', en: 'Bad request' },
  404: { es: 'Recurso no encontrado', en: 'Resource not found' },
  405: { es: 'Método no permitido', en: 'Method not allowed' },
  413: { es: 'El cuerpo de la petición es demasiado grande', en: 'Request body too large' },
};
const FALLBACK: Message = { es: 'Error interno del servidor', en: 'Internal server error' };
/** A more precise message than the status's, for the refusals this guard makes itself. */
const MESSAGES_FOR = new WeakMap<ServerResponse, Message>();

const UNPLAIN_PATH: Message = {
  es: 'Ruta no válida bajo /ws/: solo letras, cifras, "_", "-" y "." entre barras simples, sin "#", "\\", "%" ni segmentos "." o ".."',
  en: 'Invalid path under /ws/: only letters, digits, "_", "-" and "." between single slashes, with no "#", "\\", "%" or "." or ".." segment',
};

/** False when the guard answered the request itself. */
export function guardSockjsRequest(req: IncomingMessage, res: ServerResponse, o: SockjsGuardOptions): boolean {
  // Every check below reads the path sockjs will route on, or the request goes no further (sockjs-path.ts).
  const path = sockjsPath(req.url);
  securityHeaders(res, path ?? '');
  allowListedCors(req, res, o.corsOrigins);
  jsonErrors(req, res, o.timezone);
  if (path === null) return refuse(res, 400, UNPLAIN_PATH);
  // SockJS's iframe page loads its client from a CDN: not offered, clients fall back to other transports.
  if (IFRAME_PATH.test(path)) return refuse(res, 404);
  if (req.method === 'GET' && CALLBACK_PATH.test(path) && !validCallback(req.url)) {
    return refuse(res, 400, {
      es: 'El parámetro c (callback) es obligatorio: 1 a 32 letras, cifras, ".", "_" o "-"',
      en: 'The c (callback) parameter is required: 1 to 32 letters, digits, ".", "_" or "-"',
    });
  }
  // Another client's session (no owner cookie, or the wrong one): as if it did not exist, as sockjs answers then.
  if (o.binding.admit(req, res, path) === 'refuse') return refuse(res, 404);
  return true;
}

function validCallback(url: string | undefined): boolean {
  const q = new URL(url ?? '/', 'http://localhost').searchParams;
  const names = [...q.getAll('c'), ...q.getAll('callback')];
  return names.length === 1 && CALLBACK.test(names[0]);
}

/**
 * The iframe page is meant to be framed by pages of this origin only; everything else (htmlfile
 * included, whose page the client only ever loads inside that iframe) may not be framed at all.
 */
function securityHeaders(res: ServerResponse, path: string): void {
  const iframe = IFRAME_PATH.test(path);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', iframe ? 'SAMEORIGIN' : 'DENY');
  res.setHeader('Content-Security-Policy', `default-src 'none'; frame-ancestors ${iframe ? "'self'" : "'none'"}`);
}

/**
 * Origins on the allow-list keep what sockjs sends them (its client uses credentialed requests);
 * for any other Origin, or none, no Access-Control-* header goes out: the browser keeps the
 * response from the page, as REST CORS does.
 */
function allowListedCors(req: IncomingMessage, res: ServerResponse, allowed: string[]): void {
  res.setHeader('Vary', 'Origin');
  const origin = req.headers.origin;
  if (origin && allowed.includes(origin)) return;
  const setHeader = res.setHeader.bind(res);
  res.setHeader = ((name: string, value: number | string | readonly string[]) =>
    (/^access-control-/i.test(name) ? res : setHeader(name, value))) as ServerResponse['setHeader'];
}

/** Every error status sockjs (or the dispatcher) writes becomes the spec's JSON error body. */
function jsonErrors(req: IncomingMessage, res: ServerResponse, timezone: string): void {
  const writeHead = res.writeHead.bind(res);
  const end = res.end.bind(res);
  let failed: number | null = null;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    if (status < 400) return writeHead(status, ...(rest as [OutgoingHttpHeaders]));
    failed = status;
    const headers = rest.find((r) => typeof r === 'object' && r !== null) as OutgoingHttpHeaders | undefined;
    for (const [k, v] of Object.entries(headers ?? {})) if (v !== undefined) res.setHeader(k, v);
    return res;
  }) as ServerResponse['writeHead'];
  res.end = ((...args: unknown[]) => {
    res.writeHead = writeHead;
    res.end = end;
    if (failed === null) return end(...(args as [string]));
    const chunk = args[0];
    const text = typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : '';
    const status = failed === 500 && text !== INTERNAL ? 400 : failed;
    const m = MESSAGES_FOR.get(res) ?? MESSAGES[status] ?? FALLBACK;
    const body = JSON.stringify({
      mensaje: prefersEnglish(req.headers['accept-language']) ? m.en : m.es,
      timestamp: localDateTime(new Date(), timezone),
      status,
      error: STATUS_CODES[status] ?? 'Error',
    });
    res.statusCode = status;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', Buffer.byteLength(body));
    return end(body);
  }) as ServerResponse['end'];
}

/** Answers with `status` (through jsonErrors); `m` replaces the status's generic message. */
function refuse(res: ServerResponse, status: number, m?: Message): false {
  if (m) MESSAGES_FOR.set(res, m);
  res.writeHead(status);
  res.end();
  return false;
}
