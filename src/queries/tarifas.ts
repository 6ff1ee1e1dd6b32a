import type { Knex } from 'knex';
import type { Iva } from '../events/servicio.ts';
import type { ReglaPaciente } from '../events/tarifa.ts';
import { pageById, type Page, type Paged } from './paging.ts';
import type { ServicioView } from './precio-sesion.ts';

export type { ServicioView } from './precio-sesion.ts';

const toServicio = (r: Record<string, any>): ServicioView => ({
  idServicio: r.id_servicio, nombre: r.nombre, precioCentimos: r.precio_centimos, duracionMinutos: r.duracion_minutos ?? null,
  iva: (r.iva_porcentaje ?? 'EXENTO') as Iva, activo: r.activo,
});

/** One page of the services by id; only the active ones unless `todos`. */
export function pageServicios(knex: Knex, page: Page, todos = false): Promise<Paged<ServicioView>> {
  const q = knex('servicios').select('*');
  if (!todos) q.where({ activo: true });
  return pageById(q, 'id_servicio', page, toServicio);
}

export async function findServicio(knex: Knex, idServicio: number): Promise<ServicioView | null> {
  const row = await knex('servicios').where({ id_servicio: idServicio }).first('*');
  return row ? toServicio(row) : null;
}

/** The active services of one length (candidates for its default, src/queries/precio-sesion.ts). */
export async function serviciosDeDuracion(knex: Knex, duracionMinutos: number): Promise<ServicioView[]> {
  return (await knex('servicios').where({ duracion_minutos: duracionMinutos, activo: true }).orderBy('id_servicio').select('*')).map(toServicio);
}

export interface TarifaPsicologoView {
  idPsicologo: number;
  idServicio: number;
  precioCentimos: number;
}

const toTarifa = (r: Record<string, any>): TarifaPsicologoView => ({ idPsicologo: r.id_psicologo, idServicio: r.id_servicio, precioCentimos: r.precio_centimos });

/** One page of a psychologist's own prices, by idServicio. */
export function pageTarifasPsicologo(knex: Knex, page: Page, idPsicologo: number): Promise<Paged<TarifaPsicologoView>> {
  return pageById(knex('tarifas_psicologo').where({ id_psicologo: idPsicologo }).select('*'), 'id_servicio', page, toTarifa);
}

export async function findTarifaPsicologo(knex: Knex, idPsicologo: number, idServicio: number): Promise<TarifaPsicologoView | null> {
  const row = await knex('tarifas_psicologo').where({ id_psicologo: idPsicologo, id_servicio: idServicio }).first('*');
  return row ? toTarifa(row) : null;
}

export type TarifaPacienteView = ReglaPaciente & { idPaciente: number };

/** A patient's rule; both fields null when they have none. */
export async function tarifaPaciente(knex: Knex, idPaciente: number): Promise<TarifaPacienteView> {
  const row = await knex('tarifas_paciente').where({ id_paciente: idPaciente }).first('*');
  return { idPaciente, descuentoPorcentaje: row?.descuento_porcentaje ?? null, precioFijoCentimos: row?.precio_fijo_centimos ?? null };
}
