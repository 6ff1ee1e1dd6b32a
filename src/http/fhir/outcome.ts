import type { Context, Next } from 'koa';
import { AppError, errors, type Message } from '../../platform/errors.ts';
import { prefersEnglish } from '../errors.ts';
import { EventStoreUnavailableError } from '../../eventstore/port.ts';

export const FHIR_JSON = 'application/fhir+json; charset=utf-8';

/** The issue type FHIR names for each of our statuses (R4 ValueSet issue-type). */
const ISSUE_CODE: Record<number, string> = {
  400: 'invalid', 401: 'login', 403: 'forbidden', 404: 'not-found', 405: 'not-supported', 406: 'not-supported', 409: 'conflict',
  410: 'deleted', 413: 'too-costly', 415: 'not-supported', 429: 'throttled', 500: 'exception', 503: 'transient',
};

/** Longest diagnostics: a message echoing a 10 KB value says no more for it. */
const MAX_DIAGNOSTICS = 500;

/**
 * Messages echo what the client sent; a FHIR string holds no control characters but tab and
 * newlines, so the others are written as `\uXXXX` (the OperationOutcome stays valid FHIR).
 */
function diagnosticsOf(text: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return clean.length > MAX_DIAGNOSTICS ? `${clean.slice(0, MAX_DIAGNOSTICS)}…` : clean;
}

export function operationOutcome(status: number, text: string, severity: 'error' | 'information' = 'error') {
  return {
    resourceType: 'OperationOutcome',
    issue: [{ severity, code: ISSUE_CODE[status] ?? 'processing', diagnostics: diagnosticsOf(text) }],
  };
}

/**
 * The REST API's rule for every text we write: Spanish, or English when the request's
 * Accept-Language prefers `en` (src/http/errors.ts).
 */
export const inLanguage = (ctx: Context, text: Message) => (prefersEnglish(ctx) ? text.en : text.es);

/** Answers with an OperationOutcome, its diagnostics in the request's language. */
export function sendOutcome(ctx: Context, status: number, text: Message, headers: Record<string, string> = {}): void {
  ctx.status = status;
  ctx.set(headers);
  ctx.type = FHIR_JSON;
  ctx.body = operationOutcome(status, inLanguage(ctx, text));
}

/** Every error under /fhir is an OperationOutcome; a 5xx says nothing of the cause. */
export function fhirErrors() {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
    } catch (err) {
      const e = err instanceof EventStoreUnavailableError ? errors.unavailable(1) : err;
      if (e instanceof AppError) {
        sendOutcome(ctx, e.status, e.mensaje, e.headers);
        if (e.status === 401) ctx.set('WWW-Authenticate', 'Bearer');
        return;
      }
      const status = (err as { httpCode?: number; status?: number })?.httpCode ?? (err as { status?: number })?.status;
      if (status === 413) return sendOutcome(ctx, 413, errors.tooLarge().mensaje);
      if (status === 400) return sendOutcome(ctx, 400, { es: 'Petición no válida', en: 'Bad request' });
      ctx.state.logger?.error({ err }, 'unhandled error');
      sendOutcome(ctx, 500, { es: 'Error interno del servidor', en: 'Internal server error' });
    }
  };
}
