import type { Knex } from 'knex';

// Read models of the directory area: the situations catalogue, user settings and push devices.
// (direcciones exists since 004.)
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table situaciones (
      id_situacion int primary key,
      nombre text not null,
      categoria text not null,
      descripcion text,
      activo boolean not null default true
    );
    create table ajustes (
      id_usuario int primary key,
      id_ajuste int not null unique,
      idioma text not null,
      notificaciones boolean not null,
      dark_mode boolean not null,
      timezone text not null
    );
    -- Tokens may be up to 4096 characters, too long for a btree entry: keyed by their SHA-256.
    create table dispositivos (
      token_hash text primary key,
      token text not null,
      id_usuario int not null,
      created_at timestamptz not null
    );
    create index dispositivos_usuario on dispositivos (id_usuario);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists dispositivos, ajustes, situaciones;');
}
