import type { Knex } from 'knex';

// SMART Backend Services (docs/fhir.md): `fhir_clientes`, the read model of the registered machine
// clients (projection `clientes-fhir`), their ids' sequence, and `fhir_jti_usados`, the assertion
// ids already seen (operational: written by the token endpoint, not derived from the log, kept
// only until each assertion would have expired anyway).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create sequence if not exists seq_cliente_fhir;
    create table fhir_clientes (
      id_cliente int primary key,
      client_id text not null unique,
      nombre text not null,
      jwks jsonb not null,
      scopes text[] not null,
      activo boolean not null,
      registrado_en timestamptz not null,
      revocado_en timestamptz
    );
    create table fhir_jti_usados (
      client_id text not null,
      jti text not null,
      expira_en timestamptz not null,
      primary key (client_id, jti)
    );
    create index fhir_jti_usados_expira on fhir_jti_usados (expira_en);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists fhir_jti_usados; drop table if exists fhir_clientes; drop sequence if exists seq_cliente_fhir;');
}
