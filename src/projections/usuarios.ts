import type { Projection } from './runner.ts';
import type { UsuarioEvent } from '../events/usuario.ts';
import type { PacienteEliminado } from '../events/paciente.ts';

/** What is left of an erased person: ids, rol, activo false; no name, e-mail, dni or hash. */
const erasedRow = (rol: string) => ({
  nombre: rol === 'PACIENTE' ? 'Paciente eliminado' : 'Usuario eliminado', apellido: '', email: '', email_hash: '',
  dni: null, password_hash: '', activo: false,
});

/** Users: login lookups, the activo check of every request, admin listings. */
export const usuariosProjection: Projection = {
  name: 'usuarios',
  tables: ['usuarios'],
  handles: ['UsuarioRegistrado', 'UsuarioDesactivado', 'PacienteEliminado'],
  async apply(trx, stored) {
    const event = stored as unknown as UsuarioEvent | PacienteEliminado;
    switch (event.type) {
      case 'UsuarioRegistrado': {
        const d = event.data;
        if (stored.erased?.length) {
          // Read after erasure: the fields are null; the row ends as the live one did.
          await trx('usuarios').insert({ id_usuario: d.idUsuario, rol: d.rol, ...erasedRow(d.rol) }).onConflict('id_usuario').ignore();
          return;
        }
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
      case 'PacienteEliminado':
        await trx('usuarios').where({ id_usuario: event.data.idUsuario }).update(erasedRow('PACIENTE'));
        return;
      default:
        return; // not an event of this read model
    }
  },
};
