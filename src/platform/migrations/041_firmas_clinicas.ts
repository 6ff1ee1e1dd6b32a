import type { Knex } from 'knex';

// Read models of signed clinical records (projection `firmas`): the signature of a session or a
// clinical-history entry, and its addenda. Columns are described in docs/read-models.md.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table firmas_clinicas (
      registro text not null check (registro in ('SESION', 'HISTORIAL')),
      id_registro int not null,
      id_paciente int not null,
      id_psicologo int not null,
      firmado_en timestamp(0) not null,
      significado text not null,
      huella text not null,
      primary key (registro, id_registro)
    );
    create table adendas_clinicas (
      registro text not null check (registro in ('SESION', 'HISTORIAL')),
      id_registro int not null,
      revision bigint not null,
      id_paciente int not null,
      id_psicologo int not null,
      tipo text not null check (tipo in ('CORRECCION', 'ACLARACION', 'ANULACION')),
      texto text,
      firmado_en timestamp(0) not null,
      referencia text not null,
      huella text not null,
      primary key (registro, id_registro, revision)
    );
    create index adendas_clinicas_paciente on adendas_clinicas (id_paciente);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists adendas_clinicas, firmas_clinicas;');
}
