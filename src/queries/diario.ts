import type { DiarioRegistrado } from '../events/diario.ts';
import type { Knex } from 'knex';
import { LOCAL_DATETIME } from './historial.ts';
import { pageById, type Page, type Paged } from './paging.ts';

/** An emotional diary entry as the API shows it. */
export interface DiarioView {
  idDiario: number;
  idPaciente: number;
  fecha: string;
  emocion: string;
  intensidad: number;
  nota: string | null;
}

type Row = Record<string, any>;

const toView = (r: Row): DiarioView => ({
  idDiario: r.id_diario, idPaciente: r.id_paciente, fecha: r.fecha, emocion: r.emocion, intensidad: r.intensidad, nota: r.nota,
});

const select = (knex: Knex) =>
  knex('diario_emocional').select('id_diario', 'id_paciente', knex.raw(`to_char(fecha, ${LOCAL_DATETIME}) as fecha`), 'emocion', 'intensidad', 'nota');

/** The entry as the API shows it, from its DiarioRegistrado (a write's response: nothing read back). */
export const diarioFromEvent = (d: DiarioRegistrado['data']): DiarioView => ({
  idDiario: d.idDiario, idPaciente: d.idPaciente, fecha: d.fecha, emocion: d.emocion, intensidad: d.intensidad, nota: d.nota ?? null,
});

/** A patient's entries, or every entry when no patient is given; by id. */
export async function listDiario(knex: Knex, idPaciente?: number): Promise<DiarioView[]> {
  return (await of(knex, idPaciente).orderBy('id_diario')).map(toView);
}

/** One page of `listDiario`; keyset and limit in SQL. */
export const pageDiario = (knex: Knex, page: Page, idPaciente?: number): Promise<Paged<DiarioView>> =>
  pageById(of(knex, idPaciente), 'id_diario', page, toView);

const of = (knex: Knex, idPaciente?: number) => (idPaciente === undefined ? select(knex) : select(knex).where({ id_paciente: idPaciente }));

export async function findDiario(knex: Knex, idDiario: number): Promise<DiarioView | null> {
  const row = await select(knex).where({ id_diario: idDiario }).first();
  return row ? toView(row) : null;
}
