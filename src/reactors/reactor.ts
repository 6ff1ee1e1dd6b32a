import type { Knex } from 'knex';
import type { StoredEvent } from '../eventstore/port.ts';
import type { CheckpointedHandler } from '../projections/runner.ts';

/** A side effect of events. It only records work (an outbox row) inside the batch transaction. */
export interface Reactor {
  name: string;
  /** The event types it reacts to; others are never given to it nor recorded as processed. */
  handles: readonly string[];
  react(trx: Knex.Transaction, event: StoredEvent): Promise<void>;
}

/** Reactors never replay: their own checkpoint, plus a processed-event table that dedupes by event id. */
export function reactorHandlers(reactors: Reactor[]): CheckpointedHandler[] {
  return reactors.map((r) => ({
    name: r.name,
    handles: r.handles,
    async handle(trx, event) {
      const { rows } = await trx.raw(
        'insert into reactor_processed (reactor, event_id) values (?, ?) on conflict do nothing returning event_id',
        [r.name, event.metadata.eventId],
      );
      if (rows.length > 0) await r.react(trx, event);
    },
  }));
}

/** Queues one message for the outbox worker; a repeated dedupe key is ignored. */
export async function enqueue(trx: Knex.Transaction, kind: string, dedupeKey: string, payload: object, notBefore?: Date): Promise<void> {
  await trx('outbox')
    .insert({ kind, dedupe_key: dedupeKey, payload: JSON.stringify(payload), next_attempt_at: notBefore ?? trx.fn.now() })
    .onConflict('dedupe_key').ignore();
}
