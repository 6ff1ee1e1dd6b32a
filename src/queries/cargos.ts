import type { Knex } from 'knex';
import type { CargoDatos } from '../events/cargo.ts';
import { pageById, type Page, type Paged } from './paging.ts';

export const ESTADOS_CARGO = ['PENDIENTE_FACTURAR', 'FACTURADO'] as const;
export type EstadoCargo = (typeof ESTADOS_CARGO)[number];

/** A charge as invoicing needs it: the service, the amounts in cents, the VAT and the day of the service (CargoDatos), and its state. */
export interface CargoView extends CargoDatos {
  estado: EstadoCargo;
}

const toCargo = (r: Record<string, any>): CargoView => ({
  idCargo: r.id_cargo, idCita: r.id_cita, idPaciente: r.id_paciente, idPsicologo: r.id_psicologo, concepto: r.concepto,
  idServicio: r.id_servicio ?? null, precioCentimos: r.precio_centimos, iva: (r.iva_porcentaje ?? 'EXENTO') as CargoView['iva'],
  cuotaIvaCentimos: r.cuota_iva_centimos, totalCentimos: r.total_centimos, fecha: r.fecha, estado: r.estado,
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
