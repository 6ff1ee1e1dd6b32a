import type { Knex } from 'knex';

// The FHIR view's bookkeeping (src/projections/fhir.ts): for each stream behind a FHIR resource,
// its revision (meta.versionId), its last event's instant (meta.lastUpdated) and log position
// (what `_since` and an export's transactionTime compare), and whether and when it left the
// lists (a bulk export's `deleted`); and one row per event on those streams (Provenance: who
// and when, never the event's data). `posicion` is the log position padded so that text order is
// log order. Rebuilt from the log like any read model.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table fhir_versiones (
      stream_id text primary key,
      recurso text not null,
      id_entidad bigint not null,
      id_paciente int,
      revision bigint not null,
      posicion text not null,
      actualizado_en timestamptz not null,
      eliminado_posicion text,
      eliminado_en timestamptz
    );
    create index fhir_versiones_posicion on fhir_versiones (posicion);
    create index fhir_versiones_eliminado on fhir_versiones (eliminado_posicion) where eliminado_posicion is not null;
    create index fhir_versiones_paciente on fhir_versiones (id_paciente);
    create table fhir_procedencia (
      id_evento uuid primary key,
      stream_id text not null,
      revision bigint not null,
      tipo text not null,
      id_usuario int,
      rol text,
      ocurrido_en timestamptz not null,
      posicion text not null
    );
    create index fhir_procedencia_stream on fhir_procedencia (stream_id, revision);
    create index fhir_procedencia_posicion on fhir_procedencia (posicion);
    -- FHIR reads are logged like the REST API's clinical reads; a machine client has no user id.
    alter table accesos_clinicos add column id_cliente_fhir int;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table accesos_clinicos drop column if exists id_cliente_fhir; drop table if exists fhir_procedencia, fhir_versiones;');
}
