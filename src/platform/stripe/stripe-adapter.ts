import Stripe from 'stripe';
import { FirmaWebhookNoValida, metadataDe, type EventoPasarela, type PasarelaPago, type PeticionCheckout, type SesionCheckout } from './pasarela.ts';

// The real adapter: Stripe's API through the `stripe` package (docs/billing.md "Online payments
// (Stripe)"). Requests carry an Idempotency-Key, so the package's own retries are safe.

export interface StripeAdapterOptions {
  secretKey: string;
  webhookSecret: string | null;
  /** Another API host (tests: a local server on loopback); Stripe's by default. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

/** The signed event, or FirmaWebhookNoValida: the signature over the raw bytes is the webhook's only authentication. */
export function verificarFirma(webhooks: Stripe['webhooks'], rawBody: Buffer, signature: string | undefined, secret: string | null): EventoPasarela {
  if (!secret) throw new FirmaWebhookNoValida('no webhook secret is configured');
  if (!signature) throw new FirmaWebhookNoValida('no Stripe-Signature header');
  let event: { id?: unknown; type?: unknown; data?: { object?: unknown } };
  try {
    event = webhooks.constructEvent(rawBody, signature, secret) as never;
  } catch (err) {
    throw new FirmaWebhookNoValida((err as Error).name === 'SyntaxError' ? 'the signed body is not JSON' : 'it does not sign this body');
  }
  if (typeof event?.id !== 'string' || typeof event.type !== 'string' || typeof event.data?.object !== 'object' || event.data.object === null) {
    throw new FirmaWebhookNoValida('the signed body is not a Stripe event');
  }
  return event as EventoPasarela;
}

export class StripeAdapter implements PasarelaPago {
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeAdapterOptions) {
    const { host, port, protocol } = options;
    this.stripe = new Stripe(options.secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...(host ? { host, port, protocol } : {}) });
  }

  async createCheckout(p: PeticionCheckout): Promise<SesionCheckout> {
    const metadata = metadataDe(p.idFactura);
    const session = await this.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency: 'eur', unit_amount: p.importeCentimos, product_data: { name: `Factura ${p.numSerie}` } } }],
      success_url: p.urlExito,
      cancel_url: p.urlCancelacion,
      client_reference_id: String(p.idFactura),
      metadata,
      // The PaymentIntent's own events (succeeded, failed) and its charges' name the invoice too.
      payment_intent_data: { metadata, description: `Factura ${p.numSerie}` },
    }, { idempotencyKey: p.claveIdempotencia });
    if (!session.url) throw new Error('Stripe answered a Checkout Session without a url');
    return { id: session.id, url: session.url };
  }

  async refund(idPaymentIntent: string, importeCentimos: number, claveIdempotencia: string): Promise<{ idReembolso: string }> {
    const r = await this.stripe.refunds.create({ payment_intent: idPaymentIntent, amount: importeCentimos }, { idempotencyKey: claveIdempotencia });
    return { idReembolso: r.id };
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): EventoPasarela {
    return verificarFirma(this.stripe.webhooks, rawBody, signature, this.options.webhookSecret);
  }
}
