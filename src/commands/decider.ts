import type { EventMetadata } from '../eventstore/port.ts';

import type { DomainEvent } from '../events/domain-event.ts';

export type { DomainEvent } from '../events/domain-event.ts';

export interface Actor {
  idUsuario: number | null;
  rol: string | null;
}

/** What a decision may know besides state and command: time and who acts. No I/O. */
export interface CommandContext {
  now: Date;
  /** The practice's IANA zone: "today", "in the past" and ages are judged in it. */
  timezone: string;
  actor: Actor;
  correlationId: string;
  causationId: string | null;
}

export interface Decider<S, C, E extends DomainEvent> {
  initialState(): S;
  evolve(state: S, event: E): S;
  decide(command: C, state: S, ctx: CommandContext): E[];
}

export type Metadata = EventMetadata;
