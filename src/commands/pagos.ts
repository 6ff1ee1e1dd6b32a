// Payments of issued invoices (docs/billing.md "Payments"): recording one, a failed online attempt
// and a refund. Every write reads the invoice (its total, corrections and state) and its payments'
// stream `pagos-factura-{idFactura}`, decides, and appends to the payments' stream expecting the
// revision it read: of two payments racing, the loser re-reads and is judged against the winner's,
// so together they never pay more than is due. The provider's webhook (Stripe) retries: a payment
// or refund carrying an idExterno already recorded is not recorded again.
import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent, Position, StoredEvent } from '../eventstore/port.ts';
import { WrongExpectedRevisionError } from '../eventstore/port.ts';
import { evolveFactura, facturaStream, type Factura } from '../events/factura.ts';
import {
  evolvePagos, pagosFacturaInicial, pagosFacturaStream, type MetodoPago, type PagoEstado, type PagoEvent, type PagosFactura,
} from '../events/pago.ts';
import { errors } from '../platform/errors.ts';
import type { Actor } from './decider.ts';
import type { CommandDeps } from './deps.ts';

export interface RegistrarPago {
  idFactura: number;
  /** Positive integer cents, at most what is due. */
  importeCentimos: number;
  metodo: MetodoPago;
  referencia?: string | null;
  /** The provider's id (Stripe's PaymentIntent): the same one twice records once. */
  idExterno?: string | null;
  /** When it was paid (ISO instant); now by default. */
  fecha?: string;
  /**
   * The provider has already taken the money (a card payment Stripe confirms): it is a fact to
   * record even when the invoice was meanwhile paid at the desk, cancelled or lowered; the surplus
   * shows as collected above the total, for the administrator to refund.
   */
  yaCobrado?: boolean;
  actor: Actor;
}

export interface RegistrarPagoFallido {
  idFactura: number;
  idExterno: string | null;
  motivo: string;
  fecha?: string;
  actor: Actor;
}

export interface ReembolsarPago {
  idPago: number;
  /** Positive integer cents; by default what is left unrefunded of the payment. */
  importeCentimos?: number;
  /** The provider's refund id: the same one twice records once. */
  idExterno?: string | null;
  /** Why (staff's words, kept in the event); null if not given. */
  motivo?: string | null;
  actor: Actor;
}

/** What a write answers: the payment as now recorded, and the log position to wait for (null: nothing new). */
export interface PagoHecho { pago: PagoEstado; position: Position | null }

/** An invoice and its payments, read together. */
export interface CuentaFactura {
  factura: Exclude<Factura, { status: 'nueva' }>;
  pagos: PagosFactura;
  /** What is left to pay: the total with its corrections, less what was paid net of refunds (never below 0). */
  pendienteCentimos: number;
  /** The payments' stream revision read. */
  expected: bigint | 'noStream';
}

const facturaNotFound = () => errors.notFound('Factura', 'Invoice');
const pagoNotFound = () => errors.notFound('Recurso', 'Payment');
const expectedOf = (events: StoredEvent[]) => (events.length ? events[events.length - 1].revision : ('noStream' as const));

/** The total the invoice stands at (its rectifying invoices' differences included) less the net paid. */
export function pendienteDe(f: Exclude<Factura, { status: 'nueva' }>, p: PagosFactura): number {
  if (f.status === 'anulada') return 0;
  return Math.max(0, f.factura.importeTotalCentimos + f.rectificadoCentimos - p.pagadoCentimos + p.reembolsadoCentimos);
}

export async function cuentaFactura(store: EventStore, idFactura: number): Promise<CuentaFactura> {
  const [facturaEv, pagosEv] = await store.readStreams([facturaStream(idFactura), pagosFacturaStream(idFactura)]);
  const factura = facturaEv.reduce<Factura>((s, e) => evolveFactura(s, e as never), { status: 'nueva' });
  if (factura.status === 'nueva') throw facturaNotFound();
  const pagos = pagosEv.reduce<PagosFactura>((s, e) => evolvePagos(s, e as never), pagosFacturaInicial());
  return { factura, pagos, pendienteCentimos: pendienteDe(factura, pagos), expected: expectedOf(pagosEv) };
}

function nuevo(e: PagoEvent, actor: Actor, now: Date): NewEvent {
  return {
    type: e.type, data: e.data as unknown as Record<string, unknown>,
    metadata: { eventId: randomUUID(), actor, correlationId: randomUUID(), causationId: null, occurredAt: now.toISOString() },
  };
}

/** Decide on a fresh read and append expecting its revision; a lost race decides again. */
async function conCuenta<T>(
  deps: CommandDeps, actor: Actor, idFactura: number,
  decide: (c: CuentaFactura) => { event: PagoEvent | null; result: (p: PagosFactura) => T },
): Promise<{ value: T; position: PagoHecho['position'] }> {
  for (let i = 1; ; i++) {
    const cuenta = await cuentaFactura(deps.store, idFactura);
    const { event, result } = decide(cuenta);
    if (!event) return { value: result(cuenta.pagos), position: null };
    try {
      const r = await deps.store.append([{ streamId: pagosFacturaStream(idFactura), expected: cuenta.expected, events: [nuevo(event, actor, deps.clock.now())] }]);
      return { value: result(evolvePagos(cuenta.pagos, event)), position: r.position };
    } catch (err) {
      // 8 payments at once each lose at most 7 races; jitter keeps them from losing in lockstep.
      if (!(err instanceof WrongExpectedRevisionError) || i >= 50) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(20, 2 * i)));
    }
  }
}

/** seq_pago (migration 057_pagos), read directly: the shared list of sequences (ids.ts) stays as it is. */
async function nuevoIdPago(deps: CommandDeps): Promise<number> {
  const { rows } = await deps.knex.raw(`select nextval('seq_pago')::int as id`);
  return rows[0].id as number;
}

const euros = (c: number) => `${Math.trunc(c / 100)},${String(Math.abs(c) % 100).padStart(2, '0')} €`;

/**
 * Records a payment of an issued invoice: 409 when it is cancelled, a rectifying invoice (its
 * original is paid), already paid, or the amount exceeds what is due, unless the provider has
 * already taken the money (`yaCobrado`). The same idExterno twice records once and answers the
 * first payment.
 */
export async function registrarPago(deps: CommandDeps, cmd: RegistrarPago): Promise<PagoHecho> {
  if (!Number.isSafeInteger(cmd.importeCentimos) || cmd.importeCentimos <= 0) {
    throw errors.invalid('importeCentimos: un número entero de céntimos mayor que 0', 'importeCentimos: an integer number of cents above 0');
  }
  const idExterno = cmd.idExterno ?? null;
  const idPago = await nuevoIdPago(deps);
  const fecha = cmd.fecha ?? deps.clock.now().toISOString();
  const { value, position } = await conCuenta(deps, cmd.actor, cmd.idFactura, ({ factura, pagos, pendienteCentimos }) => {
    const repetido = idExterno !== null && pagos.pagos.find((p) => p.idExterno === idExterno);
    if (repetido) return { event: null, result: () => repetido };
    if (!cmd.yaCobrado) rechazarExceso(factura, pendienteCentimos, cmd.importeCentimos);
    const data = {
      idPago, idFactura: cmd.idFactura, idPaciente: factura.factura.idPaciente, importeCentimos: cmd.importeCentimos, metodo: cmd.metodo,
      fecha, referencia: cmd.referencia ?? null, idExterno, registradoPor: cmd.actor.rol === 'SYSTEM' ? null : cmd.actor.idUsuario,
    };
    return { event: { type: 'PagoRegistrado', data }, result: (p) => p.pagos.find((x) => x.idPago === idPago)! };
  });
  return { pago: value, position };
}

/** What staff may not record: a payment of a cancelled or rectifying invoice, or above what is due. */
function rechazarExceso(factura: CuentaFactura['factura'], pendienteCentimos: number, importeCentimos: number): void {
  if (factura.status === 'anulada') throw errors.conflict('La factura está anulada: no se cobra', 'The invoice is cancelled: it is not paid');
  if (factura.factura.rectifica) throw errors.conflict('Una factura rectificativa se cobra a través de la original', 'A rectifying invoice is paid through the invoice it corrects');
  if (pendienteCentimos === 0) throw errors.conflict('La factura ya está pagada', 'The invoice is already paid');
  if (importeCentimos > pendienteCentimos) {
    throw errors.conflict(`El importe supera lo pendiente de la factura (${euros(pendienteCentimos)})`, `The amount exceeds what is due on the invoice (${pendienteCentimos} cents)`);
  }
}

/** An online payment attempt that failed (the provider's webhook): the invoice stays due; the same idExterno twice records once. */
export async function registrarPagoFallido(deps: CommandDeps, cmd: RegistrarPagoFallido): Promise<{ position: PagoHecho['position'] }> {
  const fecha = cmd.fecha ?? deps.clock.now().toISOString();
  const { position } = await conCuenta(deps, cmd.actor, cmd.idFactura, ({ factura, pagos }) => {
    // A retry of the same failure, or of an attempt that then succeeded, changes nothing.
    if (cmd.idExterno !== null && (pagos.externos.includes(cmd.idExterno) || pagos.fallidos.includes(cmd.idExterno))) return { event: null, result: () => null };
    return {
      event: { type: 'PagoFallido', data: { idFactura: cmd.idFactura, idPaciente: factura.factura.idPaciente, idExterno: cmd.idExterno, motivo: cmd.motivo, fecha } },
      result: () => null,
    };
  });
  return { position };
}

/**
 * Which invoice a payment belongs to: its id is not in its stream's name, so the read model `pagos`
 * says (it serves read-your-writes: a payment is there once recording it has answered). The
 * refund itself is then decided on the payments' stream.
 */
async function facturaDePago(deps: CommandDeps, idPago: number): Promise<number | null> {
  const row = await deps.knex('pagos').where({ id_pago: idPago }).first('id_factura');
  return row ? (row.id_factura as number) : null;
}

/**
 * Refunds (part of) a payment: by default what is left unrefunded of it; more than that is 409. The
 * same idExterno twice records once. This records the refund only: moving the money back (a card
 * refund through the provider) is the caller's job, before calling it.
 */
export async function reembolsarPago(deps: CommandDeps, cmd: ReembolsarPago): Promise<PagoHecho> {
  const idFactura = await facturaDePago(deps, cmd.idPago);
  if (idFactura === null) throw pagoNotFound();
  const idExterno = cmd.idExterno ?? null;
  const { value, position } = await conCuenta(deps, cmd.actor, idFactura, ({ pagos }) => {
    const pago = pagos.pagos.find((p) => p.idPago === cmd.idPago);
    if (!pago) throw pagoNotFound();
    if (idExterno !== null && pagos.externos.includes(idExterno)) return { event: null, result: (p) => p.pagos.find((x) => x.idPago === cmd.idPago)! };
    const queda = pago.importeCentimos - pago.reembolsadoCentimos;
    const importe = cmd.importeCentimos ?? queda;
    if (queda === 0) throw errors.conflict('El pago ya está reembolsado entero', 'The payment is already refunded in full');
    if (!Number.isSafeInteger(importe) || importe <= 0) {
      throw errors.invalid('importeCentimos: un número entero de céntimos mayor que 0', 'importeCentimos: an integer number of cents above 0');
    }
    if (importe > queda) throw errors.conflict(`El reembolso supera lo que queda del pago (${euros(queda)})`, `The refund exceeds what is left of the payment (${queda} cents)`);
    const data = { idPago: cmd.idPago, idFactura, idPaciente: pago.idPaciente, importeCentimos: importe, idExterno, fecha: deps.clock.now().toISOString(), motivo: cmd.motivo ?? null };
    return { event: { type: 'PagoReembolsado', data }, result: (p) => p.pagos.find((x) => x.idPago === cmd.idPago)! };
  });
  return { pago: value, position };
}
