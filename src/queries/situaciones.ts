import type { Knex } from 'knex';
import type { Categoria } from '../events/situacion.ts';
import { pageById, type Page, type Paged } from './paging.ts';

export interface SituacionView {
  idSituacion: number;
  nombre: string;
  categoria: Categoria;
  descripcion: string | null;
  activo: boolean;
}

const toView = (r: Record<string, any>): SituacionView => ({
  idSituacion: r.id_situacion, nombre: r.nombre, categoria: r.categoria, descripcion: r.descripcion ?? null, activo: r.activo,
});

/** The catalogue by id; only the active entries unless `todas`. */
export async function listSituaciones(knex: Knex, todas = false): Promise<SituacionView[]> {
  const q = knex('situaciones').orderBy('id_situacion');
  if (!todas) q.where({ activo: true });
  return (await q.select('*')).map(toView);
}

/** One page of `listSituaciones`; keyset and limit in SQL (as cheap as in memory for a catalogue). */
export function pageSituaciones(knex: Knex, page: Page, todas = false): Promise<Paged<SituacionView>> {
  const q = knex('situaciones').select('*');
  if (!todas) q.where({ activo: true });
  return pageById(q, 'id_situacion', page, toView);
}

export async function findSituacion(knex: Knex, idSituacion: number): Promise<SituacionView | null> {
  const row = await knex('situaciones').where({ id_situacion: idSituacion }).first('*');
  return row ? toView(row) : null;
}
