import type { Knex } from 'knex';

// Charges (docs/billing.md "Charges"), the read model of projection `cargos`: one row per charged
// appointment (id_cargo is its idCita), ids and integer cents only. `estado` is PENDIENTE_FACTURAR
// until invoicing takes the charge (FACTURADO). iva_porcentaje null: EXENTO. fecha: the day of the
// service, practice-local YYYY-MM-DD.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table cargos (
      id_cargo int primary key,
      id_cita int not null,
      id_paciente int not null,
      id_psicologo int not null,
      concepto text not null,
      id_servicio int,
      precio_centimos int not null check (precio_centimos >= 0),
      iva_porcentaje int,
      cuota_iva_centimos int not null check (cuota_iva_centimos >= 0),
      total_centimos int not null check (total_centimos >= 0),
      fecha text not null,
      estado text not null default 'PENDIENTE_FACTURAR'
    );
    create index cargos_paciente on cargos (id_paciente, id_cargo);
    create index cargos_psicologo on cargos (id_psicologo, id_cargo);
    create index cargos_estado on cargos (estado, id_cargo);
    -- When charging began: the charges reactor starts at the beginning of the log, and an upgraded
    -- practice must not be charged now for every appointment it completed before billing existed.
    create table cargos_inicio (
      unica boolean primary key default true check (unica),
      desde timestamptz not null default now()
    );
    insert into cargos_inicio default values;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists cargos_inicio; drop table if exists cargos;');
}
