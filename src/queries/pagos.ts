import type { Knex } from 'knex';
import type { MetodoPago } from '../events/pago.ts';
import { pageById, type Page, type Paged } from './paging.ts';

// Payments and balances (docs/billing.md "Payments", "estadoPago"), read from projection `pagos` and
// the account columns projection `facturas` keeps on each invoice (migration 060_pagos).

export interface PagoView {
  idPago: number;
  idFactura: number;
  idPaciente: number;
  importeCentimos: number;
  reembolsadoCentimos: number;
  metodo: MetodoPago;
  fecha: string;
  referencia: string | null;
  idExterno: string | null;
  registradoPor: number | null;
}

const toPago = (r: Record<string, any>): PagoView => ({
  idPago: r.id_pago, idFactura: r.id_factura, idPaciente: r.id_paciente, importeCentimos: Number(r.importe_centimos),
  reembolsadoCentimos: Number(r.reembolsado_centimos), metodo: r.metodo, fecha: new Date(r.fecha).toISOString(),
  referencia: r.referencia ?? null, idExterno: r.id_externo ?? null, registradoPor: r.registrado_por ?? null,
});

export async function findPago(knex: Knex, idPago: number): Promise<PagoView | null> {
  const r = await knex('pagos').where({ id_pago: idPago }).first('*');
  return r ? toPago(r) : null;
}

export async function pagosDeFactura(knex: Knex, idFactura: number): Promise<PagoView[]> {
  return (await knex('pagos').where({ id_factura: idFactura }).orderBy('id_pago')).map(toPago);
}

export function pagePagosPaciente(knex: Knex, page: Page, idPaciente: number): Promise<Paged<PagoView>> {
  return pageById(knex('pagos').select('*').where({ id_paciente: idPaciente }), 'id_pago', page, toPago);
}

/** An invoice that counts in a patient's account: issued to be paid, not a rectifying invoice (paid through its original). */
export const ES_COBRABLE = (f: string) => `(${f}.datos->'rectifica'->>'idFactura') is null`;

/** What is left to pay on invoice row `f`: its total with corrections less the net paid; 0 once cancelled. */
export const PENDIENTE_SQL = (f: string) =>
  `(case when ${f}.estado = 'ANULADA' or not ${ES_COBRABLE(f)} then 0
     else greatest(${f}.importe_total_centimos + ${f}.rectificado_centimos - ${f}.cobrado_centimos, 0) end)`;

/**
 * The patient's estadoPago (docs/billing.md "estadoPago"), for the patient row `p`: the profile's
 * value until their first invoice; then FALLIDO while an invoice is due whose last online payment
 * failed, PENDIENTE while any is due, REEMBOLSADO when nothing is due and the latest invoice's
 * payments were all refunded, else PAGADO.
 */
export const ESTADO_PAGO_SQL = (p: string) => {
  const de = `from facturas f where f.id_paciente = ${p}.id_paciente and ${ES_COBRABLE('f')}`;
  return `(case
    when not exists (select 1 ${de}) then ${p}.estado_pago
    when exists (select 1 ${de} and ${PENDIENTE_SQL('f')} > 0 and f.cobro_fallido) then 'FALLIDO'
    when exists (select 1 ${de} and ${PENDIENTE_SQL('f')} > 0) then 'PENDIENTE'
    when (select f.estado_cobro ${de} order by f.id_factura desc limit 1) = 'REEMBOLSADA' then 'REEMBOLSADO'
    else 'PAGADO' end)`;
};

export interface FacturaPendiente {
  idFactura: number;
  numSerie: string;
  fechaExpedicion: string;
  /** The total with its rectifying invoices' differences. */
  importeCentimos: number;
  cobradoCentimos: number;
  pendienteCentimos: number;
  estadoCobro: string;
}

export interface SaldoPaciente {
  idPaciente: number;
  /** Issued, not cancelled invoices' totals, corrections included. */
  facturadoCentimos: number;
  /** Every payment recorded, before refunds. */
  pagadoCentimos: number;
  reembolsadoCentimos: number;
  pendienteCentimos: number;
  facturasPendientes: FacturaPendiente[];
}

/** The patient's account: what was invoiced, paid, refunded and is due, and each invoice still due. */
export async function saldoPaciente(knex: Knex, idPaciente: number): Promise<SaldoPaciente> {
  const rows = await knex('facturas as f').where('f.id_paciente', idPaciente).whereRaw(ES_COBRABLE('f')).orderBy('f.id_factura')
    .select('f.id_factura', 'f.num_serie', 'f.fecha_expedicion', 'f.estado', 'f.estado_cobro', 'f.importe_total_centimos', 'f.rectificado_centimos',
      'f.cobrado_centimos', 'f.reembolsado_centimos', knex.raw(`${PENDIENTE_SQL('f')} as pendiente`));
  const n = (v: unknown) => Number(v);
  const saldo: SaldoPaciente = { idPaciente, facturadoCentimos: 0, pagadoCentimos: 0, reembolsadoCentimos: 0, pendienteCentimos: 0, facturasPendientes: [] };
  for (const r of rows) {
    const importe = n(r.importe_total_centimos) + n(r.rectificado_centimos);
    if (r.estado !== 'ANULADA') saldo.facturadoCentimos += importe;
    saldo.pagadoCentimos += n(r.cobrado_centimos) + n(r.reembolsado_centimos);
    saldo.reembolsadoCentimos += n(r.reembolsado_centimos);
    saldo.pendienteCentimos += n(r.pendiente);
    if (n(r.pendiente) > 0) {
      saldo.facturasPendientes.push({
        idFactura: r.id_factura, numSerie: r.num_serie, fechaExpedicion: r.fecha_expedicion, importeCentimos: importe,
        cobradoCentimos: n(r.cobrado_centimos), pendienteCentimos: n(r.pendiente), estadoCobro: r.estado_cobro,
      });
    }
  }
  return saldo;
}

/** The patient's estadoPago now, as every read shows it. */
export async function estadoPagoDe(knex: Knex, idPaciente: number): Promise<string | null> {
  const r = await knex('pacientes as p').where('p.id_paciente', idPaciente).first(knex.raw(`${ESTADO_PAGO_SQL('p')} as estado`));
  return r ? (r.estado as string) : null;
}

/** Whether estadoPago is derived (the patient has an invoice), what it is, and each invoice still due. */
export async function cuentaEstadoPago(knex: Knex, idPaciente: number) {
  const [estado, saldo] = await Promise.all([estadoPagoDe(knex, idPaciente), saldoPaciente(knex, idPaciente)]);
  const derivado = Boolean(await knex('facturas as f').where('f.id_paciente', idPaciente).whereRaw(ES_COBRABLE('f')).first('f.id_factura'));
  return { derivado, estado, pendientes: saldo.facturasPendientes.map((f) => ({ idFactura: f.idFactura, pendienteCentimos: f.pendienteCentimos })) };
}
