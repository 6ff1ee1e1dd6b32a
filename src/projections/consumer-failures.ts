import type { Knex } from 'knex';
import type { StoredEvent } from '../eventstore/port.ts';
import { skipPast } from './batch.ts';
import { insertParked, kindOf, recordAttempt } from './failures.ts';
import type { Member, RunnerCore } from './runner-core.ts';

// A runner's consumer that throws on an event (failures.ts has the policy and the dead letters'
// rows): it leaves the group and retries apart; out of attempts, the event is parked.

/** A consumer threw on `events[index]`: one more attempt counted; it waits apart for the next. */
export function failed(core: RunnerCore, m: Member, events: StoredEvent[], index: number, cause: unknown): void {
  const after = index === 0 ? m.position : events[index - 1].position;
  m.failure = recordAttempt(m.failure, events[index], after, cause, core.policy);
  const f = m.failure;
  core.watcher.settle();
  core.logger?.warn(
    { consumer: m.handler.name, runner: core.options.table, position: f.event.position, eventType: f.event.type, attempt: f.attempts, error: f.error },
    'consumer failed on an event; retrying it apart',
  );
}

/** Out of attempts: the dead letter is written and the consumer moves past the event, in one transaction. */
export async function park(core: RunnerCore, m: Member): Promise<void> {
  const f = m.failure!;
  if (core.store.compare(m.position, f.after) !== 0) return; // not yet at the event
  const kind = kindOf(core.options.table);
  const record = (trx: Knex.Transaction) => insertParked(trx, kind, m.handler.name, f);
  const id = await skipPast(core.knex, core.options.table, m.handler.name, f.after, f.event.position, record, core.leases?.instance);
  if (id === null) {
    core.loaded = false;
    return;
  }
  m.failure = undefined;
  m.position = f.event.position;
  core.parked.add(m.handler.name);
  core.watcher.update(m.handler.name, m.position);
  core.announce();
  core.logger?.error(
    { consumer: m.handler.name, kind, parkedId: id, position: f.event.position, eventType: f.event.type, streamId: f.event.streamId, attempts: f.attempts, error: f.error },
    'event parked: the consumer skipped it after its retries (npm run projections:parked)',
  );
  core.options.onParked?.(m.handler.name, id);
}
