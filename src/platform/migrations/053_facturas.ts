import type { Knex } from 'knex';

// Issued invoices (docs/billing.md "Invoices and numbering"), the read model of projection
// `facturas`: one row per invoice, its number, totals and state, and the whole invoice as issued
// (`datos`, what the PDF is drawn from; the recipient is emptied when the patient is erased).
// Amounts are integer EUR cents. The sequence is also in 003 for new databases.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create sequence if not exists seq_factura;
    create table facturas (
      id_factura int primary key,
      id_paciente int not null,
      id_psicologo int,
      id_psicologo_emisor int,
      emisor_nif text not null,
      serie text not null,
      numero int not null,
      num_serie text not null,
      fecha_expedicion text not null,
      tipo_factura text not null,
      importe_total_centimos bigint not null,
      estado text not null,
      huella text,
      datos jsonb not null,
      unique (emisor_nif, serie, numero)
    );
    create index facturas_paciente on facturas (id_paciente, id_factura);
    create index facturas_psicologo on facturas (id_psicologo, id_factura);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists facturas; drop sequence if exists seq_factura;');
}
