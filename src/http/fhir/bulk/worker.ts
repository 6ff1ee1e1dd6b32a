import type { Context } from 'koa';
import type { AppDeps } from '../../deps.ts';
import { instanceName } from '../../../projections/lease-keeper.ts';
import { viewerOf } from '../../../queries/fhir/bulk/jobs.ts';
import { FhirExportWorker } from '../../../queries/fhir/bulk/worker.ts';
import { recordFhirAccess } from '../access-log.ts';
import { fhirDbOf } from '../gateway.ts';

/** The worker that runs this instance's share of the export jobs (started and stopped by src/server.ts). */
export function fhirExportWorker(deps: AppDeps): FhirExportWorker {
  return new FhirExportWorker({
    knex: deps.knex, fhir: fhirDbOf(deps), dataDir: deps.config.dataDir, logger: deps.logger, clock: deps.clock,
    owner: instanceName(), ttlHours: deps.config.limits.bulkExportTtlHours,
    leaseMs: 30_000, pageSize: 1000, maxLinesPerFile: 100_000, pollMs: 1000, sweepMs: 60_000,
    // As any FHIR read: one access-log row per patient whose records went out, on the kick-off's path.
    recordAccess: async (job, patients) => {
      const ctx = { method: 'GET', path: new URL(job.request_url).pathname, response: { get: () => '' } } as unknown as Context;
      await recordFhirAccess(deps.knex, deps.clock, ctx, viewerOf(job.viewer), '$export', patients);
    },
  });
}
