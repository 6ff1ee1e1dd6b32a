import { randomUUID } from 'node:crypto';
import { type EventStore, type Position, type Reservation, WrongExpectedRevisionError } from '../eventstore/port.ts';
import type { CommandContext, Decider, DomainEvent } from './decider.ts';

/** One aggregate's part of a command: its stream, its decider and the command it decides. */
export interface Step<S = any, C = any, E extends DomainEvent = DomainEvent> {
  streamId: string;
  decider: Decider<S, C, E>;
  command: C;
}

export interface Handled {
  events: DomainEvent[];
  position: Position | null;
}

const MAX_ATTEMPTS = 10;

/**
 * Load, fold, decide, append atomically with the revisions read, retry on conflict.
 * Several steps make one atomic multi-stream append (a booking and its agenda, say).
 */
export async function handleCommand(
  store: EventStore,
  steps: Step[],
  ctx: CommandContext,
  reservations: (events: DomainEvent[]) => Reservation[] = () => [],
): Promise<Handled> {
  for (let attempt = 1; ; attempt++) {
    const writes = [];
    const all: DomainEvent[] = [];
    for (const step of steps) {
      const history = await store.readStream(step.streamId);
      const state = history.reduce((s, e) => step.decider.evolve(s, e as never), step.decider.initialState());
      const events = step.decider.decide(step.command, state, ctx);
      all.push(...events);
      const expected = history.length ? history[history.length - 1].revision : ('noStream' as const);
      writes.push({ streamId: step.streamId, expected, events: events.map((e) => withMetadata(e, ctx)) });
    }
    if (all.length === 0) return { events: [], position: null };
    try {
      const result = await store.append(writes.filter((w) => w.events.length > 0), reservations(all));
      return { events: all, position: result.position };
    } catch (err) {
      if (!(err instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw err;
    }
  }
}

function withMetadata(event: DomainEvent, ctx: CommandContext) {
  return {
    type: event.type,
    data: event.data as Record<string, unknown>,
    metadata: {
      eventId: randomUUID(),
      actor: ctx.actor,
      correlationId: ctx.correlationId,
      causationId: ctx.causationId,
      occurredAt: ctx.now.toISOString(),
    },
  };
}
