import type { Knex } from 'knex';
import { pageById, type Page, type Paged } from './paging.ts';
import { conFirmas, type Firmado } from './firmas.ts';

/** A clinical history record's own fields. */
export interface HistorialRecord {
  idHistory: number;
  idPaciente: number;
  titulo: string | null;
  diagnostico: string | null;
  tratamiento: string | null;
  observaciones: string | null;
  creadoEn: string;
}

/** A clinical history record as the API shows it: with its signature (null while unsigned) and its addenda. */
export type HistorialView = HistorialRecord & Firmado;

type Row = Record<string, any>;

export const LOCAL_DATETIME = `'YYYY-MM-DD"T"HH24:MI:SS'`;

const toView = (r: Row): HistorialRecord => ({
  idHistory: r.id_history, idPaciente: r.id_paciente, titulo: r.titulo, diagnostico: r.diagnostico,
  tratamiento: r.tratamiento, observaciones: r.observaciones, creadoEn: r.creado_en,
});

const select = (knex: Knex) =>
  knex('historial_clinico').select(
    'id_history', 'id_paciente', 'titulo', 'diagnostico', 'tratamiento', 'observaciones',
    knex.raw(`to_char(creado_en, ${LOCAL_DATETIME}) as creado_en`),
  );

/** A patient's live records, or every live record when no patient is given; by id. */
export async function listHistorial(knex: Knex, idPaciente?: number): Promise<HistorialView[]> {
  return signed(knex, (await of(knex, idPaciente).orderBy('id_history')).map(toView));
}

/** One page of `listHistorial`; keyset and limit in SQL. */
export async function pageHistorial(knex: Knex, page: Page, idPaciente?: number): Promise<Paged<HistorialView>> {
  const p = await pageById(of(knex, idPaciente), 'id_history', page, toView);
  return { ...p, items: await signed(knex, p.items) };
}

const signed = (knex: Knex, rows: HistorialRecord[]) => conFirmas(knex, 'HISTORIAL', rows, (r) => r.idHistory);

const of = (knex: Knex, idPaciente?: number) => (idPaciente === undefined ? select(knex) : select(knex).where({ id_paciente: idPaciente }));

export async function findHistorial(knex: Knex, idHistory: number): Promise<HistorialView | null> {
  const row = await select(knex).where({ id_history: idHistory }).first();
  return row ? (await signed(knex, [toView(row)]))[0] : null;
}

/** Whether the patient exists and is assigned to this psychologist (anything else is 404 to them). */
export async function isPacienteDe(knex: Knex, idPaciente: number, idPsicologo: number): Promise<boolean> {
  return Boolean(await knex('pacientes').where({ id_paciente: idPaciente, id_psicologo: idPsicologo }).first('id_paciente'));
}
