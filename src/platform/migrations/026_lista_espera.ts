import type { Knex } from 'knex';

// Waitlist (docs/lista-espera.md): the ids of its entries (their own sequence) and `lista_espera`,
// one row per entry, rebuilt from ListaEsperaUnida/Abandonada and CitaCreada (ATENDIDA).
// EXPIRADA is not stored: it depends on today, so queries compute it from `hasta`.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create sequence if not exists seq_espera;
    create table lista_espera (
      id_entrada int primary key,
      id_paciente int not null,
      id_psicologo int not null,
      desde text not null,
      hasta text not null,
      estado text not null,
      unida_en timestamptz not null
    );
    create index lista_espera_psicologo on lista_espera (id_psicologo, id_entrada);
    create index lista_espera_paciente on lista_espera (id_paciente, id_entrada);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists lista_espera; drop sequence if exists seq_espera;');
}
