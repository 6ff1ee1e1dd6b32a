import { expect } from 'chai';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { StripeAdapter } from '../../src/platform/stripe/stripe-adapter.ts';
import { FirmaWebhookNoValida } from '../../src/platform/stripe/pasarela.ts';
import { loadStripeConfig } from '../../src/platform/stripe/stripe-config.ts';
import { ConfigError } from '../../src/platform/config-error.ts';

// The real Stripe adapter (docs/billing.md "Online payments (Stripe)") against a local HTTP server on
// loopback standing where api.stripe.com would (no internet): the requests it builds, the answers it
// reads, its webhook verification; and the configuration checked at start.

interface Recibida { method: string; path: string; headers: IncomingMessage['headers']; form: URLSearchParams }

describe('Stripe adapter: the requests it makes and the configuration', function () {
  this.timeout(20_000);
  let server: Server;
  let port: number;
  const recibidas: Recibida[] = [];

  before(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => { body += c; });
      req.on('end', () => {
        recibidas.push({ method: req.method!, path: req.url!, headers: req.headers, form: new URLSearchParams(body) });
        res.setHeader('Content-Type', 'application/json');
        if (req.url === '/v1/checkout/sessions') res.end(JSON.stringify({ id: 'cs_test_local', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_test_local' }));
        else if (req.url === '/v1/refunds') res.end(JSON.stringify({ id: 're_local', object: 'refund', amount: 1200, status: 'succeeded' }));
        else { res.statusCode = 404; res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'no such route' } })); }
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  after(() => new Promise<void>((r) => server.close(() => r())));

  const adapter = () => new StripeAdapter({ secretKey: 'sk_test_local_key', webhookSecret: 'whsec_local', host: '127.0.0.1', port, protocol: 'http' });

  it('creates a Checkout Session in euros for the amount, naming only the invoice, with an Idempotency-Key', async () => {
    const s = await adapter().createCheckout({
      idFactura: 42, numSerie: '2026-A/000042', importeCentimos: 6550, urlExito: 'https://consulta.example/ok?s={CHECKOUT_SESSION_ID}',
      urlCancelacion: 'https://consulta.example/no', claveIdempotencia: 'pago-online-42-abc',
    });
    expect(s).to.deep.equal({ id: 'cs_test_local', url: 'https://checkout.stripe.com/c/pay/cs_test_local' });
    const r = recibidas.at(-1)!;
    expect(r.method).to.equal('POST');
    expect(r.path).to.equal('/v1/checkout/sessions');
    expect(r.headers.authorization).to.equal('Bearer sk_test_local_key');
    expect(r.headers['idempotency-key']).to.equal('pago-online-42-abc');
    const f = Object.fromEntries(r.form);
    expect(f).to.deep.equal({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '6550',
      'line_items[0][price_data][product_data][name]': 'Factura 2026-A/000042',
      success_url: 'https://consulta.example/ok?s={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://consulta.example/no',
      client_reference_id: '42',
      'metadata[idFactura]': '42',
      'payment_intent_data[metadata][idFactura]': '42',
      'payment_intent_data[description]': 'Factura 2026-A/000042',
    });
  });

  it('refunds an amount of a PaymentIntent and answers Stripe\'s refund id', async () => {
    expect(await adapter().refund('pi_local', 1200, 'reembolso-7-0-1200')).to.deep.equal({ idReembolso: 're_local' });
    const r = recibidas.at(-1)!;
    expect(r.path).to.equal('/v1/refunds');
    expect(r.headers['idempotency-key']).to.equal('reembolso-7-0-1200');
    expect(Object.fromEntries(r.form)).to.deep.equal({ payment_intent: 'pi_local', amount: '1200' });
  });

  it('verifies a webhook\'s signature over the exact bytes with the webhook secret', () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1' } } });
    const webhooks = new Stripe('sk_test_x').webhooks;
    const firma = webhooks.generateTestHeaderString({ payload, secret: 'whsec_local' });
    expect(adapter().verifyWebhook(Buffer.from(payload), firma)).to.include({ id: 'evt_1', type: 'payment_intent.succeeded' });
    expect(() => adapter().verifyWebhook(Buffer.from(payload), undefined)).to.throw(FirmaWebhookNoValida);
    expect(() => adapter().verifyWebhook(Buffer.from(`${payload} `), firma)).to.throw(FirmaWebhookNoValida);
    expect(() => adapter().verifyWebhook(Buffer.from(payload), webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' }))).to.throw(FirmaWebhookNoValida);
    const sinSecreto = new StripeAdapter({ secretKey: 'sk_test_local_key', webhookSecret: null });
    expect(() => sinSecreto.verifyWebhook(Buffer.from(payload), firma)).to.throw(FirmaWebhookNoValida);
  });

  describe('configuration', () => {
    const urls = { STRIPE_SUCCESS_URL: 'https://consulta.example/ok', STRIPE_CANCEL_URL: 'https://consulta.example/no' };
    it('is off without a key', () => {
      expect(loadStripeConfig({}, true)).to.deep.equal({ secretKey: null, webhookSecret: null, successUrl: null, cancelUrl: null });
    });
    it('refuses to start in production with a key but no webhook secret (payments taken would never be recorded)', () => {
      expect(() => loadStripeConfig({ STRIPE_SECRET_KEY: 'sk_live_x', ...urls }, true)).to.throw(ConfigError, /STRIPE_WEBHOOK_SECRET/);
      expect(loadStripeConfig({ STRIPE_SECRET_KEY: 'sk_test_x', ...urls }, false).webhookSecret).to.equal(null);
      expect(loadStripeConfig({ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', ...urls }, true)).to.include({ secretKey: 'sk_live_x', webhookSecret: 'whsec_x' });
    });
    it('refuses malformed keys and URLs, and a key without the return URLs', () => {
      expect(() => loadStripeConfig({ STRIPE_SECRET_KEY: 'pk_test_x', ...urls }, false)).to.throw(ConfigError, /STRIPE_SECRET_KEY/);
      expect(() => loadStripeConfig({ STRIPE_WEBHOOK_SECRET: 'secret' }, false)).to.throw(ConfigError, /STRIPE_WEBHOOK_SECRET/);
      expect(() => loadStripeConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_SUCCESS_URL: 'ftp://x', STRIPE_CANCEL_URL: urls.STRIPE_CANCEL_URL }, false)).to.throw(ConfigError, /STRIPE_SUCCESS_URL/);
      expect(() => loadStripeConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_SUCCESS_URL: urls.STRIPE_SUCCESS_URL }, false)).to.throw(ConfigError, /STRIPE_CANCEL_URL/);
    });
  });
});
