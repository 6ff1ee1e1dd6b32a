import type { ErrorBody } from './types.js';

/** A refused request: its HTTP status and the spec's error body (mensaje in es or en, per Accept-Language). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    /** Seconds to wait, from a 429's Retry-After. */
    readonly retryAfter?: number,
  ) {
    super(`${status} ${body.error}: ${body.mensaje}`);
    this.name = 'ApiError';
  }
}

function retryAfterOf(headers: Headers): number | undefined {
  const v = headers.get('Retry-After');
  return v === null || !/^\d+$/.test(v) ? undefined : Number(v);
}

/** Whatever an error response carried, as the spec's body (a proxy's HTML page still gives a usable error). */
function asErrorBody(status: number, statusText: string, error: unknown): ErrorBody {
  const e = error as Partial<ErrorBody> | null;
  if (e && typeof e === 'object' && typeof e.mensaje === 'string') return e as ErrorBody;
  return { mensaje: typeof error === 'string' && error ? error : statusText, status, error: statusText, timestamp: '' };
}

/**
 * The data of an openapi-fetch result, or an ApiError. openapi-fetch itself never throws on an
 * error status; most app code would rather not check `error` after every call.
 */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  const { response } = result;
  if (response.ok) return result.data as T;
  throw new ApiError(response.status, asErrorBody(response.status, response.statusText, result.error), retryAfterOf(response.headers));
}
