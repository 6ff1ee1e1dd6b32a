import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { AppDeps } from '../../deps.ts';
import { errors } from '../../../platform/errors.ts';
import { sortablePosition } from '../../../eventstore/position.ts';
import { fhirType } from '../../../queries/fhir/registry.ts';
import { insertJob, storedViewer } from '../../../queries/fhir/bulk/jobs.ts';
import { exportQuotas, refused } from './quotas.ts';
import { sincePosition } from '../../../queries/fhir/bulk/since.ts';
import { nudgeExportWorkers } from '../../../queries/fhir/bulk/worker.ts';
import type { FhirViewer } from '../../../queries/fhir/types.ts';
import { FHIR_BASE_PATH, fhirBase, fhirDbOf } from '../gateway.ts';
import { FHIR_JSON, inLanguage } from '../outcome.ts';
import { fhirViewer } from '../viewer.ts';
import { checkHeaders, parseKickoff, type Level } from './kickoff.ts';
import { cancelExport, exportFile, exportStatus } from './status.ts';

// HL7 Bulk Data Access 2.0.0 (docs/fhir.md "Bulk Data export"): kick-off, status, cancellation
// and files. Registered on the FHIR router before its `/:type` and `/:type/:id` reads, which
// would otherwise take `$export` for a type and `Patient/$export` for a read.

export const information = (diagnostics: string) => ({ resourceType: 'OperationOutcome', issue: [{ severity: 'information', code: 'informational', diagnostics }] });

/** Who may start an export of a level: a patient never; a psychologist their patients and own Group. */
function checkMayExport(viewer: FhirViewer, level: Level): void {
  const { rol } = viewer.who;
  const machine = viewer.who.idCliente !== null;
  if (rol === 'ADMIN' || machine) return;
  if (rol === 'PSICOLOGO' && level !== 'system') return;
  throw errors.forbidden();
}

/** The viewer the job reads as: a Group export sees that psychologist's patients, with the requester's other rights. */
async function jobViewer(deps: AppDeps, viewer: FhirViewer, level: Level, idGrupo: string | null): Promise<FhirViewer> {
  if (level !== 'group') return viewer;
  const group = await fhirType('Group')?.read(fhirDbOf(deps), viewer, idGrupo!);
  if (!group) throw errors.notFound('Recurso', `Group/${idGrupo}`);
  return { ...viewer, scope: { kind: 'psicologo', idPsicologo: Number(group.id) } };
}

/**
 * The export's cut: P, the newest readable log position, read once the read models have passed
 * it (a write acknowledged before the kick-off is in the export). transactionTime is the kick-off
 * instant, taken just before; the mark keeps (transactionTime, P) for later `_since` requests.
 */
async function cutAt(deps: AppDeps): Promise<{ transactionTime: Date; posicion: string }> {
  const transactionTime = deps.clock.now();
  const head = await deps.store.head();
  // Every read model an export reads, the asynchronous `fhir` included (inline ones are there at commit).
  const names = [...deps.projections.readers(), 'fhir'];
  if (!(await deps.projections.waitForNamed(names, head, deps.config.readYourWritesTimeoutMs))) throw errors.unavailable(5);
  return { transactionTime, posicion: sortablePosition(head ?? '0/0') };
}

async function kickoff(ctx: Context, deps: AppDeps, level: Level, idGrupo: string | null = null): Promise<void> {
  const viewer = fhirViewer(ctx);
  checkMayExport(viewer, level);
  checkHeaders(ctx);
  const req = parseKickoff(ctx, level, viewer);
  const reader = await jobViewer(deps, viewer, level, idGrupo);
  const { transactionTime, posicion } = await cutAt(deps);
  const base = fhirBase(ctx, deps);
  const id = randomUUID();
  const refusal = await insertJob(deps.knex, {
    id, id_usuario: viewer.who.idUsuario, id_cliente_fhir: viewer.who.idCliente, viewer: storedViewer(reader), nivel: level,
    id_grupo: idGrupo === null ? null : Number(idGrupo), tipos: req.tipos, since: req.sinceText,
    since_posicion: req.since ? await sincePosition(deps.knex, req.since) : null, transaction_time: transactionTime, posicion,
    ignorados: req.ignored, request_url: `${base}${ctx.path.slice(FHIR_BASE_PATH.length)}${ctx.querystring ? `?${ctx.querystring}` : ''}`,
    creado_en: transactionTime, expira_en: new Date(transactionTime.getTime() + deps.config.limits.bulkExportTtlHours * 3_600_000),
  }, exportQuotas(deps));
  if (refusal) throw refused(refusal);
  nudgeExportWorkers();
  ctx.status = 202;
  ctx.set('Content-Location', `${base}/$export-status/${id}`);
  ctx.type = FHIR_JSON;
  ctx.body = information(inLanguage(ctx, { es: `Exportación aceptada; consulte ${base}/$export-status/${id}`, en: `Export accepted; poll ${base}/$export-status/${id}` }));
}

export function registerBulkRoutes(router: Router, deps: AppDeps, auth: Middleware): void {
  router.get('/$export', auth, (ctx) => kickoff(ctx, deps, 'system'));
  router.get('/Patient/$export', auth, (ctx) => kickoff(ctx, deps, 'patient'));
  router.get('/Group/:id/$export', auth, (ctx) => kickoff(ctx, deps, 'group', ctx.params.id));
  router.get('/$export-status/:id', auth, (ctx) => exportStatus(ctx, deps));
  router.delete('/$export-status/:id', auth, (ctx) => cancelExport(ctx, deps));
  router.get('/$export-file/:id/:name', auth, (ctx) => exportFile(ctx, deps));
}
