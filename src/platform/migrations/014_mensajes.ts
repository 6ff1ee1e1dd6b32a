import type { Knex } from 'knex';

// The messages read model, and the real-time channel's shared state: which instances are alive,
// which STOMP sessions each holds, and each user's presence. The last three are not read models
// (a rebuild leaves them alone): they describe the running servers, not the log.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table mensajes (
      id_mensaje int primary key,
      sender_id int not null,
      receiver_id int not null,
      id_cita int,
      id_paciente int,
      mensaje text,
      enviado_en timestamptz not null,
      leido boolean not null default false,
      leido_en timestamptz
    );
    create index mensajes_sender on mensajes (sender_id, enviado_en);
    create index mensajes_receiver on mensajes (receiver_id, enviado_en);
    create index mensajes_enviado on mensajes (enviado_en, id_mensaje);
    create index mensajes_paciente on mensajes (id_paciente);

    create table realtime_instancias (
      id_instancia uuid primary key,
      latido timestamptz not null default now()
    );
    create table realtime_sesiones (
      id_sesion uuid primary key,
      id_instancia uuid not null references realtime_instancias on delete cascade,
      id_usuario int not null,
      abierta_en timestamptz not null default now()
    );
    create index realtime_sesiones_usuario on realtime_sesiones (id_usuario);
    create index realtime_sesiones_instancia on realtime_sesiones (id_instancia);
    -- online stays true through the grace period after the last session closed (pendiente_desde set).
    create table presencia (
      id_usuario int primary key,
      online boolean not null,
      pendiente_desde timestamptz,
      version bigint not null default 0,
      cambiado_en timestamptz not null default now()
    );
    create index presencia_pendiente on presencia (pendiente_desde) where online;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists presencia, realtime_sesiones, realtime_instancias, mensajes;');
}
