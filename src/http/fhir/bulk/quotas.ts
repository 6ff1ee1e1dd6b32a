import type { AppDeps } from '../../deps.ts';
import { errors } from '../../../platform/errors.ts';
import type { ExportQuotas, Refusal } from '../../../queries/fhir/bulk/quotas.ts';

// The kick-off's limits from the configuration (docs/limits.md), and the answer when one is reached.

export function exportQuotas(deps: AppDeps): ExportQuotas {
  const l = deps.config.limits;
  return {
    maxActive: l.bulkExportMaxActivePerClient, maxKept: l.bulkExportMaxKeptPerClient, perMinute: l.bulkExportKickoffsPerMinute,
    maxKeptBytes: l.bulkExportMaxKeptMb * 1024 * 1024, retryAfterMs: l.bulkExportRetryAfterSeconds * 1000,
  };
}

/**
 * IG 2.0.0 kick-off: a server that makes a client wait answers 429 + Retry-After, for what this
 * requester holds or asked (its own exports, its kick-offs a minute). Storage full for everyone is no
 * one client's doing: 503 + Retry-After (RFC 9110 §15.6.4, a temporary condition of the server),
 * which the IG's clients retry as a transient error, until the oldest kept export expires.
 */
export function refused(r: Refusal): Error {
  const seconds = Math.max(1, Math.ceil(r.retryAfterMs / 1000));
  switch (r.why) {
    case 'rate':
      return errors.tooManyRequests(seconds, { es: 'Demasiadas exportaciones iniciadas en un minuto; espere', en: 'Too many exports started within a minute; wait' });
    case 'active':
      return errors.tooManyRequests(seconds, { es: 'Ya tiene el máximo de exportaciones en curso; espere a que terminen', en: 'You already have the most exports in progress; wait for them to finish' });
    case 'kept':
      return errors.tooManyRequests(seconds, {
        es: 'Ya conserva el máximo de exportaciones: borre (DELETE de su URL de estado) las que ya descargó, o espere a que caduquen',
        en: 'You already keep the most exports: delete the ones you downloaded (DELETE their status URL), or wait for them to expire',
      });
    case 'full':
      return errors.unavailable(seconds, { es: 'El espacio para exportaciones está lleno; inténtelo cuando caduquen las anteriores', en: 'The space for exports is full; try again once earlier ones expire' });
  }
}
