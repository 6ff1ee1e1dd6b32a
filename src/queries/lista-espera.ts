import type { Knex } from 'knex';
import { localDateTime } from '../platform/time.ts';
import { pageById, type Page, type Paged } from './paging.ts';

// The waitlist as its patient or psychologist sees it (src/projections/lista-espera.ts).

export type EstadoEspera = 'ACTIVA' | 'ATENDIDA' | 'ABANDONADA' | 'EXPIRADA';

export interface EntradaEsperaView {
  idEntrada: number;
  idPaciente: number;
  idPsicologo: number;
  desde: string;
  hasta: string;
  estado: EstadoEspera;
  /** The practice's wall clock when the patient joined, like every datetime the API answers. */
  unidaEn: string;
}

/** The practice's day (expiry) and zone (unidaEn) a read is made in. */
export interface Hoy {
  hoy: string;
  zone: string;
}

/** An active entry whose last day is before today (practice zone) has expired. */
export const estadoDe = (estado: string, hasta: string, hoy: string): EstadoEspera =>
  estado === 'ACTIVA' && hasta < hoy ? 'EXPIRADA' : (estado as EstadoEspera);

const view = ({ hoy, zone }: Hoy) => (r: any): EntradaEsperaView => ({
  idEntrada: r.id_entrada, idPaciente: r.id_paciente, idPsicologo: r.id_psicologo, desde: r.desde, hasta: r.hasta,
  estado: estadoDe(r.estado, r.hasta, hoy), unidaEn: localDateTime(new Date(r.unida_en), zone),
});

export type AlcanceEspera = { idPaciente: number } | { idPsicologo: number };

const enAlcance = (q: Knex.QueryBuilder, a: AlcanceEspera) =>
  'idPaciente' in a ? q.where('id_paciente', a.idPaciente) : q.where('id_psicologo', a.idPsicologo);

/** One page of the caller's entries, in the order they joined. */
export function pageListaEspera(knex: Knex, alcance: AlcanceEspera, hoy: Hoy, page: Page): Promise<Paged<EntradaEsperaView>> {
  return pageById(enAlcance(knex('lista_espera'), alcance), 'id_entrada', page, view(hoy));
}

/** One entry in the caller's scope, or null (out of scope reads as absent). */
export async function entradaEspera(knex: Knex, idEntrada: number, alcance: AlcanceEspera, hoy: Hoy): Promise<EntradaEsperaView | null> {
  const row = await enAlcance(knex('lista_espera'), alcance).where('id_entrada', idEntrada).first();
  return row ? view(hoy)(row) : null;
}

/** A patient's entries with one psychologist as the read model has them (estado as stored), for joining. */
export async function entradasCon(knex: Knex, idPaciente: number, idPsicologo: number): Promise<{ idEntrada: number; desde: string; hasta: string; estado: string }[]> {
  const rows = await knex('lista_espera').where({ id_paciente: idPaciente, id_psicologo: idPsicologo }).orderBy('id_entrada').select('id_entrada', 'desde', 'hasta', 'estado');
  return rows.map((r) => ({ idEntrada: r.id_entrada, desde: r.desde, hasta: r.hasta, estado: r.estado }));
}

/**
 * The entries to tell about time freed at local `inicio` (`YYYY-MM-DDTHH:MM:SS`): active, of that
 * psychologist, whose range holds its day and has not passed; in the order they joined.
 */
export function esperandoHueco(knex: Knex, idPsicologo: number, inicio: string, hoy: string): Promise<{ id_entrada: number; id_paciente: number }[]> {
  const dia = inicio.slice(0, 10);
  return knex('lista_espera')
    .where({ id_psicologo: idPsicologo, estado: 'ACTIVA' })
    .andWhere('desde', '<=', dia).andWhere('hasta', '>=', dia).andWhere('hasta', '>=', hoy)
    .orderBy('id_entrada')
    .select('id_entrada', 'id_paciente');
}
