import type { Knex } from 'knex';

// Fees (docs/billing.md "Fees"), the read model of projection `tarifas`: the practice's services,
// each psychologist's own prices, each patient's sliding-scale rule; and the services' ids.
// Amounts are integer cents; a service's iva is EXENTO or a rate in percent (iva_porcentaje null:
// EXENTO).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create sequence if not exists seq_servicio;
    create table servicios (
      id_servicio int primary key,
      nombre text not null,
      precio_centimos int not null check (precio_centimos >= 0),
      duracion_minutos int,
      iva_porcentaje int,
      activo boolean not null
    );
    create index servicios_duracion on servicios (duracion_minutos, id_servicio) where activo;
    create table tarifas_psicologo (
      id_psicologo int not null,
      id_servicio int not null,
      precio_centimos int not null check (precio_centimos >= 0),
      primary key (id_psicologo, id_servicio)
    );
    create table tarifas_paciente (
      id_paciente int primary key,
      descuento_porcentaje int check (descuento_porcentaje between 0 and 100),
      precio_fijo_centimos int check (precio_fijo_centimos >= 0)
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists tarifas_paciente, tarifas_psicologo, servicios; drop sequence if exists seq_servicio;');
}
