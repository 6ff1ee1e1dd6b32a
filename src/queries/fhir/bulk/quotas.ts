import type { Knex } from 'knex';

// What one requester's kick-offs, and all exports together, may hold (docs/fhir.md "Bulk Data
// export", issue 31 item 4: 788 exports of one psychologist were accepted in 90 s and kept 24 h,
// the limit counting only queued and running jobs). Checked by insertJob under the requester's
// advisory lock, so that concurrent kick-offs cannot all pass a count.

/** The limits a kick-off is checked against (0 turns one off). */
export interface ExportQuotas {
  /** Queued or running at once (BULK_EXPORT_MAX_ACTIVE_PER_CLIENT). */
  maxActive: number;
  /** Kept at once, finished ones included until they expire or are deleted (BULK_EXPORT_MAX_KEPT_PER_CLIENT). */
  maxKept: number;
  /** Kick-offs a minute (BULK_EXPORT_KICKOFFS_PER_MINUTE), cancelled ones included. */
  perMinute: number;
  /** Bytes of finished exports' files kept in all (BULK_EXPORT_MAX_KEPT_MB). */
  maxKeptBytes: number;
  /** The wait a client is told while its own exports run (BULK_EXPORT_RETRY_AFTER_SECONDS). */
  retryAfterMs: number;
}

/** Why a kick-off is refused, and how long until it may succeed. */
export interface Refusal {
  why: 'rate' | 'active' | 'kept' | 'full';
  retryAfterMs: number;
}

/** Whose exports: a machine client's, else a user's. */
export type Requester = { id_cliente_fhir: number } | { id_usuario: number | null };

export const RATE_WINDOW_MS = 60_000;
const JOBS = 'fhir_export_jobs';
const ms = (d: unknown) => new Date(d as string | Date).getTime();

/**
 * The first limit a new kick-off of `who` would pass, or null. Kick-offs a minute are counted on
 * their marks (a cancelled job's mark stays a minute: cancelling does not give the place back).
 */
export async function refusalOf(trx: Knex.Transaction, who: Requester, now: Date, q: ExportQuotas): Promise<Refusal | null> {
  const t = now.getTime();
  if (q.perMinute > 0) {
    const r = await trx('fhir_export_marcas').where(who).where('transaction_time', '>', new Date(t - RATE_WINDOW_MS))
      .count({ n: '*' }).min({ oldest: 'transaction_time' }).first();
    if (Number(r?.n ?? 0) >= q.perMinute) return { why: 'rate', retryAfterMs: ms(r!.oldest) + RATE_WINDOW_MS - t };
  }
  const alive = () => trx(JOBS).where(who).where('expira_en', '>', now);
  if (q.maxActive > 0) {
    const r = await alive().whereIn('estado', ['pending', 'running']).count({ n: '*' }).first();
    if (Number(r?.n ?? 0) >= q.maxActive) return { why: 'active', retryAfterMs: q.retryAfterMs };
  }
  if (q.maxKept > 0) {
    // A failed job keeps no files: it holds no place.
    const r = await alive().whereIn('estado', ['pending', 'running', 'done']).count({ n: '*' }).min({ first: 'expira_en' }).first();
    if (Number(r?.n ?? 0) >= q.maxKept) return { why: 'kept', retryAfterMs: Math.max(q.retryAfterMs, ms(r!.first) - t) };
  }
  if (q.maxKeptBytes > 0) {
    const r = await trx(JOBS).where('estado', 'done').where('expira_en', '>', now)
      .select(trx.raw(`coalesce(sum((salida ->> 'bytes')::bigint), 0) as bytes, min(expira_en) as first`)).first();
    if (Number(r?.bytes ?? 0) >= q.maxKeptBytes) return { why: 'full', retryAfterMs: Math.max(q.retryAfterMs, ms(r!.first) - t) };
  }
  return null;
}
