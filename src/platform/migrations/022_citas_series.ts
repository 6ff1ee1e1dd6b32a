import type { Knex } from 'knex';

// Recurring series of appointments: the ids of a series (its own sequence, like every aggregate)
// and `citas_series`, one row per occurrence, rebuilt from SerieCitasCreada. The appointments
// themselves stay in `citas`: a series lists them by joining.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create sequence if not exists seq_serie;
    create table citas_series (
      id_cita int primary key,
      id_serie int not null,
      ocurrencia smallint not null,
      id_paciente int not null,
      id_psicologo int not null,
      frecuencia text not null
    );
    create index citas_series_serie on citas_series (id_serie, ocurrencia);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists citas_series; drop sequence if exists seq_serie;');
}
