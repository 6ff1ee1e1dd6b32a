import { ConfigError } from './config-error.ts';
import type { Env } from './env.ts';

/**
 * PUBLIC_BASE_URL: where clients reach the service (scheme, host, optional path prefix), for the
 * absolute URLs it hands out (the calendar feed's). Checked at start: an absolute http(s) URL with a
 * host, no user, query or fragment. Returned without a trailing slash, so that `base + '/calendario/…'`
 * is the URL. Unset or empty: null, and the URL comes from the request (src/http/public-url.ts).
 */
export function loadPublicBaseUrl(env: Env): string | null {
  const raw = (env.PUBLIC_BASE_URL ?? '').trim();
  if (raw === '') return null;
  const problem = 'PUBLIC_BASE_URL must be an absolute http or https URL without user, query or fragment (e.g. https://consulta.example.com or https://example.com/consulta)';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(problem);
  }
  // WHATWG URLs forgive `https:host` and `https:///host`, and a bare `?` or `#` leaves search and hash
  // empty: the text itself must read scheme://host and have neither.
  const plain = (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !url.username && !url.password;
  if (!plain || !/^https?:\/\/[^/]/i.test(raw) || raw.includes('?') || raw.includes('#')) throw new ConfigError(problem);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
