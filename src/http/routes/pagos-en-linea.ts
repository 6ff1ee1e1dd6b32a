import type { AppDeps } from '../deps.ts';
import type { Actor } from '../../commands/decider.ts';
import type { Position } from '../../eventstore/port.ts';
import { errors } from '../../platform/errors.ts';

// The hook for refunding an online (STRIPE) payment (docs/billing.md "Payments"): POST
// /api/pagos/{idPago}/reembolso calls it for a payment whose metodo is STRIPE. The money must go
// back through the provider (its refund of the PaymentIntent, the payment's idExterno), and then
// the refund is recorded with reembolsarPago(deps, {idPago, importeCentimos, motivo, idExterno:
// the provider's refund id, actor}), idempotent on that id. Until the provider is wired here it is
// refused, never recorded without moving the money.

export interface ReembolsoEnLinea {
  idPago: number;
  /** By default what is left unrefunded of the payment. */
  importeCentimos?: number;
  motivo: string;
  actor: Actor;
}

export async function reembolsoEnLinea(_deps: AppDeps, _cmd: ReembolsoEnLinea): Promise<{ position: Position | null }> {
  throw errors.conflict(
    'Reembolso en línea no configurado: el pago se hizo con STRIPE y se reembolsa a través de la pasarela',
    'Online refund not configured: the payment was made with STRIPE and is refunded through the provider',
  );
}
