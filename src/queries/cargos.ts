import type { Knex } from 'knex';
import type { CargoDatos } from '../events/cargo.ts';
import { pageById, type Page, type Paged } from './paging.ts';

/** PENDIENTE_FACTURAR until an invoice takes it (FACTURADO); CUBIERTO_BONO when a prepaid pack covers it (never invoiced). */
export const ESTADOS_CARGO = ['PENDIENTE_FACTURAR', 'FACTURADO', 'CUBIERTO_BONO'] as const;
export type EstadoCargo = (typeof ESTADOS_CARGO)[number];

/** A charge as invoicing needs it: the service, the amounts in cents, the VAT and the day of the service (CargoDatos), and its state. */
export interface CargoView extends CargoDatos {
  estado: EstadoCargo;
  /** The invoice that took it (FACTURADO), else null. */
  idFactura: number | null;
  idBono: number | null;
}

const toCargo = (r: Record<string, any>): CargoView => ({
  idCargo: r.id_cargo, idCita: r.id_cita, idPaciente: r.id_paciente, idPsicologo: r.id_psicologo, concepto: r.concepto,
  idServicio: r.id_servicio ?? null, precioCentimos: r.precio_centimos, iva: (r.iva_porcentaje ?? 'EXENTO') as CargoView['iva'],
  cuotaIvaCentimos: r.cuota_iva_centimos, totalCentimos: r.total_centimos, fecha: r.fecha, estado: r.estado,
  idFactura: r.id_factura ?? null, idBono: r.id_bono ?? null,
});

export interface FiltroCargos {
  idPaciente?: number;
  idPsicologo?: number;
  estado?: EstadoCargo;
}

/** One page of charges by idCargo, narrowed by any of the filters given. */
export function pageCargos(knex: Knex, page: Page, filtro: FiltroCargos): Promise<Paged<CargoView>> {
  const q = knex('cargos').select('*');
  if (filtro.idPaciente !== undefined) q.where({ id_paciente: filtro.idPaciente });
  if (filtro.idPsicologo !== undefined) q.where({ id_psicologo: filtro.idPsicologo });
  if (filtro.estado !== undefined) q.where({ estado: filtro.estado });
  return pageById(q, 'id_cargo', page, toCargo);
}

/** A month's charges still to invoice (`mes` YYYY-MM), by patient and charge: what the monthly run takes. */
export async function cargosPendientesDelMes(knex: Knex, mes: string, idPaciente?: number): Promise<CargoView[]> {
  const q = knex('cargos').where({ estado: 'PENDIENTE_FACTURAR' }).where('fecha', 'like', `${mes}-%`).where('total_centimos', '>', 0);
  if (idPaciente !== undefined) q.where({ id_paciente: idPaciente });
  return (await q.orderBy(['id_paciente', 'fecha', 'id_cargo']).select('*')).map(toCargo);
}

/** The services' names by id (inactive ones too: a charge keeps the service it was priced with), for invoice lines. */
export async function nombresServicios(knex: Knex, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const unicos = [...new Set(ids.filter((x): x is number => x !== null))];
  if (!unicos.length) return new Map();
  const rows = await knex('servicios').whereIn('id_servicio', unicos).select('id_servicio', 'nombre');
  return new Map(rows.map((r) => [r.id_servicio as number, r.nombre as string]));
}
