import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Rol } from '../events/usuario.ts';
import { errors } from '../platform/errors.ts';
import { validate, type JsonSchema } from './validation.ts';
import type { Key, Page } from '../queries/paging.ts';

export type Method = 'get' | 'post' | 'put' | 'delete';

export interface ResponseSpec {
  description: string;
  schema?: JsonSchema;
  contentType?: string;
  /** Response headers worth documenting (OpenAPI header objects by name). */
  headers?: Record<string, unknown>;
  /** Other forms of the same answer the client may ask for (a report as CSV with `formato=csv`). */
  alternatives?: { contentType: string; schema: JsonSchema }[];
}

/** A page of a list as handlers receive it: `Page` plus the cursor that resumes after a given key (src/http/paging.ts). */
export interface ListPage extends Page {
  cursor(key: Key): string;
}

/** One endpoint: its contract (for validation and OpenAPI) and its handler. */
export interface RouteDef<B = any, Q = any> {
  method: Method;
  /** Koa path, e.g. /api/pacientes/:id (params are integers, except :name, :token, :secreto and :codigo, read from ctx.params). */
  path: string;
  /** Stable camelCase id of the operation (client method names are generated from it): never rename one. */
  operationId: string;
  tag: string;
  summary: string;
  /** Longer explanation for client developers; the document adds who may call the operation. */
  description?: string;
  /** 'public', 'authenticated' (any role), or the roles allowed. */
  auth: 'public' | 'authenticated' | Rol[];
  body?: JsonSchema;
  /** multipart/form-data instead of JSON. */
  multipart?: boolean;
  /** The body's exact bytes, unparsed, in ctx.state.rawBody (a signed webhook: src/http/raw-body.ts). */
  rawBody?: boolean;
  query?: JsonSchema;
  /** Counted per client address: 'auth' (whatever checks a password: logins, signing), 'registration' (self-registrations, also per hour). */
  throttle?: 'auth' | 'registration';
  responses: Record<number, ResponseSpec>;
  /** Lists only, set by withPaging (src/http/paging.ts): reads `limit` and `cursor`. */
  page?: (query: Record<string, unknown>) => ListPage;
  handler: (ctx: Context, input: { body: B; query: Q; params: Record<string, number>; page?: ListPage }) => Promise<void>;
}

const MAX_ID = 2_147_483_647;

function integerParams(ctx: Context): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(ctx.params ?? {})) {
    if (typeof v !== 'string' || !/^[1-9]\d{0,9}$/.test(v) || Number(v) > MAX_ID) {
      throw errors.invalid(`${k}: se esperaba un identificador entero de 1 a ${MAX_ID}`, `${k}: expected a whole-number identifier from 1 to ${MAX_ID}`);
    }
    out[k] = Number(v);
  }
  return out;
}

export function mountRoutes(router: Router, defs: RouteDef[], guard: (def: RouteDef) => (ctx: Context) => Promise<void>) {
  for (const def of defs) {
    const checkAccess = guard(def);
    router[def.method](def.path, async (ctx: Context) => {
      await checkAccess(ctx);
      const params = def.path.includes(':') && !/:(name|token|secreto|codigo)\b/.test(def.path) ? integerParams(ctx) : {};
      const body = def.body ? validate(def.body, (ctx.request as { body?: unknown }).body ?? {}) : undefined;
      // Before the query schema, so a bad limit or cursor gets its own message.
      const page = def.page?.(ctx.query);
      const query = def.query ? validate(def.query, { ...ctx.query }) : undefined;
      await def.handler(ctx, { body, query, params, page });
    });
  }
}
