import type { Knex } from 'knex';
import { errors } from '../platform/errors.ts';

// Each Stripe event is processed once, whatever the retries and however many instances
// (migration 059_stripe_eventos): an event is claimed (EN_CURSO) before it is processed and marked
// PROCESADO after. A duplicate of a processed event is answered at once; one arriving while the
// first is still being processed waits for it; a claim a crashed instance left is taken over
// after CADUCA_S (the commands behind it are idempotent on Stripe's ids, so finishing it twice is safe).

const CADUCA_S = 60;
const ESPERA_MS = 10_000;

/** true: this caller processes the event; false: it was processed already. */
export async function reclamarEvento(knex: Knex, idEvento: string, tipo: string): Promise<boolean> {
  const hasta = Date.now() + ESPERA_MS;
  for (;;) {
    const { rows } = await knex.raw(`insert into stripe_eventos (id_evento, tipo, estado) values (?, ?, 'EN_CURSO') on conflict do nothing returning id_evento`, [idEvento, tipo]);
    if (rows.length) return true;
    const row = await knex('stripe_eventos').where({ id_evento: idEvento }).first('estado');
    if (row?.estado === 'PROCESADO') return false;
    if (row) {
      const { rows: tomado } = await knex.raw(
        `update stripe_eventos set reclamado_en = now() where id_evento = ? and estado = 'EN_CURSO' and reclamado_en < now() - make_interval(secs => ?) returning id_evento`,
        [idEvento, CADUCA_S],
      );
      if (tomado.length) return true;
      // Another request is processing this very event: its answer is this one's.
      if (Date.now() > hasta) throw errors.unavailable(5, { es: 'Este evento de Stripe se está procesando', en: 'This Stripe event is being processed' });
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

export async function marcarProcesado(knex: Knex, idEvento: string): Promise<void> {
  await knex('stripe_eventos').where({ id_evento: idEvento }).update({ estado: 'PROCESADO', procesado_en: knex.fn.now() });
}

/** A failure while processing: the claim goes, and Stripe's retry (it gets a 5xx) processes the event. */
export async function soltarEvento(knex: Knex, idEvento: string): Promise<void> {
  await knex('stripe_eventos').where({ id_evento: idEvento, estado: 'EN_CURSO' }).delete();
}

export async function recordarPaymentIntent(knex: Knex, idPaymentIntent: string, idFactura: number): Promise<void> {
  await knex.raw('insert into stripe_payment_intents (id_payment_intent, id_factura) values (?, ?) on conflict do nothing', [idPaymentIntent, idFactura]);
}

/** The invoice a PaymentIntent paid, for an event whose object does not name it (a charge without metadata). */
export async function facturaDePaymentIntent(knex: Knex, idPaymentIntent: string): Promise<number | null> {
  const row = await knex('stripe_payment_intents').where({ id_payment_intent: idPaymentIntent }).first('id_factura');
  return row ? Number(row.id_factura) : null;
}
