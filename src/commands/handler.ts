import { randomUUID } from 'node:crypto';
import { type EventStore, type ExpectedRevision, type Position, type Reservation, type StoredEvent, WrongExpectedRevisionError } from '../eventstore/port.ts';
import type { CommandContext, Decider, DomainEvent } from './decider.ts';

/** One aggregate's part of a command: its stream, its decider and the command it decides. */
export interface Step<S = any, C = any, E extends DomainEvent = DomainEvent> {
  streamId: string;
  decider: Decider<S, C, E>;
  command: C;
  /**
   * The revision the plan itself read the stream at, when the command was built from that read (a
   * signature's digest of the stored stream): the append must hold at it, not at the handler's
   * later read, so nothing written in between slips under the command. Absent: the handler's read.
   */
  expected?: ExpectedRevision;
  /**
   * The stream's id was just taken from a sequence, so the stream cannot exist yet: where the store
   * allows it (skipsFreshReads: PostgreSQL) it is not read, the command is decided from the initial
   * state and appended with 'noStream'; should that meet a WrongExpectedRevision anyway, the retry
   * reads the stream as for any other step.
   */
  fresh?: boolean;
}

export interface Handled {
  events: DomainEvent[];
  position: Position | null;
}

// With the read models inline a write is short, so writers of one hot stream (a patient booking from
// eight tabs at once) meet more often: 8 concurrent bookings of one patient took up to 7 attempts.
const MAX_ATTEMPTS = 20;

/**
 * Which streams a command touches may depend on the log (moving an appointment releases the
 * day(s) it is on now): a plan is called again on every attempt, so a retry after a conflict
 * also re-reads what chose the streams.
 */
export type Plan = Step[] | (() => Promise<Step[]>);

/**
 * Load (all streams at once), fold, decide, append atomically with the revisions read, retry on conflict.
 * Several steps make one atomic multi-stream append (a booking and its agenda days, say).
 * The fold is one pass from a fresh `initialState()`: an evolve may update that state in place.
 */
export async function handleCommand(
  store: EventStore,
  plan: Plan,
  ctx: CommandContext,
  reservations: (events: DomainEvent[]) => Reservation[] = () => [],
  /** Streams the caller read already, in its own earlier round trip: the first attempt folds these instead of reading them again. */
  preread?: ReadonlyMap<string, StoredEvent[]>,
): Promise<Handled> {
  for (let attempt = 1; ; attempt++) {
    const steps = typeof plan === 'function' ? await plan() : plan;
    const writes = [];
    const all: DomainEvent[] = [];
    const histories = await readHistories(store, steps, attempt === 1 && store.skipsFreshReads === true, attempt === 1 ? preread : undefined);
    for (const [i, step] of steps.entries()) {
      const history = histories[i];
      let state = step.decider.initialState();
      for (const e of history) state = step.decider.evolve(state, e as never);
      const events = step.decider.decide(step.command, state, ctx);
      all.push(...events);
      const expected = step.expected ?? (history.length ? history[history.length - 1].revision : ('noStream' as const));
      writes.push({ streamId: step.streamId, expected, events: events.map((e) => withMetadata(e, ctx)) });
    }
    if (all.length === 0) return { events: [], position: null };
    try {
      const result = await store.append(writes.filter((w) => w.events.length > 0), reservations(all));
      return { events: all, position: result.position };
    } catch (err) {
      if (!(err instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw err;
      // Several writers of one hot stream (a patient's day booked from many tabs, say) would
      // otherwise retry in lockstep; a few jittered milliseconds spread them out.
      if (attempt > 1) await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
    }
  }
}

/**
 * Every stream of the command in one round trip (none when all are fresh or pre-read), in the plan's
 * order; a fresh step's stream is taken as empty unless `trustFresh` is off (a retry after a
 * conflict), a pre-read one as the caller read it (a retry reads it again).
 */
async function readHistories(store: EventStore, steps: Step[], trustFresh: boolean, preread?: ReadonlyMap<string, StoredEvent[]>): Promise<StoredEvent[][]> {
  const known = (step: Step) => (trustFresh && step.fresh === true ? [] : preread?.get(step.streamId));
  const toRead = steps.filter((step) => !known(step)).map((step) => step.streamId);
  const read = toRead.length > 0 ? await store.readStreams(toRead) : [];
  let next = 0;
  return steps.map((step) => known(step) ?? read[next++]);
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
