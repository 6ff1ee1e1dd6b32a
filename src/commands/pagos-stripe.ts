// Online card payments through Stripe (docs/billing.md "Online payments (Stripe)"): "pay now",
// Stripe's webhook and refunds of STRIPE payments. The payments themselves are recorded by
// registrarPago and its siblings (src/commands/pagos.ts), idempotent on Stripe's ids; this file
// decides what each Stripe event means and makes sure each is processed once.
import { randomUUID } from 'node:crypto';
import type { Logger } from '../platform/logger.ts';
import { AppError, errors } from '../platform/errors.ts';
import { FirmaWebhookNoValida, type PasarelaPago } from '../platform/stripe/pasarela.ts';
import type { Position } from '../eventstore/port.ts';
import type { Actor } from './decider.ts';
import type { CommandDeps } from './deps.ts';
import { cuentaFactura, reembolsarPago, registrarPago, registrarPagoFallido } from './pagos.ts';
import { interpretar, type AccionReembolso, type AccionStripe } from './stripe-eventos.ts';
import { facturaDePaymentIntent, marcarProcesado, recordarPaymentIntent, reclamarEvento, soltarEvento } from './stripe-reclamos.ts';

export interface StripeDeps extends CommandDeps {
  /** null: online payments are not configured (no STRIPE_SECRET_KEY). */
  pasarela: PasarelaPago | null;
  logger: Logger;
  /** Waits until the read models have what was written (a refund finds its payment through the `pagos` read model). */
  esperarLecturas: (position: Position | null) => Promise<void>;
}

const SISTEMA: Actor = { idUsuario: null, rol: 'SYSTEM' };
const sinConfigurar = () => errors.conflict(
  'Pagos online no configurados en esta consulta (STRIPE_SECRET_KEY): pague en la consulta',
  'Online payments are not configured for this practice (STRIPE_SECRET_KEY): pay at the practice',
);

/** "Pay now": a Checkout Session for what is due of the invoice, for its patient (or an administrator). */
export async function pagarOnline(deps: StripeDeps, quien: { rol: string; idPaciente: number | null }, idFactura: number): Promise<{ url: string; idSesion: string; importeCentimos: number }> {
  const { factura, pendienteCentimos } = await cuentaFactura(deps.store, idFactura);
  // Someone else's invoice is as absent as a missing one (the invoices' reads answer the same).
  if (quien.rol !== 'ADMIN' && quien.idPaciente !== factura.factura.idPaciente) throw errors.notFound('Factura', 'Invoice');
  if (factura.status === 'anulada') throw errors.conflict('La factura está anulada: no se cobra', 'The invoice is cancelled: it is not paid');
  if (factura.factura.rectifica) throw errors.conflict('Una factura rectificativa se cobra a través de la original', 'A rectifying invoice is paid through the invoice it corrects');
  if (pendienteCentimos === 0) throw errors.conflict('La factura no tiene nada pendiente de pago', 'Nothing is due on the invoice');
  const { successUrl, cancelUrl } = deps.config.stripe;
  if (!deps.pasarela || !successUrl || !cancelUrl) throw sinConfigurar();
  try {
    const s = await deps.pasarela.createCheckout({
      idFactura, numSerie: factura.factura.numSerie, importeCentimos: pendienteCentimos, urlExito: successUrl, urlCancelacion: cancelUrl,
      claveIdempotencia: `pago-online-${idFactura}-${randomUUID()}`,
    });
    return { url: s.url, idSesion: s.id, importeCentimos: pendienteCentimos };
  } catch (err) {
    deps.logger.warn({ err: { message: (err as Error).message }, idFactura }, 'stripe: checkout session not created');
    throw errors.unavailable(30, { es: 'Stripe no responde; inténtelo de nuevo en unos minutos', en: 'Stripe is not answering; try again in a few minutes' });
  }
}

export type ResultadoWebhook = 'procesado' | 'duplicado' | 'ignorado';

/** Stripe's webhook: 400 (nothing recorded) unless Stripe signed these bytes; each event processed once. */
export async function recibirWebhook(deps: StripeDeps, rawBody: Buffer, firma: string | undefined): Promise<ResultadoWebhook> {
  const invalida = () => errors.invalid('Firma de Stripe no válida o ausente: no se ha registrado nada', 'Missing or invalid Stripe signature: nothing was recorded');
  if (!deps.pasarela) throw invalida();
  let evento;
  try {
    evento = deps.pasarela.verifyWebhook(rawBody, firma);
  } catch (err) {
    if (err instanceof FirmaWebhookNoValida) throw invalida();
    throw err;
  }
  const accion = interpretar(evento);
  if (!accion) return 'ignorado';
  if (!(await reclamarEvento(deps.knex, evento.id, evento.type))) return 'duplicado';
  let position: Position | null;
  try {
    position = await aplicar(deps, accion, evento.id);
  } catch (err) {
    await soltarEvento(deps.knex, evento.id); // Stripe retries a 5xx: the retry processes it
    throw err;
  }
  await marcarProcesado(deps.knex, evento.id);
  await deps.esperarLecturas(position); // like every write: what it recorded is read back at once
  return 'procesado';
}

async function aplicar(deps: StripeDeps, a: AccionStripe, idEvento: string): Promise<Position | null> {
  const idFactura = a.idFactura ?? (await facturaDePaymentIntent(deps.knex, a.idPaymentIntent));
  // Ids only in the log lines: never an amount with a name, never a card's or patient's detail.
  const aviso = { idEvento, tipo: a.tipo, idPaymentIntent: a.idPaymentIntent, idFactura };
  if (idFactura === null) {
    deps.logger.warn(aviso, 'stripe: event for no known invoice, ignored');
    return null;
  }
  try {
    const { position } = a.tipo === 'pago'
      ? await pagoConfirmado(deps, idFactura, a.idPaymentIntent, a.importeCentimos, aviso)
      : a.tipo === 'fallo'
        ? await registrarPagoFallido(deps, { idFactura, idExterno: a.idPaymentIntent, motivo: a.motivo, actor: SISTEMA })
        : await reembolsoStripe(deps, a, idFactura);
    await recordarPaymentIntent(deps.knex, a.idPaymentIntent, idFactura);
    return position;
  } catch (err) {
    // An invoice that does not exist here (a payment is recorded whatever the invoice's state, see
    // pagoConfirmado): Stripe retrying would change nothing, so it is answered 200 and logged.
    if (!(err instanceof AppError) || (err.status !== 404 && err.status !== 409)) throw err;
    deps.logger.warn({ ...aviso, status: err.status, motivo: err.mensaje.en }, 'stripe: event not recorded; see the invoice in Stripe\'s dashboard');
    return null;
  }
}

/**
 * A card payment Stripe confirms is money the practice has: recorded even when the invoice was paid
 * at the desk, cancelled or lowered meanwhile (a patient who paid twice), never dropped. A surplus
 * is logged, ids only, for the administrator to refund (POST /api/pagos/{id}/reembolso).
 */
async function pagoConfirmado(deps: StripeDeps, idFactura: number, idPaymentIntent: string, importeCentimos: number, aviso: Record<string, unknown>) {
  const antes = await cuentaFactura(deps.store, idFactura);
  const r = await registrarPago(deps, { idFactura, importeCentimos, metodo: 'STRIPE', idExterno: idPaymentIntent, yaCobrado: true, actor: SISTEMA });
  const excedente = importeCentimos - antes.pendienteCentimos;
  if (r.position && excedente > 0) deps.logger.warn({ ...aviso, idPago: r.pago.idPago, excedenteCentimos: excedente }, 'stripe: payment above what was due; refund the surplus');
  return r;
}

/**
 * charge.refunded says how much of the charge is refunded in all: what the invoice's stream lacks
 * is recorded, keyed by the charge and that total, so a duplicate or an older event records
 * nothing. A refund before its payment records the payment first. A lost race re-reads.
 */
async function reembolsoStripe(deps: StripeDeps, a: AccionReembolso, idFactura: number): Promise<{ position: Position | null }> {
  return enSerie(idFactura, () => reembolsoStripeEnSerie(deps, a, idFactura));
}

async function reembolsoStripeEnSerie(deps: StripeDeps, a: AccionReembolso, idFactura: number): Promise<{ position: Position | null }> {
  let position: Position | null = null;
  for (let intento = 1; ; intento++) {
    const { pagos } = await cuentaFactura(deps.store, idFactura);
    let pago = pagos.pagos.find((p) => p.idExterno === a.idPaymentIntent);
    if (!pago) {
      const r = await registrarPago(deps, { idFactura, importeCentimos: a.cobradoCentimos, metodo: 'STRIPE', idExterno: a.idPaymentIntent, yaCobrado: true, actor: SISTEMA });
      await deps.esperarLecturas(r.position);
      pago = r.pago;
      position = r.position;
    }
    const falta = Math.min(a.reembolsadoCentimos, pago.importeCentimos) - pago.reembolsadoCentimos;
    if (falta <= 0) return { position };
    try {
      return await reembolsarPago(deps, { idPago: pago.idPago, importeCentimos: falta, idExterno: `${a.idCargo}:${a.reembolsadoCentimos}`, actor: SISTEMA });
    } catch (err) {
      // 409: another event refunded meanwhile (re-read); 404: the payment, recorded by another event
      // moments ago, is not in the read model yet. After 5 tries, a 5xx: Stripe retries later.
      const status = err instanceof AppError ? err.status : 0;
      if (status !== 409 && status !== 404) throw err;
      if (intento >= 5) throw new Error(`stripe refund of ${a.idPaymentIntent} not recorded after ${intento} tries (${status})`);
      await new Promise((r) => setTimeout(r, 100 * intento));
    }
  }
}

/**
 * Refunds a STRIPE payment (POST /api/pagos/{idPago}/reembolso): Stripe refunds the PaymentIntent,
 * then the refund is recorded under Stripe's refund id. Stripe's charge.refunded for it may come
 * before or after: both record only what the invoice's stream lacks of the total Stripe refunded,
 * and on this instance they take turns per invoice, so the refund is recorded once.
 */
export async function reembolsarPagoStripe(deps: StripeDeps, cmd: { idFactura: number; idPago: number; importeCentimos?: number; motivo: string; actor: Actor }): Promise<{ position: Position | null }> {
  return enSerie(cmd.idFactura, async () => {
    const { pagos } = await cuentaFactura(deps.store, cmd.idFactura);
    const pago = pagos.pagos.find((p) => p.idPago === cmd.idPago);
    if (!pago) throw errors.notFound('Recurso', 'Payment');
    if (pago.metodo !== 'STRIPE' || !pago.idExterno) throw errors.conflict('El pago no se hizo en línea con Stripe', 'The payment was not made online through Stripe');
    const queda = pago.importeCentimos - pago.reembolsadoCentimos;
    const importe = cmd.importeCentimos ?? queda;
    if (queda === 0) throw errors.conflict('El pago ya está reembolsado entero', 'The payment is already refunded in full');
    if (!Number.isSafeInteger(importe) || importe <= 0) throw errors.invalid('importeCentimos: un número entero de céntimos mayor que 0', 'importeCentimos: an integer number of cents above 0');
    if (importe > queda) throw errors.conflict('El reembolso supera lo que queda del pago', `The refund exceeds what is left of the payment (${queda} cents)`);
    if (!deps.pasarela) throw sinConfigurar();
    let idReembolso: string;
    try {
      ({ idReembolso } = await deps.pasarela.refund(pago.idExterno, importe, `reembolso-${cmd.idPago}-${pago.reembolsadoCentimos}-${importe}`));
    } catch (err) {
      deps.logger.warn({ err: { message: (err as Error).message }, idPago: cmd.idPago }, 'stripe: refund not made');
      throw errors.unavailable(30, { es: 'Stripe no ha hecho el reembolso; inténtelo de nuevo en unos minutos', en: 'Stripe did not make the refund; try again in a few minutes' });
    }
    // What the webhook may have recorded meanwhile (another instance) is not recorded twice.
    const ahora = (await cuentaFactura(deps.store, cmd.idFactura)).pagos.pagos.find((p) => p.idPago === cmd.idPago)!;
    const falta = pago.reembolsadoCentimos + importe - ahora.reembolsadoCentimos;
    if (falta <= 0) return { position: null };
    return reembolsarPago(deps, { idPago: cmd.idPago, importeCentimos: falta, idExterno: idReembolso, motivo: cmd.motivo, actor: cmd.actor });
  });
}

/** One at a time per invoice on this instance: a refund and Stripe's events about it take turns. */
const colas = new Map<number, Promise<unknown>>();
async function enSerie<T>(idFactura: number, fn: () => Promise<T>): Promise<T> {
  const antes = colas.get(idFactura) ?? Promise.resolve();
  const esta = antes.catch(() => undefined).then(fn);
  colas.set(idFactura, esta);
  try {
    return await esta;
  } finally {
    if (colas.get(idFactura) === esta) colas.delete(idFactura);
  }
}
