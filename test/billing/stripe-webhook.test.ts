import { expect } from 'chai';
import Stripe from 'stripe';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectError } from '../http/helpers.ts';
import { newPaciente, type Paciente } from '../directory/support.ts';
import { RecordingStripe } from '../../src/platform/stripe/fake.ts';
import { cuentaFactura } from '../../src/commands/pagos.ts';
import { purgeBookkeeping } from '../../src/reactors/bookkeeping.ts';

// Stripe's webhook (docs/billing.md "Online payments (Stripe)") against the real server, with
// payloads signed by the stripe package's own generateTestHeaderString: the signature over the raw
// bytes is the only authentication, each event is processed once, and events in any order leave
// the invoice's payments as Stripe has them.
const CONSULTA = { nombreRazon: 'Consulta Ejemplo S.L.', nif: 'B12345674', domicilio: ['Calle Mayor 1', '28013 Madrid'] };
const webhooks = new Stripe('sk_test_signing_only').webhooks;

let n = 0;
const evento = (type: string, object: Record<string, unknown>) => ({ id: `evt_test_${++n}_${Date.now()}`, object: 'event', type, api_version: '2025-01-01', data: { object } });
const pagado = (pi: string, idFactura: number, amount: number) =>
  evento('payment_intent.succeeded', { id: pi, object: 'payment_intent', amount, amount_received: amount, currency: 'eur', metadata: { idFactura: String(idFactura) } });
const fallido = (pi: string, idFactura: number) =>
  evento('payment_intent.payment_failed', { id: pi, object: 'payment_intent', currency: 'eur', last_payment_error: { code: 'card_declined', message: 'Your card was declined.' }, metadata: { idFactura: String(idFactura) } });
const sesionCompletada = (pi: string, idFactura: number, amount: number) =>
  evento('checkout.session.completed', { id: `cs_${pi}`, object: 'checkout.session', payment_status: 'paid', payment_intent: pi, amount_total: amount, currency: 'eur', metadata: { idFactura: String(idFactura) } });
const reembolsado = (pi: string, amount: number, refunded: number, metadata: Record<string, string> = {}) =>
  evento('charge.refunded', { id: `ch_${pi}`, object: 'charge', payment_intent: pi, amount, amount_captured: amount, amount_refunded: refunded, currency: 'eur', refunded: refunded === amount, metadata });

describe('Stripe webhook: signed, once per event, in any order', function () {
  this.timeout(90_000);
  let srv: TestServer;
  let admin: string;
  let pac: Paciente;
  const stripe = new RecordingStripe();

  before(async () => {
    srv = await startTestServer({ stripe });
    admin = await srv.adminToken();
    pac = await newPaciente(srv);
    const r = await srv.request('PUT', '/api/admin/facturacion/ajustes', { token: admin, body: { emisorEs: 'CONSULTA', consulta: CONSULTA } });
    expect(r.status, r.text).to.equal(200);
  });
  after(async () => { await srv?.stop(); });

  async function factura(precioCentimos: number): Promise<number> {
    const r = await srv.request('POST', '/api/admin/facturas', { token: admin, body: { idPaciente: pac.idPaciente, lineas: [{ precioCentimos }] } });
    expect(r.status, r.text).to.equal(201);
    return r.body.idFactura;
  }
  /** Posts the event's exact bytes with Stripe's signature (or the one given). */
  function enviar(e: object, firma?: string | null, raw = JSON.stringify(e)) {
    const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=utf-8' };
    const header = firma === undefined ? webhooks.generateTestHeaderString({ payload: raw, secret: stripe.webhookSecret }) : firma;
    if (header !== null) headers['Stripe-Signature'] = header;
    return srv.request('POST', '/api/pagos/stripe/webhook', { raw, headers });
  }
  const cuenta = (id: number) => cuentaFactura(srv.deps.store, id);
  const procesados = async () => Number((await srv.deps.knex('stripe_eventos').count('* as n').first())!.n);

  it('refuses a missing, forged or replayed-with-changes signature with 400 and records nothing', async () => {
    const id = await factura(5000);
    const e = pagado('pi_forjado', id, 5000);
    const antes = await procesados();
    expectError(await enviar(e, null), 400, /Firma de Stripe/);
    expectError(await enviar(e, webhooks.generateTestHeaderString({ payload: JSON.stringify(e), secret: 'whsec_otro_secreto' })), 400);
    expectError(await enviar(e, 't=1,v1=deadbeef'), 400);
    // A body changed after signing (an attacker's amount), or re-serialized: the signature no longer holds.
    const firma = webhooks.generateTestHeaderString({ payload: JSON.stringify(pagado('pi_forjado', id, 1)), secret: stripe.webhookSecret });
    expectError(await enviar(e, firma), 400);
    const firmado = JSON.stringify(e);
    expectError(await enviar(e, webhooks.generateTestHeaderString({ payload: firmado, secret: stripe.webhookSecret }), JSON.stringify(e, null, 2)), 400);
    expect((await cuenta(id)).pagos.pagos).to.have.length(0);
    expect(await procesados()).to.equal(antes);
  });

  it('records a payment once whatever the duplicates, sequential or concurrent, and whichever of its events comes first', async () => {
    const id = await factura(8000);
    const e = pagado('pi_dup', id, 8000);
    const primero = await enviar(e);
    expect(primero.status, primero.text).to.equal(200);
    expect(primero.body).to.deep.equal({ recibido: true, resultado: 'procesado' });
    const otra = await enviar(e);
    expect(otra.body).to.deep.equal({ recibido: true, resultado: 'duplicado' });
    // The same payment told by the Checkout Session, five times at once: still one payment.
    const s = sesionCompletada('pi_dup', id, 8000);
    const rs = await Promise.all(Array.from({ length: 5 }, () => enviar(s)));
    expect(rs.map((r) => r.status)).to.deep.equal([200, 200, 200, 200, 200]);
    expect(rs.filter((r) => r.body.resultado === 'procesado')).to.have.length(1);
    const { pagos, pendienteCentimos } = await cuenta(id);
    expect(pagos.pagos).to.have.length(1);
    expect(pagos.pagos[0]).to.include({ importeCentimos: 8000, metodo: 'STRIPE', idExterno: 'pi_dup', registradoPor: null, referencia: null });
    expect(pendienteCentimos).to.equal(0);
    // What the patient and staff read, at once (the webhook waits for the read models like any write).
    const leidos = await srv.request('GET', `/api/facturas/${id}/pagos`, { token: pac.token });
    expect(leidos.status, leidos.text).to.equal(200);
    expect(leidos.body.map((p: { metodo: string; importeCentimos: number }) => [p.metodo, p.importeCentimos])).to.deep.equal([['STRIPE', 8000]]);
    expect((await srv.request('GET', `/api/facturas/${id}`, { token: admin })).body).to.include({ estadoCobro: 'PAGADA', cobradoCentimos: 8000 });
  });

  it('takes over an event a crashed instance left half done (claimed over a minute ago), and processes it once', async () => {
    const id = await factura(2500);
    const e = pagado('pi_huerfano', id, 2500);
    await srv.deps.knex('stripe_eventos').insert({ id_evento: e.id, tipo: e.type, estado: 'EN_CURSO', reclamado_en: srv.deps.knex.raw(`now() - interval '2 minutes'`) });
    expect((await enviar(e)).body.resultado).to.equal('procesado');
    expect((await enviar(e)).body.resultado).to.equal('duplicado');
    expect((await cuenta(id)).pagos.pagos).to.have.length(1);
  });

  it('forgets processed event ids after BOOKKEEPING_RETENTION_DAYS; Stripe sending one again later still records nothing more', async () => {
    const id = await factura(1800);
    const e = pagado('pi_purgado', id, 1800);
    expect((await enviar(e)).body.resultado).to.equal('procesado');
    const purged = await purgeBookkeeping(srv.deps.knex, new Date(Date.now() + 2 * 86_400_000), 1);
    expect(purged.stripe).to.be.greaterThan(0);
    expect(await srv.deps.knex('stripe_eventos').where({ id_evento: e.id }).first()).to.equal(undefined);
    expect((await enviar(e)).body.resultado).to.equal('procesado');
    expect((await cuenta(id)).pagos.pagos).to.have.length(1);
  });

  it('a refund arriving before its payment records the payment first; late and repeated events record nothing more', async () => {
    const id = await factura(6000);
    // Stripe says 2000 refunded, then (an older event, late) 1000, then the payment itself, then 6000 refunded.
    expect((await enviar(reembolsado('pi_desorden', 6000, 2000, { idFactura: String(id) }))).body.resultado).to.equal('procesado');
    let c = await cuenta(id);
    expect(c.pagos.pagos).to.have.length(1);
    expect(c.pagos.pagos[0]).to.include({ importeCentimos: 6000, idExterno: 'pi_desorden', reembolsadoCentimos: 2000 });
    expect((await enviar(reembolsado('pi_desorden', 6000, 1000, { idFactura: String(id) }))).body.resultado).to.equal('procesado');
    expect((await enviar(pagado('pi_desorden', id, 6000))).body.resultado).to.equal('procesado');
    c = await cuenta(id);
    expect(c.pagos.pagos).to.have.length(1);
    expect(c.pagos.reembolsadoCentimos).to.equal(2000);
    // The full refund's charge names no invoice: the PaymentIntent does (remembered from the first event).
    const total = reembolsado('pi_desorden', 6000, 6000);
    await enviar(total);
    await enviar(total);
    c = await cuenta(id);
    expect(c.pagos.pagos[0].reembolsadoCentimos).to.equal(6000);
    expect(c.pagos.reembolsadoCentimos).to.equal(6000);
    expect(c.pendienteCentimos).to.equal(6000);
  });

  it('a success after a failure supersedes it; a failure arriving after the success records nothing', async () => {
    const id = await factura(3000);
    await enviar(fallido('pi_falla', id));
    expect((await cuenta(id)).pagos.fallidoPendiente).to.equal(true);
    await enviar(pagado('pi_falla', id, 3000));
    expect((await cuenta(id)).pagos.fallidoPendiente).to.equal(false);
    const otra = await factura(3000);
    await enviar(pagado('pi_tarde', otra, 3000));
    await enviar(fallido('pi_tarde', otra));
    const c = await cuenta(otra);
    expect(c.pagos.fallidoPendiente).to.equal(false);
    expect(c.pagos.fallidos).to.deep.equal([]);
  });

  it('records a card payment Stripe confirms even when the invoice was paid at the desk meanwhile or cancelled: the money is never dropped', async () => {
    const id = await factura(6000);
    // The patient opened "pay now", then paid at the desk; the card payment then goes through too.
    const sesion = await srv.request('POST', `/api/facturas/${id}/pago-online`, { token: pac.token });
    expect(sesion.status, sesion.text).to.equal(201);
    const mostrador = await srv.request('POST', `/api/facturas/${id}/pagos`, { token: admin, body: { importeCentimos: 6000, metodo: 'EFECTIVO' } });
    expect(mostrador.status, mostrador.text).to.equal(201);
    expect((await enviar(pagado('pi_doble', id, 6000))).body.resultado).to.equal('procesado');
    const { pagos, pendienteCentimos } = await cuenta(id);
    expect(pagos.pagos.map((p) => [p.metodo, p.importeCentimos])).to.deep.equal([['EFECTIVO', 6000], ['STRIPE', 6000]]);
    expect(pendienteCentimos).to.equal(0);
    const leida = (await srv.request('GET', `/api/facturas/${id}`, { token: admin })).body;
    expect(leida).to.include({ estadoCobro: 'PAGADA', cobradoCentimos: 12000 });
    // The surplus goes back through Stripe, as any refund of a card payment.
    const stripePago = pagos.pagos.find((p) => p.metodo === 'STRIPE')!;
    const devuelto = await srv.request('POST', `/api/pagos/${stripePago.idPago}/reembolso`, { token: admin, body: { motivo: 'Pagado dos veces' } });
    expect(devuelto.status, devuelto.text).to.equal(200);
    expect((await srv.request('GET', `/api/facturas/${id}`, { token: admin })).body).to.include({ estadoCobro: 'PAGADA', cobradoCentimos: 6000 });
    // Staff cannot record such a surplus by hand: only money the provider already took.
    expectError(await srv.request('POST', `/api/facturas/${id}/pagos`, { token: admin, body: { importeCentimos: 100, metodo: 'EFECTIVO' } }), 409);
    const anulada = await factura(3000);
    expect((await srv.request('POST', `/api/admin/facturas/${anulada}/anulacion`, { token: admin, body: { motivo: 'Emitida por error' } })).status).to.equal(200);
    expect((await enviar(pagado('pi_anulada', anulada, 3000))).body.resultado).to.equal('procesado');
    expect((await cuenta(anulada)).pagos.pagos.map((p) => p.idExterno)).to.deep.equal(['pi_anulada']);
  });

  it('answers 200 to an event type billing does not use, and to an event for an invoice that does not exist, recording nothing', async () => {
    const r = await enviar(evento('customer.created', { id: 'cus_1', object: 'customer' }));
    expect(r.status, r.text).to.equal(200);
    expect(r.body.resultado).to.equal('ignorado');
    const desconocida = await enviar(pagado('pi_sin_factura', 999_999, 1000));
    expect(desconocida.status, desconocida.text).to.equal(200);
    const sinMetadata = await enviar(reembolsado('pi_nadie', 1000, 1000));
    expect(sinMetadata.status, sinMetadata.text).to.equal(200);
    expect((await srv.deps.store.readStream('pagos-factura-999999'))).to.have.length(0);
  });
});
