// A Stripe webhook storm (issue 32: "1,000 events, 20% duplicates, out of order: every payment
// recorded once"). Two service processes on one database, configured as a practice with Stripe
// (the real adapter: webhooks are verified with STRIPE_WEBHOOK_SECRET; nothing goes out). Invoices
// are issued through the API; then 1,000 signed events (quick: 250) are posted to
// POST /api/pagos/stripe/webhook by 16 concurrent senders alternating between the instances: one
// payment per invoice, a tenth of them told twice (checkout.session.completed and
// payment_intent.succeeded of one PaymentIntent), and 20% of the events sent again (Stripe's
// retries), all shuffled so a duplicate may race its original. A 503 (the same event in flight on
// the other instance for too long) is sent again, as Stripe would. Then every invoice's payments
// stream is read: exactly one STRIPE payment of the invoice's total with its PaymentIntent.
import Stripe from 'stripe';
import { Api, serviceEnv, type Session } from './lib/api.ts';
import { spawnTs, type Child } from './lib/child.ts';
import { withTempDir, type SectionContext } from './lib/context.ts';
import { percentile, pool, ratio, round, timedLoop } from './lib/stats.ts';
import { openBenchStore } from './projections.ts';
import { cuentaFactura } from '../src/commands/pagos.ts';

const SECTION = 'Billing Stripe';
const INSTANCES = 2;
const SENDERS = 16;
const DUPLICATES = 0.2;
const TOLD_TWICE = 0.1;
const PRICE = 6000;
const WEBHOOK_SECRET = 'whsec_bench_storm';
const EMISOR = { nombreRazon: 'Centro de Psicología Ejemplo, S.L.', nif: 'B12345674', domicilio: ['Calle Mayor 1, 2º B', '28013 Madrid'] };

type Url = { url: string };
interface Envio { id: string; payload: string }

/** A small seeded generator: the same storm every run. */
function mulberry32(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

/** The storm: `total` events for the invoices, as Stripe would send them, shuffled. */
export function storm(facturas: number[], total: number, random: () => number): Envio[] {
  const unicos: Envio[] = [];
  const evento = (type: string, object: Record<string, unknown>): Envio => {
    const id = `evt_bench_${unicos.length + 1}`;
    return { id, payload: JSON.stringify({ id, object: 'event', type, data: { object } }) };
  };
  facturas.forEach((idFactura, i) => {
    const pi = `pi_bench_${idFactura}`;
    const metadata = { idFactura: String(idFactura) };
    const pagado = evento('payment_intent.succeeded', { id: pi, object: 'payment_intent', amount: PRICE, amount_received: PRICE, currency: 'eur', metadata });
    unicos.push(pagado);
    if (i < Math.round(facturas.length * TOLD_TWICE)) {
      unicos.push(evento('checkout.session.completed', { id: `cs_bench_${idFactura}`, object: 'checkout.session', payment_status: 'paid', payment_intent: pi, amount_total: PRICE, currency: 'eur', metadata }));
    }
  });
  const duplicados = Array.from({ length: total - unicos.length }, () => unicos[Math.floor(random() * unicos.length)]);
  return shuffle([...unicos, ...duplicados], random);
}

/** How many invoices make `total` events with 20% duplicates and a tenth of the payments told twice. */
export const facturasPara = (total: number) => Math.round((total * (1 - DUPLICATES)) / (1 + TOLD_TWICE));

async function emitir(api: Api, admin: Session, patients: Session[], n: number): Promise<number[]> {
  const ids: number[] = [];
  await pool(Array.from({ length: n }, (_, i) => i), 8, async (i) => {
    const r = await api.ok('POST', '/api/admin/facturas', { token: admin.token, body: { idPaciente: patients[i % patients.length].idPaciente!, lineas: [{ precioCentimos: PRICE }] } });
    ids.push(r.idFactura);
  });
  return ids;
}

export async function billingStripeSection(ctx: SectionContext): Promise<void> {
  const total = ctx.quick ? 250 : 1000;
  const url = await ctx.pg.createDatabase('bench_billing_stripe');
  await withTempDir('bench-billing-stripe-', async (dir) => {
    const children: Child<Url>[] = [];
    try {
      const env = { STRIPE_SECRET_KEY: 'sk_test_bench_never_called', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_SUCCESS_URL: 'https://consulta.example/ok', STRIPE_CANCEL_URL: 'https://consulta.example/no' };
      for (let i = 0; i < INSTANCES; i++) children.push(await spawnTs<Url>('bench/lib/service-main.ts', { env: serviceEnv(url, dir, env) }));
      const apis = children.map((c) => new Api(c.ready.url));
      const admin = await apis[0].admin();
      await apis[0].ok('PUT', '/api/admin/facturacion/ajustes', { token: admin.token, body: { emisorEs: 'CONSULTA', consulta: EMISOR } });
      const patients: Session[] = [];
      for (let i = 0; i < 8; i++) patients.push(await apis[0].registerPaciente(`stripe${i}`));
      const facturas = await emitir(apis[0], admin, patients, facturasPara(total));
      const envios = storm(facturas, total, mulberry32(32));
      ctx.log(`billing-stripe: ${facturas.length} invoices issued; ${envios.length} webhook events over ${INSTANCES} instances`);

      const webhooks = new Stripe('sk_test_bench_signing_only').webhooks;
      const resultados: Record<string, number> = {};
      let reenvios = 0;
      const run = await timedLoop({ writers: SENDERS, count: envios.length, ms: 300_000 }, async (w, i) => {
        const e = envios[i];
        for (;;) {
          // The exact bytes Stripe signed (Api.call would re-serialize a body).
          const res = await fetch(`${apis[(w + i) % apis.length].base}/api/pagos/stripe/webhook`, {
            method: 'POST', body: e.payload, signal: AbortSignal.timeout(60_000),
            headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': webhooks.generateTestHeaderString({ payload: e.payload, secret: WEBHOOK_SECRET }) },
          });
          const text = await res.text();
          if (res.status === 503) { reenvios += 1; continue; } // Stripe retries a 5xx
          const k = res.status === 200 ? (JSON.parse(text) as { resultado: string }).resultado : String(res.status);
          resultados[k] = (resultados[k] ?? 0) + 1;
          return;
        }
      });

      const o = await openBenchStore(url, dir);
      const problems: string[] = [];
      try {
        await pool(facturas, 8, async (idFactura) => {
          const { pagos } = await cuentaFactura(o.store, idFactura);
          const ok = pagos.pagos.length === 1 && pagos.pagos[0].idExterno === `pi_bench_${idFactura}` && pagos.pagos[0].importeCentimos === PRICE && pagos.pagos[0].metodo === 'STRIPE';
          if (!ok && problems.length < 5) problems.push(`invoice ${idFactura}: ${pagos.pagos.length} payments`);
        });
      } finally {
        await o.close();
      }
      const unicos = new Set(envios.map((e) => e.id)).size;
      if ((resultados.procesado ?? 0) !== unicos) problems.push(`${resultados.procesado ?? 0} events processed of ${unicos} distinct`);
      const rate = run.done / run.seconds;
      ctx.add({
        section: SECTION, name: `POST /api/pagos/stripe/webhook, ${total} signed events (20% duplicates, shuffled), ${SENDERS} senders over ${INSTANCES} instances`,
        value: round(rate, 0), unit: 'events/s', p50Ms: round(percentile(run.latencies, 50)), p99Ms: round(percentile(run.latencies, 99)),
        ratios: [{ to: 'payments recorded ÷ invoices paid (must be 1)', value: problems.length ? ratio(0, 1) : 1 }],
        note: `${facturas.length} invoices, ${unicos} distinct events (${Math.round(facturas.length * TOLD_TWICE)} payments told twice), ${envios.length - unicos} duplicates; `
          + `answers ${JSON.stringify(resultados)}${reenvios ? `, ${reenvios} 503s sent again` : ''}; every payment recorded once: ${problems.length ? `NO: ${problems.join('; ')}` : 'yes'}`,
      });
      if (problems.length) throw new Error(`billing-stripe: ${problems.join('; ')}`);
    } finally {
      for (const c of children.reverse()) await c.stop();
    }
  });
}
