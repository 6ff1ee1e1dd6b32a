import type { Context } from 'koa';

// The token endpoint speaks OAuth 2.0, not FHIR: its errors are RFC 6749 §5.2 bodies, and its
// request a form (application/x-www-form-urlencoded) read here, since the app's JSON parser does
// not run for /fhir/ paths.

export type OAuthErrorCode = 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'invalid_scope' | 'unsupported_grant_type';

export class OAuthError extends Error {
  constructor(readonly status: 400 | 401 | 413 | 429, readonly error: OAuthErrorCode, readonly description: string, readonly headers: Record<string, string> = {}) {
    super(description);
    this.name = 'OAuthError';
  }
}

export const invalidRequest = (description: string) => new OAuthError(400, 'invalid_request', description);
/** Client authentication failed (RFC 6749 §5.2: 401 is the authentication failure's status). */
export const invalidClient = (description: string) => new OAuthError(401, 'invalid_client', description);

/** Token responses and errors are never cached (RFC 6749 §5.1). */
export function noStore(ctx: Context): void {
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Pragma', 'no-cache');
}

export function answerOAuthError(ctx: Context, err: OAuthError): void {
  noStore(ctx);
  for (const [k, v] of Object.entries(err.headers)) ctx.set(k, v);
  ctx.status = err.status;
  ctx.type = 'application/json';
  ctx.body = { error: err.error, error_description: err.description };
}

/** The body, at most `limit` bytes (413 past it, without reading the rest); 400 for anything but a form. */
export async function readForm(ctx: Context, limit: number): Promise<URLSearchParams> {
  if (!ctx.is('application/x-www-form-urlencoded')) {
    throw invalidRequest('the token request must be application/x-www-form-urlencoded');
  }
  const declared = Number(ctx.get('Content-Length') || 0);
  const tooLarge = () => new OAuthError(413, 'invalid_request', `the request body is larger than ${limit} bytes`);
  if (declared > limit) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) throw tooLarge();
      chunks.push(chunk);
    }
  } catch (err) {
    if (err instanceof OAuthError) throw err;
    throw invalidRequest('the request body could not be read'); // an aborted upload is the client's doing
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.includes('\uFFFD')) throw invalidRequest('the request body is not valid UTF-8');
  return new URLSearchParams(text);
}

/** Each named parameter once at most (RFC 6749 §3.2: a repeated parameter is an invalid request). */
export function single(form: URLSearchParams, name: string): string | undefined {
  const values = form.getAll(name);
  if (values.length > 1) throw invalidRequest(`${name} is repeated`);
  return values[0] === undefined || values[0] === '' ? undefined : values[0];
}
