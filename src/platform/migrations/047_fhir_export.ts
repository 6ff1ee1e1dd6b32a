import type { Knex } from 'knex';

// Bulk Data export (docs/fhir.md "Bulk Data export"): the jobs (operational, not derived from the
// log: a kick-off is a request, not a fact of the practice) and the marks that map every
// manifest's transactionTime to the log position the export was cut at, kept after the job
// expires so that a later `_since` equal to that transactionTime resumes exactly there.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table fhir_export_jobs (
      id uuid primary key,
      id_usuario int,
      id_cliente_fhir int,
      viewer jsonb not null,
      nivel text not null check (nivel in ('system', 'patient', 'group')),
      id_grupo int,
      tipos text[] not null,
      since text,
      since_posicion text,
      transaction_time timestamptz not null,
      posicion text not null,
      ignorados jsonb not null default '[]',
      estado text not null check (estado in ('pending', 'running', 'done', 'failed')),
      progreso text,
      fallo jsonb,
      request_url text not null,
      salida jsonb,
      owner text,
      intento int not null default 0,
      lease_until timestamptz,
      creado_en timestamptz not null,
      terminado_en timestamptz,
      expira_en timestamptz not null,
      proximo_sondeo timestamptz
    );
    create index fhir_export_jobs_pendientes on fhir_export_jobs (creado_en) where estado in ('pending', 'running');
    create index fhir_export_jobs_expira on fhir_export_jobs (expira_en);
    create table fhir_export_marcas (
      transaction_time timestamptz not null,
      posicion text not null,
      primary key (transaction_time, posicion)
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists fhir_export_marcas; drop table if exists fhir_export_jobs;');
}
