import type { Knex } from 'knex';

/** Rows removed per statement: each delete is short and holds few locks. */
const CHUNK = 5000;

export interface BookkeepingPurged {
  markers: number;
  outbox: number;
  /** Stripe's processed webhook events (stripe_eventos, docs/billing.md "Online payments (Stripe)"). */
  stripe: number;
}

async function inChunks(knex: Knex, sql: string, bindings: Knex.RawBinding[]): Promise<number> {
  let total = 0;
  for (;;) {
    const r = await knex.raw(sql, [...bindings, CHUNK]);
    total += r.rowCount ?? 0;
    if ((r.rowCount ?? 0) < CHUNK) return total;
  }
}

/**
 * Keeps the reactors' bookkeeping from growing without bound: processed-event markers and
 * finished outbox rows (SENT, FAILED; their payloads are already empty) older than `days`.
 *
 * Why deleting a marker can never send a side effect twice: a marker is inserted in the batch
 * transaction that also moves its reactor's checkpoint past the event (projections/runner.ts), and
 * reactor checkpoints only move forward (reactors never replay; an import moves them to the new
 * head). So once a marker is committed, the runner never hands that event to that reactor again,
 * and the marker is never consulted again. (A parked event retried by hand, projections/parked.ts,
 * lies behind the checkpoint already; its marker commits with the closing of its parked record, so
 * it is not retried again either.) A reactor whose checkpoint row is missing (it would
 * start from the beginning of the log) keeps all its markers: there they are the only guard.
 * Outbox rows are enqueued only by reactors, under a fresh marker, so a deleted finished row's
 * dedupe key cannot come back either. Rows still PENDING or SENDING are never touched.
 */
export async function purgeBookkeeping(knex: Knex, now: Date, days: number): Promise<BookkeepingPurged> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const markers = await inChunks(knex, `
    delete from reactor_processed where ctid in (
      select p.ctid from reactor_processed p
      where p.processed_at < ?
        and exists (select 1 from reactor_checkpoints c where c.name = p.reactor and c.position is not null)
      limit ?)`, [cutoff]);
  const outbox = await inChunks(knex, `
    delete from outbox where id in (
      select id from outbox
      where status in ('SENT', 'FAILED') and coalesce(sent_at, next_attempt_at, created_at) < ?
      limit ?)`, [cutoff]);
  // Stripe retries an event for up to 3 days; a later copy of a purged one is processed again and
  // records nothing, the payments being idempotent on Stripe's ids. Claims in flight stay.
  const stripe = await inChunks(knex, `
    delete from stripe_eventos where id_evento in (
      select id_evento from stripe_eventos where estado = 'PROCESADO' and procesado_en < ? limit ?)`, [cutoff]);
  return { markers, outbox, stripe };
}
