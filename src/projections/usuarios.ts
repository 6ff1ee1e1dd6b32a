import type { Projection } from './runner.ts';
import type { UsuarioEvent } from '../events/usuario.ts';

/** Users: login lookups, the activo check of every request, admin listings. */
export const usuariosProjection: Projection = {
  name: 'usuarios',
  tables: ['usuarios'],
  async apply(trx, stored) {
    const event = stored as unknown as UsuarioEvent;
    switch (event.type) {
      case 'UsuarioRegistrado': {
        const d = event.data;
        await trx('usuarios')
          .insert({
            id_usuario: d.idUsuario, email: d.email, email_hash: d.emailHash, nombre: d.nombre,
            apellido: d.apellido, dni: d.dni, rol: d.rol, activo: true, password_hash: d.passwordHash,
          })
          .onConflict('id_usuario').ignore();
        return;
      }
      case 'UsuarioDesactivado':
        await trx('usuarios').where({ id_usuario: event.data.idUsuario }).update({ activo: false });
        return;
      default:
        return; // not an event of this read model
    }
  },
};
