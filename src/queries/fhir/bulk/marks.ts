import type { Knex } from 'knex';
import { RATE_WINDOW_MS } from './quotas.ts';

// The marks of the exports (fhir_export_marcas, migrations 047 and 051): each kick-off's
// transactionTime and the log position it was cut at, so that a `_since` equal to a manifest's
// transactionTime resumes exactly there (since.ts). A mark goes with its job (cancelled, failed,
// withdrawn, expired), but for the newest delivered ones of each requester: a client chaining
// exports passes its last transactionTime, often after it deleted that job or it expired. So the
// table holds the live jobs' marks, the last minute's (they count kick-offs) and at most
// MARKS_KEPT a requester, however many kick-offs it made.

const MARKS = 'fhir_export_marcas';
/** Delivered marks kept for each requester after their jobs are gone: that many export chains resume exactly. */
export const MARKS_KEPT = 10;

export interface NewMark {
  id_job: string;
  transaction_time: Date;
  posicion: string;
  id_usuario: number | null;
  id_cliente_fhir: number | null;
}

export async function insertMark(trx: Knex.Transaction, mark: NewMark): Promise<void> {
  await trx(MARKS).insert(mark);
}

/** The job's manifest was handed out: its transactionTime may come back as a `_since`. */
export async function deliverMark(db: Knex, idJob: string): Promise<void> {
  await db(MARKS).where({ id_job: idJob }).update({ entregada: true });
}

/** Marks whose job is gone, out of the rate window, and not among their requester's newest delivered ones: deleted; how many. */
export async function purgeMarks(db: Knex, now: Date): Promise<number> {
  const { rowCount } = await db.raw(`
    delete from ${MARKS} m
     where not exists (select 1 from fhir_export_jobs j where j.id = m.id_job)
       and m.transaction_time <= ?
       and not exists (select 1 from (select id_job, row_number() over (partition by id_cliente_fhir, id_usuario order by transaction_time desc) as n
                                        from ${MARKS} where entregada) k
                        where k.id_job = m.id_job and k.n <= ?)`, [new Date(now.getTime() - RATE_WINDOW_MS), MARKS_KEPT]);
  return rowCount ?? 0;
}
