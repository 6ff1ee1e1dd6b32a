import type { AppDeps } from '../deps.ts';
import type { Actor } from '../../commands/decider.ts';
import type { Position } from '../../eventstore/port.ts';
import { errors } from '../../platform/errors.ts';
import { reembolsarPagoStripe } from '../../commands/pagos-stripe.ts';
import { findPago } from '../../queries/pagos.ts';
import { stripeDeps } from './pagos-stripe.ts';

// The hook for refunding an online (STRIPE) payment (docs/billing.md "Payments", "Online payments
// (Stripe)"): POST /api/pagos/{idPago}/reembolso calls it for a payment whose metodo is STRIPE. The
// money goes back through Stripe (a refund of the PaymentIntent, the payment's idExterno) and then
// the refund is recorded under Stripe's refund id (reembolsarPagoStripe); without Stripe configured
// it is refused (409), never recorded without moving the money.

export interface ReembolsoEnLinea {
  idPago: number;
  /** By default what is left unrefunded of the payment. */
  importeCentimos?: number;
  motivo: string;
  actor: Actor;
}

export async function reembolsoEnLinea(deps: AppDeps, cmd: ReembolsoEnLinea): Promise<{ position: Position | null }> {
  const pago = await findPago(deps.knex, cmd.idPago);
  if (!pago) throw errors.notFound('Pago', 'Payment');
  return reembolsarPagoStripe(stripeDeps(deps), { ...cmd, idFactura: pago.idFactura });
}
