import type { Knex } from 'knex';

// Read models of informed consent (projection `consentimientos`, docs/care.md "3. Informed
// consent"): the published versions of each document, the required types, and patients'
// signatures with their withdrawal. Times are the practice's wall clock, as the events hold them.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table consentimiento_documentos (
      tipo text not null check (tipo in ('TRATAMIENTO', 'DATOS', 'ONLINE')),
      version int not null,
      titulo text not null,
      cuerpo text not null,
      sha256 text not null,
      publicado_en timestamp(0) not null,
      primary key (tipo, version)
    );
    create table consentimiento_requeridos (
      tipo text primary key check (tipo in ('TRATAMIENTO', 'DATOS', 'ONLINE'))
    );
    create table consentimientos (
      id_paciente int not null,
      numero int not null,
      tipo text not null,
      version int not null,
      sha256 text not null,
      significado text,
      firmado_en timestamp(0) not null,
      retirado_en timestamp(0),
      motivo_retirada text,
      primary key (id_paciente, numero)
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists consentimientos, consentimiento_requeridos, consentimiento_documentos;');
}
