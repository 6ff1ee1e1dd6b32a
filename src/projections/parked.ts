import type { Knex } from 'knex';
import type { EventStore, Position } from '../eventstore/port.ts';
import type { CheckpointedHandler } from './batch.ts';
import { announceParked, describeFailure, type ConsumerKind } from './failures.ts';
import { CHECKPOINT_CHANNEL } from './watcher.ts';

export interface ParkedEvent {
  id: number;
  kind: ConsumerKind;
  consumer: string;
  position: Position;
  after: Position | null;
  eventId: string;
  eventType: string;
  streamId: string;
  error: string;
  attempts: number;
  firstFailureAt: Date;
  lastFailureAt: Date;
  status: 'PARKED' | 'RETRIED' | 'SKIPPED';
  resolvedAt: Date | null;
}

const COLUMNS = `id::int as id, kind, consumer, position, after, event_id as "eventId", event_type as "eventType", stream_id as "streamId",
  error, attempts, first_failure_at as "firstFailureAt", last_failure_at as "lastFailureAt", status, resolved_at as "resolvedAt"`;

/** Parked events, oldest first; only those still parked unless `all`. */
export async function listParked(knex: Knex, all = false): Promise<ParkedEvent[]> {
  const { rows } = await knex.raw(`select ${COLUMNS} from parked_events ${all ? '' : "where status = 'PARKED'"} order by id`);
  return rows;
}

export async function findParked(knex: Knex, id: number): Promise<ParkedEvent | null> {
  const { rows } = await knex.raw(`select ${COLUMNS} from parked_events where id = ?`, [id]);
  return rows[0] ?? null;
}

export class ParkedError extends Error {}

/** The operator gives up on the event for that consumer: it stays unapplied, and the record says so. */
export async function skipParked(knex: Knex, id: number): Promise<ParkedEvent> {
  const row = await openRow(knex, id);
  await knex.transaction(async (trx) => {
    await trx('parked_events').where({ id }).update({ status: 'SKIPPED', resolved_at: trx.fn.now() });
    await announceParked(trx);
  });
  return { ...row, status: 'SKIPPED' };
}

/**
 * Applies the parked event to its consumer once more (after a fix), under the consumer's lock,
 * in one transaction with the record's update. A failure counts one more attempt and keeps it parked.
 */
export async function retryParked(knex: Knex, store: EventStore, consumers: Record<ConsumerKind, CheckpointedHandler[]>, id: number): Promise<ParkedEvent> {
  const row = await openRow(knex, id);
  const handler = consumers[row.kind].find((h) => h.name === row.consumer);
  if (!handler) throw new ParkedError(`No ${row.kind} named ${row.consumer} in this version of the service`);
  const { events } = await store.readAll(row.after, 1);
  const event = events[0];
  if (!event || event.metadata.eventId !== row.eventId) throw new ParkedError(`Event ${row.eventId} is no longer at position ${row.position} of the log`);
  const table = row.kind === 'reactor' ? 'reactor_checkpoints' : 'projection_checkpoints';
  try {
    await knex.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`${table}:${row.consumer}`]);
      await handler.handle(trx, event);
      await trx('parked_events').where({ id }).update({ status: 'RETRIED', resolved_at: trx.fn.now() });
      await trx.raw('select pg_notify(?, ?)', [CHECKPOINT_CHANNEL, table]);
      await announceParked(trx);
    });
  } catch (err) {
    const error = describeFailure(err);
    await knex('parked_events').where({ id }).update({ attempts: knex.raw('attempts + 1'), last_failure_at: knex.fn.now(), error });
    throw new ParkedError(`The event failed again: ${error}`);
  }
  return { ...row, status: 'RETRIED' };
}

async function openRow(knex: Knex, id: number): Promise<ParkedEvent> {
  const row = await findParked(knex, id);
  if (!row) throw new ParkedError(`No parked event with id ${id}`);
  if (row.status !== 'PARKED') throw new ParkedError(`Parked event ${id} is already ${row.status.toLowerCase()}`);
  return row;
}
