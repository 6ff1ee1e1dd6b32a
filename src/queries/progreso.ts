import type { ProgresoRegistrado } from '../events/progreso.ts';
import type { Knex } from 'knex';
import { pageById, type Key, type Page, type Paged, type PartShape } from './paging.ts';

/** An emotional progress record as the API shows it. */
export interface ProgresoView {
  idProgress: number;
  idPaciente: number;
  fecha: string;
  nivelEstres: number;
  nivelAnsiedad: number;
  nivelAnimo: number;
}

/** One week of a patient's progress: averages of the records dated in it (within the range asked). */
export interface SemanaProgreso {
  semana: string;
  registros: number;
  mediaEstres: number;
  mediaAnsiedad: number;
  mediaAnimo: number;
}

type Row = Record<string, any>;

const toView = (r: Row): ProgresoView => ({
  idProgress: r.id_progress, idPaciente: r.id_paciente, fecha: r.fecha,
  nivelEstres: r.nivel_estres, nivelAnsiedad: r.nivel_ansiedad, nivelAnimo: r.nivel_animo,
});

const select = (knex: Knex) =>
  knex('progreso_emocional').select(
    'id_progress', 'id_paciente', knex.raw(`to_char(fecha, 'YYYY-MM-DD') as fecha`), 'nivel_estres', 'nivel_ansiedad', 'nivel_animo',
  );

/** The record as the API shows it, from its ProgresoRegistrado (a write's response: nothing read back). */
export const progresoFromEvent = (d: ProgresoRegistrado['data']): ProgresoView => ({
  idProgress: d.idProgress, idPaciente: d.idPaciente, fecha: d.fecha,
  nivelEstres: d.nivelEstres, nivelAnsiedad: d.nivelAnsiedad, nivelAnimo: d.nivelAnimo,
});

/** A patient's records, or every record when no patient is given; by id. */
export async function listProgreso(knex: Knex, idPaciente?: number): Promise<ProgresoView[]> {
  return (await of(knex, idPaciente).orderBy('id_progress')).map(toView);
}

/** One page of `listProgreso`; keyset and limit in SQL. */
export const pageProgreso = (knex: Knex, page: Page, idPaciente?: number): Promise<Paged<ProgresoView>> =>
  pageById(of(knex, idPaciente), 'id_progress', page, toView);

const of = (knex: Knex, idPaciente?: number) => (idPaciente === undefined ? select(knex) : select(knex).where({ id_paciente: idPaciente }));

export async function findProgreso(knex: Knex, idProgress: number): Promise<ProgresoView | null> {
  const row = await select(knex).where({ id_progress: idProgress }).first();
  return row ? toView(row) : null;
}

// A summary holds one item per week with records, few enough to page in memory.
export const semanaKey = (s: SemanaProgreso): Key => [s.semana];
export const SEMANA_KEY: PartShape[] = [/^\d{4}-\d{2}-\d{2}$/];

/**
 * Weekly averages (ISO weeks, from Monday) of a patient's records dated between `desde` and
 * `hasta` (inclusive, either open); weeks without records are left out. For client charts.
 */
export async function resumenSemanal(knex: Knex, idPaciente: number, desde?: string, hasta?: string): Promise<SemanaProgreso[]> {
  const q = knex('progreso_emocional')
    .where({ id_paciente: idPaciente })
    .select(
      knex.raw(`to_char(date_trunc('week', fecha), 'YYYY-MM-DD') as semana`),
      knex.raw('count(*)::int as registros'),
      knex.raw('round(avg(nivel_estres), 2) as media_estres'),
      knex.raw('round(avg(nivel_ansiedad), 2) as media_ansiedad'),
      knex.raw('round(avg(nivel_animo), 2) as media_animo'),
    )
    .groupByRaw('1')
    .orderByRaw('1');
  if (desde) q.where('fecha', '>=', desde);
  if (hasta) q.where('fecha', '<=', hasta);
  return (await q).map((r: Row) => ({
    semana: r.semana, registros: r.registros,
    mediaEstres: Number(r.media_estres), mediaAnsiedad: Number(r.media_ansiedad), mediaAnimo: Number(r.media_animo),
  }));
}
