import type { Projection } from './runner.ts';
import { insertBuffer } from './deferred.ts';
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
  readYourWrites: true,
  handles: ['UsuarioRegistrado', 'UsuarioDesactivado', 'PacienteEliminado'],
  async apply(trx, stored) {
    const event = stored as unknown as UsuarioEvent | PacienteEliminado;
    switch (event.type) {
      case 'UsuarioRegistrado': {
        const d = event.data;
        if (stored.erased?.length) {
          // Read after erasure: the fields are null; the row ends as the live one did.
          nuevos.add(trx, { id_usuario: d.idUsuario, rol: d.rol, ...erasedRow(d.rol) });
          return;
        }
        nuevos.add(trx, {
          id_usuario: d.idUsuario, email: d.email, email_hash: d.emailHash, nombre: d.nombre,
          apellido: d.apellido, dni: d.dni, rol: d.rol, activo: true, password_hash: d.passwordHash,
        });
        return;
      }
      case 'UsuarioDesactivado':
        await nuevos.flush(trx);
        await trx('usuarios').where({ id_usuario: event.data.idUsuario }).update({ activo: false });
        return;
      case 'PacienteEliminado':
        await nuevos.flush(trx);
        await trx('usuarios').where({ id_usuario: event.data.idUsuario }).update(erasedRow('PACIENTE'));
        return;
      default:
        return; // not an event of this read model
    }
  },
  flush: (trx) => nuevos.flush(trx),
};

// Users registered in a batch are inserted together at its end.
const nuevos = insertBuffer('usuarios', 'id_usuario');
