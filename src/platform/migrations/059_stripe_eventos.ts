import type { Knex } from 'knex';

// Stripe's webhook (docs/billing.md "Online payments (Stripe)"): each event id is claimed here before
// it is processed and marked PROCESADO after, so a retry or a duplicate is answered 200 without
// processing it again, on any instance. A claim left EN_CURSO by a crashed instance is taken over
// after a minute. stripe_payment_intents remembers which invoice a PaymentIntent pays, for a
// refund whose charge does not name it. Stripe's ids and invoice ids only: no personal data.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table stripe_eventos (
      id_evento text primary key,
      tipo text not null,
      estado text not null check (estado in ('EN_CURSO', 'PROCESADO')),
      reclamado_en timestamptz not null default now(),
      procesado_en timestamptz
    );
    create table stripe_payment_intents (
      id_payment_intent text primary key,
      id_factura int not null
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists stripe_payment_intents; drop table if exists stripe_eventos;');
}
