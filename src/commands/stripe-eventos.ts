import type { EventoPasarela } from '../platform/stripe/pasarela.ts';

// What a Stripe event means for billing (docs/billing.md "Online payments (Stripe)"), read from the
// objects as Stripe sends them; pure. Everything else Stripe sends is ignored (null).

/** A paid PaymentIntent: recorded once per PaymentIntent id, whichever of its events comes first. */
export interface AccionPago { tipo: 'pago'; idFactura: number | null; idPaymentIntent: string; importeCentimos: number }
/** A failed attempt: the invoice stays due; ignored once the PaymentIntent is paid. */
export interface AccionFallo { tipo: 'fallo'; idFactura: number | null; idPaymentIntent: string; motivo: string }
/**
 * A charge refunded, wholly or in part. Stripe says how much of the charge is refunded in all:
 * billing records the difference from what it has, so retries and late events record nothing.
 */
export interface AccionReembolso {
  tipo: 'reembolso'; idFactura: number | null; idPaymentIntent: string; idCargo: string;
  cobradoCentimos: number; reembolsadoCentimos: number;
}
export type AccionStripe = AccionPago | AccionFallo | AccionReembolso;

const idDe = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'string' ? (v as { id: string }).id : null);
const centimos = (v: unknown): number | null => (Number.isSafeInteger(v) && (v as number) >= 0 ? (v as number) : null);

/** The invoice the metadata names (pay-now sets `idFactura`), or null. */
export function facturaDe(o: Record<string, any>): number | null {
  const v = o?.metadata?.idFactura;
  return typeof v === 'string' && /^[1-9]\d{0,9}$/.test(v) && Number(v) <= 2_147_483_647 ? Number(v) : null;
}

function pago(o: Record<string, any>, pi: unknown, importe: unknown): AccionPago | null {
  const idPaymentIntent = idDe(pi);
  const importeCentimos = centimos(importe);
  if (!idPaymentIntent || !importeCentimos) return null;
  return { tipo: 'pago', idFactura: facturaDe(o), idPaymentIntent, importeCentimos };
}

/** Only euros are billed; an event in another currency is not billing's (null). */
export function interpretar(evento: EventoPasarela): AccionStripe | null {
  const o = evento.data.object;
  if (typeof o.currency === 'string' && o.currency.toLowerCase() !== 'eur') return null;
  switch (evento.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return o.payment_status === 'paid' ? pago(o, o.payment_intent, o.amount_total) : null;
    case 'payment_intent.succeeded':
      return pago(o, o.id, o.amount_received);
    case 'payment_intent.payment_failed': {
      const idPaymentIntent = idDe(o.id);
      const code = o.last_payment_error?.decline_code ?? o.last_payment_error?.code;
      // Stripe's code only (card_declined, insufficient_funds...): never its message or the card's details.
      const motivo = typeof code === 'string' && /^[a-z_]{1,60}$/.test(code) ? code : 'payment_failed';
      return idPaymentIntent ? { tipo: 'fallo', idFactura: facturaDe(o), idPaymentIntent, motivo } : null;
    }
    case 'charge.refunded': {
      const [idPaymentIntent, idCargo] = [idDe(o.payment_intent), idDe(o.id)];
      const cobradoCentimos = centimos(o.amount_captured) ?? centimos(o.amount);
      const reembolsadoCentimos = centimos(o.amount_refunded);
      if (!idPaymentIntent || !idCargo || !cobradoCentimos || reembolsadoCentimos === null) return null;
      return { tipo: 'reembolso', idFactura: facturaDe(o), idPaymentIntent, idCargo, cobradoCentimos, reembolsadoCentimos };
    }
    default:
      return null;
  }
}
