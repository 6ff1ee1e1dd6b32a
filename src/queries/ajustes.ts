import type { Knex } from 'knex';
import { RECORDATORIOS_DEFECTO, type Idioma } from '../events/ajuste.ts';
import { pageById, type Page, type Paged } from './paging.ts';

export interface AjustesView {
  idAjuste: number | null;
  idUsuario: number;
  idioma: Idioma;
  notificaciones: boolean;
  darkMode: boolean;
  timezone: string;
  /** Reminder lead times in hours, largest first. */
  recordatorios: number[];
}

const toView = (r: Record<string, any>): AjustesView => ({
  idAjuste: r.id_ajuste, idUsuario: r.id_usuario, idioma: r.idioma, notificaciones: r.notificaciones, darkMode: r.dark_mode, timezone: r.timezone,
  recordatorios: r.recordatorios ?? [...RECORDATORIOS_DEFECTO],
});

/** The user's stored settings, or null before their first change. */
export async function findAjustes(knex: Knex, idUsuario: number): Promise<AjustesView | null> {
  const row = await knex('ajustes').where({ id_usuario: idUsuario }).first('*');
  return row ? toView(row) : null;
}

/** The user's settings, defaults (idAjuste null) when never changed: what mails and pushes go by. */
export async function effectiveAjustes(knex: Knex, idUsuario: number, practiceTimezone: string): Promise<AjustesView> {
  return (await findAjustes(knex, idUsuario))
    ?? { idAjuste: null, idUsuario, idioma: 'es', notificaciones: true, darkMode: false, timezone: practiceTimezone, recordatorios: [...RECORDATORIOS_DEFECTO] };
}

/** One page of every user's stored settings, by id; keyset and limit in SQL. */
export function pageAjustes(knex: Knex, page: Page): Promise<Paged<AjustesView>> {
  return pageById(knex('ajustes').select('*'), 'id_ajuste', page, toView);
}
