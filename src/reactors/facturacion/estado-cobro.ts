import type { EventStore } from '../../eventstore/port.ts';
import { evolveFactura, facturaStream, type Factura, type FacturaEvent } from '../../events/factura.ts';
import { evolvePagos, pagosFacturaInicial, pagosFacturaStream, type PagoEvent, type PagosFactura } from '../../events/pago.ts';
import { pendienteDe } from '../../commands/pagos.ts';

// What the billing mails say about an invoice's money, from its own streams (the invoice's and its
// payments'), not the read models: those run apart from the reactors and the reminder worker, and
// a payment recorded a moment ago must already count.

const TIPOS_PAGO = new Set(['PagoRegistrado', 'PagoFallido', 'PagoReembolsado']);

export interface EstadoCobro {
  factura: Extract<Factura, { status: 'emitida' | 'anulada' }>;
  pagos: PagosFactura;
  /** `pendienteDe` of the payments' commands: the total with its corrections (rectifying invoices' differences), less the net paid; never below 0. */
  pendienteCentimos: number;
}

/**
 * The invoice and its payments; `hastaRevision`: only the payments stream's events up to that one
 * (a receipt says what remained right after its own payment, whatever came later). Null: no such invoice.
 */
export async function estadoCobro(store: EventStore, idFactura: number, hastaRevision?: bigint): Promise<EstadoCobro | null> {
  const [historia, movimientos] = await store.readStreams([facturaStream(idFactura), pagosFacturaStream(idFactura)]);
  const factura = historia.reduce((s, e) => evolveFactura(s, e as unknown as FacturaEvent), { status: 'nueva' } as Factura);
  if (factura.status === 'nueva') return null;
  const hasta = movimientos.filter((e) => TIPOS_PAGO.has(e.type) && (hastaRevision === undefined || e.revision <= hastaRevision));
  const pagos = hasta.reduce((s, e) => evolvePagos(s, e as unknown as PagoEvent), pagosFacturaInicial());
  return { factura, pagos, pendienteCentimos: pendienteDe(factura, pagos) };
}
