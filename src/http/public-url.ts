import type { TLSSocket } from 'node:tls';
import type { Context } from 'koa';
import { errors } from '../platform/errors.ts';

export interface PublicUrlOptions {
  /** PUBLIC_BASE_URL, without a trailing slash; null: from the request. */
  publicBaseUrl: string | null;
  /** TRUST_PROXY: X-Forwarded-Proto and X-Forwarded-Host are our proxy's word. */
  trustProxy: boolean;
}

/** A host[:port] as a URL authority: a name or IPv4, or a bracketed IPv6; nothing else. */
const AUTHORITY = /^(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The last entry of a forwarded header: the one our proxy wrote (earlier ones are the client's claim). */
function lastForwarded(ctx: Context, header: string): string {
  return ctx.get(header).split(',').map((v) => v.trim()).filter(Boolean).pop() ?? '';
}

/**
 * The base (scheme://host[/prefix]) of the absolute URLs the service hands out. PUBLIC_BASE_URL when
 * set. Otherwise the request's: https only over TLS, and the Host header; behind TRUST_PROXY the
 * proxy's X-Forwarded-Proto and X-Forwarded-Host instead, when present. Without TRUST_PROXY those
 * headers are anyone's and are ignored. A host that is not a plain host[:port] is refused (400).
 */
export function publicBase(ctx: Context, opts: PublicUrlOptions): string {
  if (opts.publicBaseUrl) return opts.publicBaseUrl;
  let scheme = (ctx.req.socket as TLSSocket).encrypted ? 'https' : 'http';
  let host = ctx.get('Host');
  if (opts.trustProxy) {
    const proto = lastForwarded(ctx, 'X-Forwarded-Proto').toLowerCase();
    if (proto === 'http' || proto === 'https') scheme = proto;
    host = lastForwarded(ctx, 'X-Forwarded-Host') || host;
  }
  if (!AUTHORITY.test(host)) {
    throw errors.invalid('Cabecera Host ausente o no válida: no se puede formar la URL', 'Missing or invalid Host header: the URL cannot be built');
  }
  return `${scheme}://${host.toLowerCase()}`;
}
