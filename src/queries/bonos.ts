import type { Knex } from 'knex';
import type { Iva } from '../events/servicio.ts';

// Prepaid packs (docs/billing.md "Packs"), read from projection `bonos`.

export const ESTADOS_BONO = ['ACTIVO', 'AGOTADO', 'CADUCADO'] as const;
export type EstadoBono = (typeof ESTADOS_BONO)[number];

export interface BonoView {
  idBono: number;
  idPaciente: number;
  sesiones: number;
  usadas: number;
  restantes: number;
  precioCentimos: number;
  iva: Iva;
  validoHasta: string;
  idServicio: number | null;
  idFactura: number;
  /** AGOTADO when no session is left (whatever the date), else CADUCADO after validoHasta, else ACTIVO. */
  estado: EstadoBono;
}

const toBono = (hoy: string) => (r: Record<string, any>): BonoView => ({
  idBono: r.id_bono, idPaciente: r.id_paciente, sesiones: r.sesiones, usadas: r.usadas, restantes: r.sesiones - r.usadas,
  precioCentimos: r.precio_centimos, iva: (r.iva_porcentaje ?? 'EXENTO') as Iva, validoHasta: r.valido_hasta, idServicio: r.id_servicio ?? null,
  idFactura: r.id_factura,
  estado: r.usadas >= r.sesiones ? 'AGOTADO' : r.valido_hasta < hoy ? 'CADUCADO' : 'ACTIVO',
});

/** A patient's packs, by idBono; `hoy` (practice-local YYYY-MM-DD) decides which have expired. */
export async function bonosDePaciente(knex: Knex, idPaciente: number, hoy: string): Promise<BonoView[]> {
  return (await knex('bonos').where({ id_paciente: idPaciente }).orderBy('id_bono').select('*')).map(toBono(hoy));
}

/**
 * The packs that may cover a session of `idServicio` on `fecha`, oldest-expiring first: sessions
 * left as the read model has them (the pack's stream has the last word), not expired on that day,
 * and of that service when they name one.
 */
export async function bonosCandidatos(knex: Knex, idPaciente: number, fecha: string, idServicio: number | null): Promise<number[]> {
  const q = knex('bonos').where({ id_paciente: idPaciente }).where('valido_hasta', '>=', fecha).whereRaw('usadas < sesiones')
    .where((w) => (idServicio === null ? w.whereNull('id_servicio') : w.whereNull('id_servicio').orWhere('id_servicio', idServicio)));
  return (await q.orderBy(['valido_hasta', 'id_bono']).select('id_bono')).map((r) => r.id_bono as number);
}
