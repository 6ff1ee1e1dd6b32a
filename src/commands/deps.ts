import type { WorkQueue } from '../platform/throttle.ts';
import type { Knex } from 'knex';
import type { EventStore } from '../eventstore/port.ts';
import type { Clock } from '../platform/clock.ts';
import type { Config } from '../platform/config.ts';
import type { IdGenerator } from '../platform/ids.ts';
import type { Actor, CommandContext } from './decider.ts';
import type { CommandLookups } from './lookups.ts';
import { randomUUID } from 'node:crypto';

/** What application services need; handed in, never imported, so tests swap a clock. */
export interface CommandDeps {
  store: EventStore;
  knex: Knex;
  clock: Clock;
  config: Config;
  ids: IdGenerator;
  lookupHash: (scope: string, value: string) => string;
  /** The read side's indexes that some services consult (src/commands/lookups.ts), wired at the composition root. */
  lookups: CommandLookups;
  /** bcrypt work bounded to the cores (src/platform/throttle.ts); absent: run at once. */
  throttles?: { bcrypt: WorkQueue };
}

export function commandContext(deps: CommandDeps, actor: Actor, correlationId: string = randomUUID()): CommandContext {
  return { now: deps.clock.now(), timezone: deps.config.practiceTimezone, bookingHorizonDays: deps.config.limits.bookingHorizonDays, actor, correlationId, causationId: null };
}
