import type { Middleware } from 'koa';
import type { AppDeps } from '../../deps.ts';

/**
 * The `fhir` read model follows the log asynchronously (it records each event's log position, known
 * only after the append commits: docs/read-models.md "Inline and asynchronous"), so a write answers
 * without it. A FHIR read waits for it instead: until it has passed the newest event readable when
 * the read arrived, so a client reads over FHIR what it wrote over REST just before. A read model
 * held up longer than READ_YOUR_WRITES_TIMEOUT_MS is logged and the read answered as it stands.
 */
export function fhirFresh(deps: AppDeps): Middleware {
  return async (_ctx, next) => {
    const head = await deps.store.head();
    if (!(await deps.projections.waitForNamed(['fhir'], head, deps.config.readYourWritesTimeoutMs))) {
      deps.logger.warn({ position: head }, 'fhir read model still behind the log; answering without the newest events');
    }
    await next();
  };
}
