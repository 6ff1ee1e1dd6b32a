import type { Knex } from 'knex';
import type { FhirScope, FhirViewer } from '../types.ts';
import { deliverMark, insertMark } from './marks.ts';
import { refusalOf, type ExportQuotas, type Refusal } from './quotas.ts';

// The Bulk Data export jobs (migration 047): written by the kick-off, claimed and run by a worker
// of any instance (a lease; a dead instance's job is taken over and restarted from scratch),
// read by the status and file endpoints, deleted on cancellation and after expiry.

export type ExportLevel = 'system' | 'patient' | 'group';
export type ExportState = 'pending' | 'running' | 'done' | 'failed';

/** The viewer a job reads as, kept as JSON (a Set of allowed types becomes a list). */
export interface StoredViewer {
  scope: FhirScope;
  notasClinicas: boolean;
  types: 'all' | string[];
  who: FhirViewer['who'];
}

export interface ExportFile {
  type: string;
  name: string;
  count: number;
}

/** What a finished job produced (the manifest's lists, as file names). */
export interface ExportOutput {
  output: ExportFile[];
  deleted: ExportFile[];
  error: ExportFile[];
  /** Whose records the files hold (never in the manifest): an erasure after the cut withdraws the job. */
  pacientes?: number[];
  /** The files' size on disk (never in the manifest): BULK_EXPORT_MAX_KEPT_MB counts it. */
  bytes?: number;
}

export interface ExportJob {
  id: string;
  id_usuario: number | null;
  id_cliente_fhir: number | null;
  viewer: StoredViewer;
  nivel: ExportLevel;
  id_grupo: number | null;
  tipos: string[];
  since: string | null;
  since_posicion: string | null;
  transaction_time: Date;
  posicion: string;
  ignorados: string[];
  estado: ExportState;
  progreso: string | null;
  fallo: { status: number; text: string } | null;
  request_url: string;
  salida: ExportOutput | null;
  owner: string | null;
  intento: number;
  creado_en: Date;
  terminado_en: Date | null;
  expira_en: Date;
  proximo_sondeo: Date | null;
}

export const JOBS = 'fhir_export_jobs';

export const storedViewer = (v: FhirViewer): StoredViewer => ({ ...v, types: v.types === 'all' ? 'all' : [...v.types] });
export const viewerOf = (v: StoredViewer): FhirViewer => ({ ...v, types: v.types === 'all' ? 'all' : new Set(v.types) });

export type NewJob = Omit<ExportJob, 'estado' | 'progreso' | 'fallo' | 'salida' | 'owner' | 'intento' | 'terminado_en' | 'proximo_sondeo'>;

/**
 * A new job and its transactionTime's mark, together; the refusal instead (nothing written) when
 * a quota would be passed (quotas.ts). The requester's kick-offs are serialized by an advisory
 * lock, so concurrent ones cannot all pass the counts.
 */
export async function insertJob(db: Knex, job: NewJob, quotas?: ExportQuotas): Promise<Refusal | null> {
  return db.transaction(async (trx) => {
    const who = job.id_cliente_fhir !== null ? { id_cliente_fhir: job.id_cliente_fhir } : { id_usuario: job.id_usuario };
    if (quotas) {
      await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`fhir-export:${JSON.stringify(who)}`]);
      const refusal = await refusalOf(trx, who, job.creado_en, quotas);
      if (refusal) return refusal;
    }
    await trx(JOBS).insert({ ...job, viewer: JSON.stringify(job.viewer), ignorados: JSON.stringify(job.ignorados), estado: 'pending' });
    await insertMark(trx, { id_job: job.id, transaction_time: job.transaction_time, posicion: job.posicion, id_usuario: job.id_usuario, id_cliente_fhir: job.id_cliente_fhir });
    return null;
  });
}

export async function findJob(db: Knex, id: string): Promise<ExportJob | null> {
  return ((await db(JOBS).where({ id }).first()) as ExportJob | undefined) ?? null;
}

/**
 * The oldest job nobody holds (pending, or running under a lease that ran out), for this owner.
 * `skip locked`: instances claiming at once take different jobs. A takeover starts a new attempt.
 */
export async function claimJob(db: Knex, owner: string, leaseMs: number, now: Date): Promise<ExportJob | null> {
  const { rows } = await db.raw(`
    update ${JOBS} set estado = 'running', owner = ?, intento = intento + 1, progreso = '0% (starting)',
           lease_until = now() + (? || ' milliseconds')::interval
     where id = (select id from ${JOBS}
                  where (estado = 'pending' or (estado = 'running' and lease_until < now())) and expira_en > ?
                  order by creado_en for update skip locked limit 1)
    returning *`, [owner, String(leaseMs), now]);
  return (rows[0] as ExportJob | undefined) ?? null;
}

/** Renews the lease and shows progress; false when the job was cancelled or taken over meanwhile. */
export async function heartbeat(db: Knex, job: ExportJob, progreso: string, leaseMs: number): Promise<boolean> {
  const n = await db(JOBS).where({ id: job.id, owner: job.owner, intento: job.intento, estado: 'running' })
    .update({ progreso, lease_until: db.raw(`now() + (? || ' milliseconds')::interval`, [String(leaseMs)]) });
  return n === 1;
}

/** Done, and its mark delivered (its transactionTime handed out), together. */
export async function finishJob(db: Knex, job: ExportJob, salida: ExportOutput, at: Date, expiraEn: Date): Promise<boolean> {
  return db.transaction(async (trx) => {
    const n = await trx(JOBS).where({ id: job.id, owner: job.owner, intento: job.intento, estado: 'running' })
      .update({ estado: 'done', progreso: '100%', salida: JSON.stringify(salida), terminado_en: at, expira_en: expiraEn, owner: null, lease_until: null });
    if (n === 1) await deliverMark(trx, job.id);
    return n === 1;
  });
}

export async function failJob(db: Knex, job: ExportJob, fallo: { status: number; text: string }, at: Date): Promise<void> {
  await db(JOBS).where({ id: job.id, owner: job.owner, intento: job.intento })
    .update({ estado: 'failed', fallo: JSON.stringify(fallo), terminado_en: at, owner: null, lease_until: null });
}

/** Cancels (or forgets) a job: the row goes; a worker running it notices at its next page. */
export async function deleteJob(db: Knex, id: string): Promise<boolean> {
  return (await db(JOBS).where({ id }).delete()) === 1;
}

/** The status endpoint tells when to poll next; sooner is a 429. */
export async function setNextPoll(db: Knex, id: string, at: Date): Promise<void> {
  await db(JOBS).where({ id }).update({ proximo_sondeo: at });
}

/** Jobs past their expiry, removed; their ids, for the files to go too. */
export async function deleteExpired(db: Knex, now: Date): Promise<string[]> {
  const rows = await db(JOBS).where('expira_en', '<=', now).delete().returning('id');
  return rows.map((r: { id: string }) => r.id);
}

/**
 * Finished jobs (or the one `id`) whose files hold a patient erased after the export's cut: deleted,
 * their ids returned for the files to go too. An erasure reaches the copies we still keep.
 */
export async function withdrawErased(db: Knex, id?: string): Promise<string[]> {
  const { rows } = await db.raw(`
    delete from ${JOBS} j
     where j.estado = 'done' ${id === undefined ? '' : 'and j.id = ?'}
       and exists (select 1 from fhir_versiones v
                    where v.recurso = 'paciente' and v.eliminado_posicion is not null and v.eliminado_posicion > j.posicion
                      and j.salida -> 'pacientes' @> to_jsonb(v.id_entidad))
    returning j.id`, id === undefined ? [] : [id]);
  return rows.map((r: { id: string }) => r.id);
}

export async function liveJobIds(db: Knex, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db(JOBS).whereIn('id', ids).select('id');
  return new Set(rows.map((r: { id: string }) => r.id));
}
