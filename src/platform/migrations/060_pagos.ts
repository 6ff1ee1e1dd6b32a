import type { Knex } from 'knex';

// Payments (docs/billing.md "Payments"). The read model of projection `pagos`: one row per payment,
// with what has been refunded of it; integer EUR cents. And, kept by projection `facturas` from
// the same events, each invoice's account: cobrado_centimos (paid net of refunds),
// reembolsado_centimos, rectificado_centimos (its rectifying invoices' differences, so what is
// due is importe_total + rectificado - cobrado), cobro_fallido (an online payment failed and none
// followed) and estado_cobro (PENDIENTE, PARCIAL, PAGADA, REEMBOLSADA).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create sequence if not exists seq_pago;
    create table pagos (
      id_pago int primary key,
      id_factura int not null,
      id_paciente int not null,
      importe_centimos bigint not null check (importe_centimos > 0),
      reembolsado_centimos bigint not null default 0 check (reembolsado_centimos >= 0),
      metodo text not null,
      fecha timestamptz not null,
      referencia text,
      id_externo text,
      registrado_por int
    );
    create index pagos_factura on pagos (id_factura, id_pago);
    create index pagos_paciente on pagos (id_paciente, id_pago);
    alter table facturas
      add column cobrado_centimos bigint not null default 0,
      add column reembolsado_centimos bigint not null default 0,
      add column rectificado_centimos bigint not null default 0,
      add column cobro_fallido boolean not null default false,
      add column estado_cobro text not null default 'PENDIENTE';
    -- A payment's event updates its invoice and that invoice's rectifying invoices (which show its estado_cobro).
    create index facturas_rectifica on facturas (((datos->'rectifica'->>'idFactura')::int)) where datos->'rectifica'->>'idFactura' is not null;
    -- Invoices rectified before this migration: their differences, and an invoice corrected to 0 owes nothing.
    update facturas o set rectificado_centimos = r.suma
      from (select (datos->'rectifica'->>'idFactura')::int as id, sum(importe_total_centimos) as suma
              from facturas where datos->'rectifica'->>'idFactura' is not null group by 1) r
      where o.id_factura = r.id;
    update facturas set estado_cobro = 'PAGADA' where importe_total_centimos + rectificado_centimos <= 0 and datos->'rectifica'->>'idFactura' is null;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop index if exists facturas_rectifica;
    alter table facturas drop column if exists cobrado_centimos, drop column if exists reembolsado_centimos,
      drop column if exists rectificado_centimos, drop column if exists cobro_fallido, drop column if exists estado_cobro;
    drop table if exists pagos; drop sequence if exists seq_pago;
  `);
}
