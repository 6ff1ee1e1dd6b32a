import type { Knex } from 'knex';
import type { StoredEvent } from '../eventstore/port.ts';
import type { CheckpointedHandler } from '../projections/runner.ts';

/** A side effect of events. It only records work (an outbox row) inside the batch transaction. */
export interface Reactor<P = unknown> {
  name: string;
  /** The event types it reacts to; others are never given to it nor recorded as processed. */
  handles: readonly string[];
  /**
   * What `react` needs from the read models for all of a batch's new events, looked up once
   * (one query for the batch, not some per event). With it, the batch's events are reacted to
   * at its end, in their order.
   */
  prepare?(trx: Knex.Transaction, events: readonly StoredEvent[]): Promise<P>;
  /** `prepared`: what `prepare` found for a batch holding this event (absent: look it up). */
  react(trx: Knex.Transaction, event: StoredEvent, prepared?: P): Promise<void>;
}

/** Reactors never replay: their own checkpoint, plus a processed-event table that dedupes by event id. */
export function reactorHandlers(reactors: Reactor<any>[]): CheckpointedHandler[] {
  return reactors.map((r) => {
    // A prepared reactor's new events of the batch open in `trx`, reacted to at its flush.
    const pending = new WeakMap<Knex.Transaction, StoredEvent[]>();
    const handler: CheckpointedHandler = {
      name: r.name,
      handles: r.handles,
      async handle(trx, event) {
        const { rows } = await trx.raw(
          'insert into reactor_processed (reactor, event_id) values (?, ?) on conflict do nothing returning event_id',
          [r.name, event.metadata.eventId],
        );
        if (rows.length === 0) return;
        if (!r.prepare) return r.react(trx, event);
        const events = pending.get(trx) ?? [];
        pending.set(trx, [...events, event]);
      },
    };
    if (r.prepare) {
      handler.flush = async (trx) => {
        const events = pending.get(trx);
        pending.delete(trx);
        if (!events?.length) return;
        const prepared = await r.prepare!(trx, events);
        for (const event of events) await r.react(trx, event, prepared);
      };
    }
    return handler;
  });
}

/** One message for the outbox worker. */
export interface OutboxMessage {
  kind: string;
  dedupeKey: string;
  payload: object;
  notBefore?: Date;
}

/** Rows per insert statement: 4 parameters each, far below PostgreSQL's 65,535. */
const ROWS_PER_INSERT = 1000;

/**
 * Queues messages for the outbox worker, one multi-row insert per 1,000 (not a round trip each),
 * in the order given: outbox ids, and so deliveries, follow it. A repeated dedupe key is ignored.
 */
export async function enqueueAll(trx: Knex.Transaction, messages: readonly OutboxMessage[]): Promise<void> {
  for (let i = 0; i < messages.length; i += ROWS_PER_INSERT) {
    const rows = messages.slice(i, i + ROWS_PER_INSERT).map((m) => ({
      kind: m.kind, dedupe_key: m.dedupeKey, payload: JSON.stringify(m.payload), next_attempt_at: m.notBefore ?? trx.fn.now(),
    }));
    await trx('outbox').insert(rows).onConflict('dedupe_key').ignore();
  }
}

/** Queues one message for the outbox worker; a repeated dedupe key is ignored. */
export async function enqueue(trx: Knex.Transaction, kind: string, dedupeKey: string, payload: object, notBefore?: Date): Promise<void> {
  await enqueueAll(trx, [{ kind, dedupeKey, payload, notBefore }]);
}
