import type { Knex } from 'knex';
import type { Logger } from '../../../platform/logger.ts';
import { fhirType } from '../registry.ts';
import type { ExportWindow, FhirDb, FhirResourceType, FhirViewer } from '../types.ts';
import { makeJobDir, NdjsonFiles } from './files.ts';
import { heartbeat, viewerOf, type ExportFile, type ExportJob, type ExportOutput } from './jobs.ts';

// One export job, start to end: every requested type's resources whose version lies in
// (since, P] into NDJSON files, the deletions of the window as transaction Bundles, and what could
// not be exported as OperationOutcomes. Everything is read in one repeatable-read snapshot taken
// when the job starts, so the files describe one moment of the read models (which had passed P
// when the export was accepted); a change after P is left to the next `_since` export.

export interface ExportRunOptions {
  knex: Knex;
  /** What the resource modules read with; each read runs on the job's snapshot instead of its knex. */
  fhir: FhirDb;
  dataDir: string;
  logger: Logger;
  leaseMs: number;
  pageSize: number;
  maxLinesPerFile: number;
  /** Tests: runs after each page is written (a write "during" the export). */
  afterPage?: (job: ExportJob) => Promise<void>;
}

/** The job was cancelled or taken over by another instance: stop, write nothing more. */
export class ExportAbandoned extends Error {}

const DELETED_PER_BUNDLE = 500;

export interface ExportResult {
  salida: ExportOutput;
  /** Whose records went out (the access log). */
  patients: Set<number>;
}

const outcome = (severity: 'error' | 'warning', code: string, diagnostics: string) =>
  ({ resourceType: 'OperationOutcome', issue: [{ severity, code, diagnostics }] });

export async function runExport(o: ExportRunOptions, job: ExportJob): Promise<ExportResult> {
  const dir = await makeJobDir(o.dataDir, job.id);
  const viewer = viewerOf(job.viewer);
  const window: ExportWindow = { since: job.since_posicion, until: job.posicion };
  const salida: ExportOutput = { output: [], deleted: [], error: [] };
  const problems = job.ignorados.map((p) => outcome('warning', 'not-supported', `Parameter ${p} is not supported and was ignored (Prefer: handling=lenient)`));
  const patients = new Set<number>();
  const beat = async (progress: string) => {
    if (!(await heartbeat(o.knex, job, progress, o.leaseMs))) throw new ExportAbandoned();
  };
  await o.knex.transaction(async (trx) => {
    await trx.raw('set transaction isolation level repeatable read, read only');
    for (const [i, name] of job.tipos.entries()) {
      const progress = `${Math.floor((100 * i) / job.tipos.length)}% (${name})`;
      await beat(progress);
      const type = fhirType(name);
      const files = new NdjsonFiles(dir, job.intento, name, o.maxLinesPerFile);
      try {
        // A savepoint per type: a type that fails is reported in `error`, the others go on.
        if (type) await trx.transaction((sp) => exportType(o, { ...o.fhir, knex: sp }, type, viewer, window, files, patients, job, () => beat(progress)));
        salida.output.push(...(await files.close()));
      } catch (err) {
        files.destroy();
        if (err instanceof ExportAbandoned) throw err;
        o.logger.error({ err, jobId: job.id, type: name }, 'bulk export: a resource type could not be exported');
        problems.push(outcome('error', 'exception', `${name} resources could not be exported; the other types are complete`));
      }
    }
    if (job.since !== null) salida.deleted = await writeDeleted(o, trx, dir, job, viewer, window);
  });
  if (problems.length > 0) salida.error = await writeAll(new NdjsonFiles(dir, job.intento, 'OperationOutcome', o.maxLinesPerFile, 'error'), problems);
  return { salida, patients };
}

async function exportType(
  o: ExportRunOptions, rc: FhirDb, type: FhirResourceType, viewer: FhirViewer, window: ExportWindow,
  files: NdjsonFiles, patients: Set<number>, job: ExportJob, beat: () => Promise<void>,
): Promise<void> {
  for await (const page of type.exportPages(rc, viewer, window, o.pageSize)) {
    await files.write(page);
    for (const r of page) for (const p of type.patientsOf(r)) patients.add(p);
    await beat();
    await o.afterPage?.(job);
  }
}

/** `deleted`: one transaction Bundle per up to 500 ids, each entry a DELETE of `<Type>/<id>`. */
async function writeDeleted(o: ExportRunOptions, trx: Knex, dir: string, job: ExportJob, viewer: FhirViewer, window: ExportWindow): Promise<ExportFile[]> {
  const files = new NdjsonFiles(dir, job.intento, 'Bundle', o.maxLinesPerFile, 'deleted');
  try {
    for (const name of job.tipos) {
      const type = fhirType(name);
      const ids = type?.deletedIds ? await type.deletedIds({ ...o.fhir, knex: trx }, viewer, window) : [];
      for (let i = 0; i < ids.length; i += DELETED_PER_BUNDLE) {
        const entry = ids.slice(i, i + DELETED_PER_BUNDLE).map((id) => ({ request: { method: 'DELETE', url: `${name}/${id}` } }));
        await files.write([{ resourceType: 'Bundle', type: 'transaction', entry }]);
      }
    }
    return await files.close();
  } catch (err) {
    files.destroy();
    throw err;
  }
}

async function writeAll(files: NdjsonFiles, lines: unknown[]): Promise<ExportFile[]> {
  await files.write(lines);
  return files.close();
}
