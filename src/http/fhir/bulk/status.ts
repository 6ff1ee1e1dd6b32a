import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context } from 'koa';
import type { AppDeps } from '../../deps.ts';
import { errors } from '../../../platform/errors.ts';
import { FILE_NAME, isJobId, jobDir, removeJobDir } from '../../../queries/fhir/bulk/files.ts';
import { deleteJob, findJob, setNextPoll, withdrawErased, type ExportFile, type ExportJob } from '../../../queries/fhir/bulk/jobs.ts';
import type { FhirViewer } from '../../../queries/fhir/types.ts';
import { fhirBase } from '../gateway.ts';
import { FHIR_JSON, inLanguage, sendOutcome } from '../outcome.ts';
import { fhirViewer } from '../viewer.ts';

// The status URL (poll, cancel) and the files of an export. Only whoever asked for it (the same
// user or machine client) or an administrator reaches a job; to anyone else, as after expiry or
// cancellation, it does not exist (404).

/**
 * What a failed job says, in the language of the request that polls it (the job keeps only its
 * status): the worker gave up (500), or events:import moved the log under it (503).
 */
const FAILED = { es: 'La exportación falló; inicie otra', en: 'The export failed; start a new one' };
const STORE_MOVED = {
  es: 'El registro de eventos se trasladó a otro almacén durante la exportación; iníciela de nuevo',
  en: 'The event log was moved to another store during the export; kick it off again',
};

const mayReach = (viewer: FhirViewer, job: ExportJob) =>
  viewer.who.rol === 'ADMIN'
  || (job.id_usuario !== null && job.id_usuario === viewer.who.idUsuario)
  || (job.id_cliente_fhir !== null && job.id_cliente_fhir === viewer.who.idCliente);

async function reachableJob(ctx: Context, deps: AppDeps): Promise<ExportJob> {
  const id = String(ctx.params.id);
  const job = isJobId(id) ? await findJob(deps.knex, id) : null;
  if (!job || job.expira_en.getTime() <= deps.clock.now().getTime() || !mayReach(fhirViewer(ctx), job)) {
    throw errors.notFound('Recurso', `Export job ${id}`);
  }
  // A patient erased after the cut: the job goes now rather than at the next sweep.
  if (job.estado === 'done' && (await withdrawErased(deps.knex, job.id)).length > 0) {
    await removeJobDir(deps.config.dataDir, job.id);
    throw errors.notFound('Recurso', `Export job ${id}`);
  }
  return job;
}

function manifest(ctx: Context, deps: AppDeps, job: ExportJob) {
  const base = fhirBase(ctx, deps);
  const items = (files: ExportFile[]) => files.map((f) => ({ type: f.type, url: `${base}/$export-file/${job.id}/${f.name}`, count: f.count }));
  const salida = job.salida ?? { output: [], deleted: [], error: [] };
  return {
    transactionTime: job.transaction_time.toISOString(),
    request: job.request_url,
    requiresAccessToken: true,
    output: items(salida.output),
    deleted: items(salida.deleted),
    error: items(salida.error),
  };
}

/**
 * In progress: 202 with X-Progress and Retry-After; polled again before that, 429 (per job).
 * Done: 200 with the manifest and Expires. Failed: the job's status with an OperationOutcome that
 * says nothing of the cause.
 */
export async function exportStatus(ctx: Context, deps: AppDeps): Promise<void> {
  const job = await reachableJob(ctx, deps);
  const now = deps.clock.now();
  if (job.proximo_sondeo && now < job.proximo_sondeo) throw errors.tooManyRequests((job.proximo_sondeo.getTime() - now.getTime()) / 1000);
  if (job.estado === 'failed') return sendOutcome(ctx, job.fallo?.status ?? 500, job.fallo?.status === 503 ? STORE_MOVED : FAILED);
  if (job.estado !== 'done') {
    const wait = deps.config.limits.bulkExportRetryAfterSeconds;
    await setNextPoll(deps.knex, job.id, new Date(now.getTime() + wait * 1000));
    ctx.status = 202;
    ctx.set({ 'X-Progress': job.estado === 'pending' ? '0% (queued)' : (job.progreso ?? '0%'), 'Retry-After': String(wait) });
    ctx.body = '';
    return;
  }
  ctx.status = 200;
  ctx.type = 'application/json';
  ctx.set('Expires', job.expira_en.toUTCString());
  ctx.body = manifest(ctx, deps, job);
}

/** DELETE on the status URL: 202, the job and its files gone (a worker running it stops at its next page). */
export async function cancelExport(ctx: Context, deps: AppDeps): Promise<void> {
  const job = await reachableJob(ctx, deps);
  await deleteJob(deps.knex, job.id);
  await removeJobDir(deps.config.dataDir, job.id);
  ctx.status = 202;
  ctx.type = FHIR_JSON;
  const text = inLanguage(ctx, { es: `Exportación ${job.id} cancelada; sus ficheros se han borrado`, en: `Export ${job.id} cancelled; its files are deleted` });
  ctx.body = { resourceType: 'OperationOutcome', issue: [{ severity: 'information', code: 'informational', diagnostics: text }] };
}

/** One NDJSON file of a finished export, streamed from disk. */
export async function exportFile(ctx: Context, deps: AppDeps): Promise<void> {
  const job = await reachableJob(ctx, deps);
  const name = String(ctx.params.name);
  const salida = job.estado === 'done' ? job.salida : null;
  const listed = salida && [...salida.output, ...salida.deleted, ...salida.error].some((f) => f.name === name);
  if (!FILE_NAME.test(name) || !listed) throw errors.notFound('Archivo', `File ${name}`);
  const path = join(jobDir(deps.config.dataDir, job.id), name);
  const size = await stat(path).then((s) => s.size, () => null);
  if (size === null) throw errors.notFound('Archivo', `File ${name}`);
  ctx.status = 200;
  ctx.type = 'application/fhir+ndjson';
  ctx.length = size;
  ctx.body = createReadStream(path);
}
