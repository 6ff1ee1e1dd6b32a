// The port to the card payment provider (docs/billing.md "Online payments (Stripe)"). The real
// adapter is stripe-adapter.ts (the `stripe` package); tests use the recording fake (fake.ts).
// Nothing personal or clinical crosses it: an amount, the invoice's number and its id.

/** What a Checkout Session is made of: the amount due of one invoice, in integer cents of euro. */
export interface PeticionCheckout {
  idFactura: number;
  /** The invoice's number (`2026-A/000001`): the line the patient reads on Stripe's page. */
  numSerie: string;
  importeCentimos: number;
  /** Where Stripe sends the patient back (STRIPE_SUCCESS_URL, STRIPE_CANCEL_URL). */
  urlExito: string;
  urlCancelacion: string;
  /** Stripe's Idempotency-Key: a retried request makes no second session. */
  claveIdempotencia: string;
}

export interface SesionCheckout {
  id: string;
  url: string;
}

/** A verified webhook event, as Stripe sends it (only what billing reads). */
export interface EventoPasarela {
  id: string;
  type: string;
  data: { object: Record<string, any> };
}

/** The signature header is missing or does not sign these bytes with the webhook secret. */
export class FirmaWebhookNoValida extends Error {
  constructor(why: string) {
    super(`Stripe webhook signature: ${why}`);
    this.name = 'FirmaWebhookNoValida';
  }
}

export interface PasarelaPago {
  createCheckout(peticion: PeticionCheckout): Promise<SesionCheckout>;
  /** Refunds part or all of a PaymentIntent; the key makes a retried request refund once. */
  refund(idPaymentIntent: string, importeCentimos: number, claveIdempotencia: string): Promise<{ idReembolso: string }>;
  /** The event when `signature` (the Stripe-Signature header) signs these exact bytes; else throws FirmaWebhookNoValida. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): EventoPasarela;
}

/** The metadata every session and PaymentIntent carries: the invoice's id, nothing else. */
export const metadataDe = (idFactura: number) => ({ idFactura: String(idFactura) });
