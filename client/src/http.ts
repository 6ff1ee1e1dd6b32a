import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './schema.js';

export type PracticeClient = Client<paths>;

export interface PracticeClientOptions {
  /** Where the API is served, e.g. `https://consulta.example.org` (the document's paths start at /auth and /api). */
  baseUrl: string;
  /** The login token, or a function asked before every request (so a login can change it later). */
  token?: string | (() => string | null | undefined);
  /** `en` for English error messages; Spanish otherwise. */
  acceptLanguage?: string;
  fetch?: (input: Request) => Promise<Response>;
  /** false: do not send back the last write's X-Consistency-Token (reads from a replica may then lag behind this client's writes). */
  readYourWrites?: boolean;
}

export const CONSISTENCY_HEADER = 'X-Consistency-Token';

/**
 * Read-your-writes across the server's read replica: the token of this client's last write that
 * answered one goes with every later request (the server reads a list from the replica only once
 * it holds that write). One per client instance; a call that sets the header itself keeps its own.
 */
export function consistencyMiddleware(): Middleware {
  let last: string | null = null;
  return {
    onRequest({ request }) {
      if (last && !request.headers.has(CONSISTENCY_HEADER)) request.headers.set(CONSISTENCY_HEADER, last);
      return request;
    },
    onResponse({ response }) {
      const token = response.headers.get(CONSISTENCY_HEADER);
      if (token && response.ok) last = token;
      return response;
    },
  };
}

/** Adds `Authorization: Bearer <token>` unless the call set its own header. */
export function authMiddleware(token: NonNullable<PracticeClientOptions['token']>): Middleware {
  return {
    onRequest({ request }) {
      const value = typeof token === 'function' ? token() : token;
      if (value && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${value}`);
      return request;
    },
  };
}

/**
 * The API's typed client: openapi-fetch over the generated `paths`, so every path, parameter,
 * body and answer is checked by the compiler. Calls answer `{ data, error, response }`; `unwrap`
 * turns an error into an ApiError.
 */
export function createPracticeClient(options: PracticeClientOptions): PracticeClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.acceptLanguage ? { headers: { 'Accept-Language': options.acceptLanguage } } : {}),
  });
  if (options.token !== undefined) client.use(authMiddleware(options.token));
  if (options.readYourWrites !== false) client.use(consistencyMiddleware());
  return client;
}
