// What the transports (HTTP, STOMP) are given: the command side's dependencies and the running parts.
import type { CommandDeps } from './commands/deps.ts';
import type { Position } from './eventstore/port.ts';
import type { CheckpointRunner } from './projections/runner.ts';
import type { Logger } from './platform/logger.ts';
import type { Mailer } from './reactors/mail/mailer.ts';
import type { PushTransport } from './reactors/push/push.ts';
import type { KeyRing } from './platform/crypto/keyring.ts';
import type { Throttles } from './platform/throttle.ts';
import type { PasarelaPago } from './platform/stripe/pasarela.ts';
import type { Knex } from 'knex';
import { noteWritten } from './http/consistency.ts';

export interface AppDeps extends CommandDeps {
  logger: Logger;
  projections: CheckpointRunner;
  /** The side-effect runner (absent in tests that wire only the read side). */
  reactors?: CheckpointRunner;
  /** The tamper-evident log's consumer (docs/audit.md; absent in tests that wire only the read side). */
  auditLog?: CheckpointRunner;
  mailer: Mailer;
  push: PushTransport;
  /** Per-person data keys (crypto-shredding). */
  keys: KeyRing;
  /** Rate limits of this process (writes per user, auth per address, login lockout, bcrypt queue). */
  throttles: Throttles;
  /** Online card payments (docs/billing.md "Online payments (Stripe)"); null or absent: not configured. */
  pasarela?: PasarelaPago | null;
  /** The primary, set only where `knex` is a read replica (list handlers on the standby): writes a read makes (the access log) go here. */
  writeKnex?: Knex;
}

/** What a command wrote: its last position and, when known, its events (to wait only for the read models they touch). */
export type Written = Position | null | { position: Position | null; events?: readonly { type: string }[] };

/**
 * Read-your-writes: answer once the read models that the command's events touch and that serve
 * read-your-writes (docs/read-models.md) have passed them; the others catch up behind. The write
 * is stored either way: a read model that is behind or broken never turns it into an error (it is
 * logged, and the answer goes out).
 */
export async function settled(deps: AppDeps, written: Written): Promise<void> {
  const { position, types } = written === null || typeof written === 'string'
    ? { position: written, types: undefined }
    : { position: written.position, types: written.events?.map((e) => e.type) };
  noteWritten(position); // the answer's consistency token (src/http/consistency.ts)
  const ok = await deps.projections.waitForReads(position, deps.config.readYourWritesTimeoutMs, types);
  if (!ok) deps.logger.warn({ position, eventTypes: types }, 'read models still behind a stored write; answering without them');
}
