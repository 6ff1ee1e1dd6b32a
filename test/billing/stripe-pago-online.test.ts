import { expect } from 'chai';
import Stripe from 'stripe';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectError } from '../http/helpers.ts';
import { newPaciente, newPsicologo, type Paciente } from '../directory/support.ts';
import { RecordingStripe } from '../../src/platform/stripe/fake.ts';
import { cuentaFactura } from '../../src/commands/pagos.ts';
import { pagarOnline } from '../../src/commands/pagos-stripe.ts';
import { stripeDeps } from '../../src/http/routes/pagos-stripe.ts';

// "Pay now" and refunds of STRIPE payments (docs/billing.md "Online payments (Stripe)") with the
// recording Stripe: the session asks for what is due, for the invoice's patient; a refund goes to
// Stripe first and is recorded once, whatever Stripe's webhook says about it afterwards.
const CONSULTA = { nombreRazon: 'Consulta Ejemplo S.L.', nif: 'B12345674', domicilio: ['Calle Mayor 1', '28013 Madrid'] };
const webhooks = new Stripe('sk_test_signing_only').webhooks;

describe('Stripe: pay now and refunds', function () {
  this.timeout(90_000);
  let srv: TestServer;
  let admin: string;
  let pac: Paciente;
  let otro: Paciente;
  const stripe = new RecordingStripe();

  before(async () => {
    srv = await startTestServer({ stripe });
    admin = await srv.adminToken();
    [pac, otro] = [await newPaciente(srv), await newPaciente(srv)];
    const r = await srv.request('PUT', '/api/admin/facturacion/ajustes', { token: admin, body: { emisorEs: 'CONSULTA', consulta: CONSULTA } });
    expect(r.status, r.text).to.equal(200);
  });
  after(async () => { await srv?.stop(); });

  async function factura(precioCentimos: number): Promise<{ idFactura: number; numSerie: string }> {
    const r = await srv.request('POST', '/api/admin/facturas', { token: admin, body: { idPaciente: pac.idPaciente, lineas: [{ precioCentimos }] } });
    expect(r.status, r.text).to.equal(201);
    return r.body;
  }
  const pagarAhora = (id: number, token: string) => srv.request('POST', `/api/facturas/${id}/pago-online`, { token });
  async function webhook(type: string, object: Record<string, unknown>) {
    const raw = JSON.stringify({ id: `evt_${type}_${Math.random()}`, object: 'event', type, data: { object } });
    const r = await srv.request('POST', '/api/pagos/stripe/webhook', { raw, headers: { 'Content-Type': 'application/json', 'Stripe-Signature': webhooks.generateTestHeaderString({ payload: raw, secret: stripe.webhookSecret }) } });
    expect(r.status, r.text).to.equal(200);
  }
  const pagado = (pi: string, id: number, amount: number) => webhook('payment_intent.succeeded', { id: pi, amount_received: amount, currency: 'eur', metadata: { idFactura: String(id) } });

  it('creates a Checkout Session for what is due, for the invoice\'s patient, carrying only the invoice\'s id and number', async () => {
    const f = await factura(9000);
    const desk = await srv.request('POST', `/api/facturas/${f.idFactura}/pagos`, { token: admin, body: { importeCentimos: 2500, metodo: 'EFECTIVO' } });
    expect(desk.status, desk.text).to.equal(201);
    const r = await pagarAhora(f.idFactura, pac.token);
    expect(r.status, r.text).to.equal(201);
    expect(r.body).to.have.all.keys('url', 'idSesion', 'importeCentimos');
    expect(r.body.importeCentimos).to.equal(6500);
    const sesion = stripe.checkouts.find((c) => c.id === r.body.idSesion)!;
    expect(sesion).to.include({ idFactura: f.idFactura, numSerie: f.numSerie, importeCentimos: 6500, url: r.body.url });
    expect(sesion.urlExito).to.equal(srv.config.stripe.successUrl);
    expect(Object.keys(sesion).sort()).to.deep.equal(['claveIdempotencia', 'id', 'idFactura', 'importeCentimos', 'numSerie', 'url', 'urlCancelacion', 'urlExito']);
    // The administrator may too; another patient's invoice is as absent as a missing one; a psychologist is not allowed.
    expect((await pagarAhora(f.idFactura, admin)).status).to.equal(201);
    expectError(await pagarAhora(f.idFactura, otro.token), 404);
    expectError(await pagarAhora(999_999, pac.token), 404);
    const psi = await newPsicologo(srv, admin);
    expectError(await pagarAhora(f.idFactura, psi.token), 403);
  });

  it('answers 409 when nothing is due or the invoice is cancelled, and when online payments are not configured', async () => {
    const f = await factura(4000);
    await pagado('pi_todo', f.idFactura, 4000);
    const antes = stripe.checkouts.length;
    expectError(await pagarAhora(f.idFactura, pac.token), 409, /nada pendiente/);
    const g = await factura(4000);
    const anulada = await srv.request('POST', `/api/admin/facturas/${g.idFactura}/anulacion`, { token: admin, body: { motivo: 'Emitida por error' } });
    expect(anulada.status, anulada.text).to.equal(200);
    expectError(await pagarAhora(g.idFactura, pac.token), 409, /anulada/);
    expect(stripe.checkouts.length).to.equal(antes);
    // Without STRIPE_SECRET_KEY there is no provider: 409 naming the variable.
    const h = await factura(4000);
    const sin = { ...stripeDeps(srv.deps), pasarela: null };
    const err = await pagarOnline(sin, { rol: 'PACIENTE', idPaciente: pac.idPaciente }, h.idFactura).catch((e) => e);
    expect(err.status).to.equal(409);
    expect(err.message).to.match(/STRIPE_SECRET_KEY/);
  });

  it('answers 503 when Stripe cannot be reached, creating nothing', async () => {
    const f = await factura(1500);
    const antes = stripe.checkouts.length;
    stripe.inalcanzable = true;
    try {
      const r = await pagarAhora(f.idFactura, pac.token);
      expect(r.status, r.text).to.equal(503);
      expect(r.body.mensaje).to.match(/Stripe no responde/);
      expect(r.headers.get('retry-after')).to.equal('30');
    } finally {
      stripe.inalcanzable = false;
    }
    expect(stripe.checkouts.length).to.equal(antes);
  });

  it('refunds a STRIPE payment through Stripe and records it once, whatever Stripe\'s charge.refunded events about it say later (repeated, late)', async () => {
    const f = await factura(10000);
    await pagado('pi_reembolso', f.idFactura, 10000);
    const { pagos } = await cuentaFactura(srv.deps.store, f.idFactura);
    const idPago = pagos.pagos[0].idPago;
    const r = await srv.request('POST', `/api/pagos/${idPago}/reembolso`, { token: admin, body: { importeCentimos: 3000, motivo: 'Sesión cancelada por la consulta' } });
    expect(r.status, r.text).to.equal(200);
    expect(stripe.refunds.at(-1)).to.include({ idPaymentIntent: 'pi_reembolso', importeCentimos: 3000 });
    // Stripe then tells of it: 3000 of the charge refunded in all.
    const cargo = { id: 'ch_reembolso', payment_intent: 'pi_reembolso', amount: 10000, amount_captured: 10000, currency: 'eur', metadata: {} };
    await webhook('charge.refunded', { ...cargo, amount_refunded: 3000 });
    let c = await cuentaFactura(srv.deps.store, f.idFactura);
    expect(c.pagos.reembolsadoCentimos).to.equal(3000);
    // A second refund, then Stripe's events about it, one repeated and an older one late: recorded once.
    const r2 = await srv.request('POST', `/api/pagos/${idPago}/reembolso`, { token: admin, body: { importeCentimos: 2000, motivo: 'Sesión cancelada por la consulta' } });
    expect(r2.status, r2.text).to.equal(200);
    await webhook('charge.refunded', { ...cargo, amount_refunded: 5000 });
    await webhook('charge.refunded', { ...cargo, amount_refunded: 5000 });
    await webhook('charge.refunded', { ...cargo, amount_refunded: 3000 });
    c = await cuentaFactura(srv.deps.store, f.idFactura);
    expect(c.pagos.reembolsadoCentimos).to.equal(5000);
    expect(c.pagos.pagos[0].reembolsadoCentimos).to.equal(5000);
    expect(stripe.refunds.filter((x) => x.idPaymentIntent === 'pi_reembolso').map((x) => x.importeCentimos)).to.deep.equal([3000, 2000]);
    expectError(await srv.request('POST', `/api/pagos/${idPago}/reembolso`, { token: admin, body: { importeCentimos: 5001, motivo: 'Demasiado' } }), 409);
    expect(stripe.refunds).to.have.length(2);
  });
});
