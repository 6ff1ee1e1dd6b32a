import Stripe from 'stripe';
import { verificarFirma } from './stripe-adapter.ts';
import type { EventoPasarela, PasarelaPago, PeticionCheckout, SesionCheckout } from './pasarela.ts';

// Stands where Stripe would in tests and the bench: records each session and refund it is asked
// for and verifies webhooks exactly as the real adapter does (the `stripe` package's constructEvent),
// so tests sign their payloads with the package's own generateTestHeaderString (`firmar`).

export const FAKE_WEBHOOK_SECRET = 'whsec_test_practice_fake';

export class RecordingStripe implements PasarelaPago {
  readonly checkouts: (PeticionCheckout & SesionCheckout)[] = [];
  readonly refunds: { idPaymentIntent: string; importeCentimos: number; claveIdempotencia: string; idReembolso: string }[] = [];
  /** Stripe cannot be reached: createCheckout and refund fail as a network failure would. */
  inalcanzable = false;
  private readonly webhooks = new Stripe('sk_test_recording_fake').webhooks;

  constructor(readonly webhookSecret: string = FAKE_WEBHOOK_SECRET) {}

  async createCheckout(p: PeticionCheckout): Promise<SesionCheckout> {
    if (this.inalcanzable) throw new Error('Stripe unreachable (RecordingStripe)');
    const previa = this.checkouts.find((c) => c.claveIdempotencia === p.claveIdempotencia);
    if (previa) return { id: previa.id, url: previa.url }; // Stripe's idempotency
    const id = `cs_test_${this.checkouts.length + 1}`;
    const sesion = { id, url: `https://checkout.stripe.test/c/pay/${id}` };
    this.checkouts.push({ ...p, ...sesion });
    return sesion;
  }

  async refund(idPaymentIntent: string, importeCentimos: number, claveIdempotencia: string): Promise<{ idReembolso: string }> {
    if (this.inalcanzable) throw new Error('Stripe unreachable (RecordingStripe)');
    const previo = this.refunds.find((r) => r.claveIdempotencia === claveIdempotencia);
    if (previo) return { idReembolso: previo.idReembolso };
    const idReembolso = `re_test_${this.refunds.length + 1}`;
    this.refunds.push({ idPaymentIntent, importeCentimos, claveIdempotencia, idReembolso });
    return { idReembolso };
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): EventoPasarela {
    return verificarFirma(this.webhooks, rawBody, signature, this.webhookSecret);
  }

  /** The Stripe-Signature header Stripe would send with this body (the package's test helper). */
  firmar(payload: string, secret: string = this.webhookSecret): string {
    return this.webhooks.generateTestHeaderString({ payload, secret });
  }
}
