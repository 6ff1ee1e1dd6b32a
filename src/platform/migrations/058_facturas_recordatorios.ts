import type { Knex } from 'knex';

// The reminders of unpaid invoices (docs/billing.md "Mail"): one row per invoice the reminder worker
// has decided on, once it was BILLING_REMINDER_DAYS old: `resultado` ENVIADO (the mail was queued in
// the same transaction), PAGADA (nothing was due), ANULADA, SIN_CORREO (no address: erased,
// deactivated or none) or SIN_AVISOS (the patient turned notifications off). The primary key makes
// the decision once per invoice whatever the restarts and instances. Not a read model: a
// projections rebuild leaves it alone, so a rebuild reminds nobody again. Ids only.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table facturas_recordatorios (
      id_factura int primary key,
      decidido_en timestamptz not null,
      resultado text not null
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists facturas_recordatorios;');
}
