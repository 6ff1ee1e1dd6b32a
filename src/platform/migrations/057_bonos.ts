import type { Knex } from 'knex';

// Prepaid packs and invoiced charges (docs/billing.md "Packs", "Invoicing charges").
// bonos (projection `bonos`): one row per pack sold (BonoVendido), `usadas` counted from its
// BonoSesionUsada events, whose (id_bono, id_cargo) pairs bonos_usos keeps so a use counts once.
// The state (ACTIVO, AGOTADO, CADUCADO) is derived when read: expiry depends on the day.
// cargos gains the invoice that took a charge (CargoFacturado) and the pack that covers it.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create sequence if not exists seq_bono;
    create table bonos (
      id_bono int primary key,
      id_paciente int not null,
      sesiones int not null check (sesiones > 0),
      usadas int not null default 0 check (usadas >= 0),
      precio_centimos int not null check (precio_centimos >= 0),
      iva_porcentaje int,
      valido_hasta text not null,
      id_servicio int,
      id_factura int not null,
      vendido_en timestamptz not null
    );
    create index bonos_paciente on bonos (id_paciente, valido_hasta, id_bono);
    create table bonos_usos (
      id_bono int not null,
      id_cargo int not null,
      primary key (id_bono, id_cargo)
    );
    alter table cargos add column id_factura int, add column id_bono int;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table cargos drop column if exists id_factura, drop column if exists id_bono;
    drop table if exists bonos_usos; drop table if exists bonos; drop sequence if exists seq_bono;
  `);
}
