import type { EventMetadata } from '../eventstore/port.ts';
import { errors } from '../platform/errors.ts';

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
  /** Appointments and blocked time start at most this many days ahead (BOOKING_HORIZON_DAYS). */
  bookingHorizonDays: number;
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

/** Appointments and blocked time start at most `bookingHorizonDays` ahead of now (decisions.md "Limits"). */
export function checkHorizon(field: string, startMs: number, ctx: CommandContext): void {
  if (startMs - ctx.now.getTime() > ctx.bookingHorizonDays * 86_400_000) {
    const d = ctx.bookingHorizonDays;
    throw errors.invalid(
      `${field} debe empezar como máximo ${d} días después de hoy`,
      `${field} must start at most ${d} days from today`,
    );
  }
}
