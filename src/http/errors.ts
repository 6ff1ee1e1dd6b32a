import { STATUS_CODES } from 'node:http';
import type { Context, Next } from 'koa';
import { AppendTooLargeError, EventStoreUnavailableError, ReservationTakenError, WrongExpectedRevisionError } from '../eventstore/port.ts';
import { AppError, errors, type Message } from '../platform/errors.ts';
import { localDateTime } from '../platform/time.ts';

export function prefersEnglish(ctx: Context): boolean {
  return ctx.acceptsLanguages('es', 'en') === 'en';
}

/** The spec's error body. */
export function errorBody(ctx: Context, status: number, mensaje: Message, timezone: string) {
  return {
    mensaje: prefersEnglish(ctx) ? mensaje.en : mensaje.es,
    timestamp: localDateTime(new Date(), timezone),
    status,
    error: STATUS_CODES[status] ?? 'Error',
  };
}

/** Maps anything thrown below it to one of the spec's statuses; 5xx bodies carry no internals. */
function toAppError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  if (err instanceof WrongExpectedRevisionError) {
    return errors.conflict('El recurso cambió mientras se procesaba; inténtelo de nuevo', 'The resource changed concurrently; try again');
  }
  if (err instanceof ReservationTakenError) return errors.conflict('El valor ya está registrado', 'The value is already registered');
  // Events over KurrentDB's MaxAppendSize (sealing grows fields by a third); a cluster without a leader.
  if (err instanceof AppendTooLargeError) return errors.tooLarge();
  if (err instanceof EventStoreUnavailableError) return errors.unavailable(1);
  const e = err as { status?: number; statusCode?: number; httpCode?: number; type?: string; expose?: boolean };
  const status = e?.httpCode ?? e?.status ?? e?.statusCode;
  if (status === 413) return errors.tooLarge();
  if (status === 415) return errors.unsupportedMediaType();
  if (status === 400 || e?.type === 'entity.parse.failed' || err instanceof SyntaxError) {
    return errors.invalid('JSON mal formado o cuerpo no válido', 'Malformed JSON or invalid body');
  }
  if (status === 401) return errors.unauthenticated();
  if (status === 403) return errors.forbidden();
  if (status === 404) return errors.notFound('Recurso', 'Resource');
  return null;
}

export function errorMiddleware(timezone: string) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        throw errors.notFound('Recurso', 'Resource');
      }
      if (ctx.status === 405 && (ctx.body === undefined || typeof ctx.body === 'string')) {
        ctx.body = errorBody(ctx, 405, { es: 'Método no permitido', en: 'Method not allowed' }, timezone);
        ctx.status = 405;
      }
    } catch (err) {
      const appError = toAppError(err);
      if (appError) {
        ctx.status = appError.status;
        ctx.set(appError.headers);
        ctx.body = errorBody(ctx, appError.status, appError.mensaje, timezone);
        return;
      }
      ctx.state.logger?.error({ err }, 'unhandled error');
      ctx.status = 500;
      ctx.body = errorBody(ctx, 500, { es: 'Error interno del servidor', en: 'Internal server error' }, timezone);
    }
  };
}
