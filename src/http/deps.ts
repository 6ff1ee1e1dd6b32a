import type { CommandDeps } from '../commands/deps.ts';
import type { Position } from '../eventstore/port.ts';
import type { CheckpointRunner } from '../projections/runner.ts';
import type { Logger } from '../platform/logger.ts';
import { errors } from '../platform/errors.ts';
import type { Mailer } from '../reactors/mail/mailer.ts';
import type { PushTransport } from '../reactors/push/push.ts';
import type { KeyRing } from '../platform/crypto/keyring.ts';

export interface AppDeps extends CommandDeps {
  logger: Logger;
  projections: CheckpointRunner;
  mailer: Mailer;
  push: PushTransport;
  /** Per-person data keys (crypto-shredding). */
  keys: KeyRing;
}

/** Read-your-writes: answer only once the read models have passed the command's events. */
export async function settled(deps: AppDeps, position: Position | null): Promise<void> {
  const ok = await deps.projections.waitFor(position, deps.config.readYourWritesTimeoutMs);
  if (!ok) throw errors.unavailable(1);
}
