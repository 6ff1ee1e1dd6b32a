import type { Knex } from 'knex';

// Retention of the personal data on erased patients' invoices (docs/billing.md "Retention").
// retencion_facturacion (projection `retencion-facturacion`): per patient with invoices, the year of
// the latest, the erasure and the billing key's destruction, for the retention job.
// destinatario_retenido: the recipient was sealed under the patient's billing key, which erasure
// leaves (false: an invoice sealed before that key existed, under the patient's own, which erasure
// destroys), so the read model and the AEAT queue know which recipients erasure removes.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table retencion_facturacion (
      id_paciente int primary key,
      ultimo_anio int not null,
      eliminado_en timestamptz,
      clave_destruida_en timestamptz
    );
    alter table facturas add column destinatario_retenido boolean not null default false;
    alter table aeat_registros add column destinatario_retenido boolean not null default false;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table aeat_registros drop column if exists destinatario_retenido;
    alter table facturas drop column if exists destinatario_retenido;
    drop table if exists retencion_facturacion;
  `);
}
