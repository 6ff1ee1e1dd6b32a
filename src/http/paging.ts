import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import { errors } from '../platform/errors.ts';
import { badCursor, type Key, type Page, type Paged } from '../queries/paging.ts';
import type { ListPage, RouteDef } from './routes.ts';

export type { ListPage } from './routes.ts';
import type { JsonSchema } from './validation.ts';
import { queryInteger } from './query-integer.ts';

// Every list (a GET whose 200 is an array) takes `limit` and `cursor` and answers a plain JSON array
// with `Link: <...>; rel="next"` while more remain (decisions.md "Limits"; README "Paging").

export const MAX_LIMIT = 500;
const LIMIT_PATTERN = '^(500|[1-4]\\d{2}|[1-9]\\d?)$';
// base64url JSON key, a dot, base64url MAC: the cursor is opaque to clients and cannot be forged.
const CURSOR_PATTERN = '^[A-Za-z0-9_-]{1,400}\\.[A-Za-z0-9_-]{22}$';

const pageFields: Record<string, JsonSchema> = {
  limit: queryInteger({ minimum: 1, maximum: MAX_LIMIT }, {
    type: 'string', pattern: LIMIT_PATTERN, example: '100',
    description: `Máximo de elementos de la página, entero de 1 a ${MAX_LIMIT} (por defecto ${MAX_LIMIT})`,
  }),
  cursor: {
    type: 'string', pattern: CURSOR_PATTERN, example: 'WzEyLDM0XQ.q1w2e3r4t5y6u7i8o9p0aZ',
    description: 'Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página',
  },
};

const linkHeader = {
  Link: {
    description: 'Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288)',
    schema: { type: 'string', example: '</api/mensajes?limit=100&cursor=...>; rel="next"' },
  },
};

export const isListRoute = (def: RouteDef) =>
  def.method === 'get' && (def.responses[200]?.schema as { type?: unknown } | undefined)?.type === 'array';

const badLimit = () =>
  errors.invalid(`limit debe ser un entero entre 1 y ${MAX_LIMIT}`, `limit must be an integer between 1 and ${MAX_LIMIT}`);

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64url');

/** Cursors signed for one list: a cursor of another list, edited or truncated, is a 400. */
function cursorCodec(secret: Buffer, path: string) {
  const mac = (payload: string) => createHmac('sha256', secret).update(`${path}\n${payload}`).digest().subarray(0, 16);
  return {
    encode: (key: Key) => {
      const payload = b64(JSON.stringify(key));
      return `${payload}.${b64(mac(payload))}`;
    },
    decode: (cursor: unknown): Key => {
      if (typeof cursor !== 'string' || !new RegExp(CURSOR_PATTERN).test(cursor)) throw badCursor();
      const [payload, sig] = cursor.split('.');
      // The MAC's text, not its decoded bytes: base64url's spare bits would let two texts pass.
      if (!timingSafeEqual(Buffer.from(sig), Buffer.from(b64(mac(payload))))) throw badCursor();
      const key: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      if (!Array.isArray(key) || !key.every((k) => typeof k === 'string' || typeof k === 'number')) throw badCursor();
      return key;
    },
  };
}

/** Reads `limit` and `cursor` of a list's query string; 400 (es/en) when either is malformed. */
function pageReader(secret: Buffer, path: string) {
  const codec = cursorCodec(secret, path);
  return (query: Record<string, unknown>): ListPage => {
    const { limit, cursor } = query;
    if (limit !== undefined && (typeof limit !== 'string' || !new RegExp(LIMIT_PATTERN).test(limit))) throw badLimit();
    return { limit: limit === undefined ? MAX_LIMIT : Number(limit), after: cursor === undefined ? null : codec.decode(cursor), cursor: codec.encode };
  };
}

/** A list route with `limit`/`cursor` in its query schema (validated and documented), Link documented, and its page reader. */
function paged(def: RouteDef, secret: Buffer): RouteDef {
  const own = def.query as { properties?: Record<string, JsonSchema> } | undefined;
  // Lists without a query schema never refused unknown parameters; they still do not.
  const query = own ? { ...own, properties: { ...own.properties, ...pageFields } } : { type: 'object', properties: pageFields };
  const ok = def.responses[200];
  return { ...def, query, responses: { ...def.responses, 200: { ...ok, headers: linkHeader } }, page: pageReader(secret, def.path) };
}

/** Every list route of `defs` paged; cursors are signed with a key derived from `secret`. */
export function withPaging(defs: RouteDef[], secret: string): RouteDef[] {
  const key = createHmac('sha256', secret).update('list-cursor').digest();
  return defs.map((def) => (isListRoute(def) ? paged(def, key) : def));
}

/** Answers the page: the items as a plain array, and `Link` to the same path and query with the next cursor. */
export function sendPage<T>(ctx: Context, page: ListPage, result: Paged<T>): void {
  ctx.body = result.items;
  if (!result.next) return;
  const params = new URLSearchParams(ctx.querystring);
  params.set('cursor', page.cursor(result.next));
  ctx.set('Link', `<${ctx.path}?${params.toString()}>; rel="next"`);
}

/** The common list handler body: fetch the page the request asks for and answer it. */
export async function answerPage<T>(ctx: Context, page: ListPage | undefined, fetch: (page: Page) => Promise<Paged<T>>): Promise<void> {
  const p = givenPage(page);
  sendPage(ctx, p, await fetch(p));
}

/** The page a list handler was given (withPaging gives every list route one). */
export function givenPage(page: ListPage | undefined): ListPage {
  if (!page) throw new Error('list route mounted without withPaging');
  return page;
}
