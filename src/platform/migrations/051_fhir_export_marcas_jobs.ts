import type { Knex } from 'knex';

// A Bulk Data export's mark (fhir_export_marcas: transactionTime → the log position it was cut at)
// belongs to its job and requester (issue 31 item 4: 803 marks were left by 788 kick-offs, never
// purged). Marks now go with their jobs, but for the newest delivered ones of each requester, which
// a later `_since` resumes from exactly (src/queries/fhir/bulk/marks.ts); a requester's marks of the
// last minute count its kick-offs. Marks whose job is gone already belong to nobody: dropped (a
// `_since` naming one is the approximation docs/fhir.md describes).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table fhir_export_marcas
      add column id_job uuid, add column id_usuario int, add column id_cliente_fhir int,
      add column entregada boolean not null default false;
    update fhir_export_marcas m
       set id_job = j.id, id_usuario = j.id_usuario, id_cliente_fhir = j.id_cliente_fhir, entregada = j.estado = 'done'
      from fhir_export_jobs j
     where j.transaction_time = m.transaction_time and j.posicion = m.posicion;
    delete from fhir_export_marcas where id_job is null;
    alter table fhir_export_marcas drop constraint fhir_export_marcas_pkey;
    alter table fhir_export_marcas add primary key (id_job);
    create index fhir_export_marcas_instante on fhir_export_marcas (transaction_time);
    create index fhir_export_marcas_solicitante on fhir_export_marcas (id_cliente_fhir, id_usuario, transaction_time);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop index fhir_export_marcas_solicitante;
    drop index fhir_export_marcas_instante;
    alter table fhir_export_marcas drop constraint fhir_export_marcas_pkey;
    delete from fhir_export_marcas a using fhir_export_marcas b
     where a.transaction_time = b.transaction_time and a.posicion = b.posicion and a.id_job > b.id_job;
    alter table fhir_export_marcas drop column id_job, drop column id_usuario, drop column id_cliente_fhir, drop column entregada;
    alter table fhir_export_marcas add primary key (transaction_time, posicion);
  `);
}
