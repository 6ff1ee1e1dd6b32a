import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table usuarios (
      id_usuario int primary key,
      email text not null,
      email_hash text not null,
      nombre text not null,
      apellido text not null,
      dni text,
      rol text not null,
      activo boolean not null default true,
      password_hash text not null
    );
    create index usuarios_email_hash on usuarios (email_hash);
    create table pacientes (
      id_paciente int primary key,
      id_usuario int not null,
      id_psicologo int,
      fecha_nacimiento text not null,
      genero text,
      telefono text,
      metodo_pago text,
      estado_pago text not null,
      acepta_terminos boolean not null default false,
      acepta_videoconferencia boolean not null default false,
      acepta_comunicacion boolean not null default false,
      activo boolean not null default true
    );
    create index pacientes_usuario on pacientes (id_usuario);
    create index pacientes_psicologo on pacientes (id_psicologo);
    create table direcciones (
      id_direccion int primary key,
      id_paciente int not null,
      calle text not null,
      ciudad text,
      provincia text,
      codigo_postal text,
      pais text,
      descripcion text
    );
    create index direcciones_paciente on direcciones (id_paciente);
    create table psicologos (
      id_psicologo int primary key,
      id_usuario int not null,
      especialidad text,
      experiencia int not null default 0,
      descripcion text,
      licencia text,
      foto_perfil_url text
    );
    create index psicologos_usuario on psicologos (id_usuario);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists psicologos, direcciones, pacientes, usuarios;');
}
