import { parse } from 'node:url';

// sockjs routes a request on `url.parse(req.url, true).pathname` (sockjs/lib/webjs.js), and that
// is not the path as written: '\' becomes '/', everything from '#' is dropped. A check that reads
// the path any other way names a different session (or none) than the one sockjs then serves: the
// bypass of issue 22 item 7's owner cookie. So under /ws/ a request goes on only when both readings
// agree, and only in the plain form sockjs-client writes (letters, digits, '_', '-', '.' between
// single slashes, no '.' or '..' segment, no percent-escape): anything else fails closed.

const PLAIN = /^\/ws(?:\/[A-Za-z0-9_.-]+)*\/?$/;
const DOT_SEGMENT = /\/\.{1,2}(?:\/|$)/;
/** Characters url.parse rewrites or cuts at, wherever they are (the query included). */
const REWRITTEN = /[#\\]/;

/** The path sockjs will route `url` on, or null when that is not the path as written or not plain. */
export function sockjsPath(url: string | undefined): string | null {
  if (url === undefined || REWRITTEN.test(url)) return null;
  const written = url.split('?')[0];
  // The very parser sockjs uses (deprecated for new code, which is why only sockjs's reading counts).
  const routed = parse(url).pathname;
  if (routed !== written || !PLAIN.test(written) || DOT_SEGMENT.test(written)) return null;
  return written;
}
