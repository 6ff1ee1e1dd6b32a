import type { Knex } from 'knex';

// The VERI*FACTU submission queue (docs/billing.md "Submission to AEAT"): one row per registro de
// alta or anulación, queued by reactor `aeat-registros` (idempotent by its event id), in the log's
// order (`seq`, which is each issuer's chain order), with AEAT's answer once it comes. `registro`
// is what suministroXml serializes; the recipient leaves it once AEAT has answered, or when the
// patient is erased (id_paciente). One row of
// `aeat_envio_estado` holds the sender's flow control (AEAT's wait, retries, since when AEAT has
// been unreachable), so that another instance or a restart carries on where it was.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table aeat_registros (
      seq bigserial primary key,
      id_registro text not null unique,
      emisor_nif text not null,
      emisor_nombre text not null,
      operacion text not null check (operacion in ('Alta', 'Anulacion')),
      id_factura int not null,
      id_paciente int,
      num_serie text not null,
      fecha_expedicion text not null,
      huella text not null,
      registro jsonb not null,
      estado text not null default 'PENDIENTE'
        check (estado in ('PENDIENTE', 'ENVIADO', 'CORRECTO', 'ACEPTADO_CON_ERRORES', 'INCORRECTO', 'RECHAZADO')),
      csv text,
      codigo_error text,
      descripcion_error text,
      intentos int not null default 0,
      incidencia boolean not null default false,
      creado_en timestamptz not null default now(),
      enviado_en timestamptz,
      respondido_en timestamptz
    );
    create index aeat_registros_paciente on aeat_registros (id_paciente);
    create index aeat_registros_por_enviar on aeat_registros (seq) where estado in ('PENDIENTE', 'ENVIADO');
    create table aeat_envio_estado (
      id int primary key check (id = 1),
      proximo_envio timestamptz,
      fallos_seguidos int not null default 0,
      caida_desde timestamptz
    );
    insert into aeat_envio_estado (id) values (1);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists aeat_registros; drop table if exists aeat_envio_estado;');
}
