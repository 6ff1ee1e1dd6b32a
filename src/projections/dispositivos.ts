import type { Projection } from './runner.ts';
import type { DispositivoEvent } from '../events/dispositivo.ts';
import type { PacienteEliminado } from '../events/paciente.ts';
import { tokenHash } from '../queries/dispositivos.ts';

/** Push device tokens by user, for the push reactors. A token belongs to one user at a time. */
export const dispositivosProjection: Projection = {
  name: 'dispositivos',
  tables: ['dispositivos'],
  readYourWrites: true,
  handles: ['DispositivoRegistrado', 'DispositivoEliminado', 'PacienteEliminado'],
  async apply(trx, stored) {
    if (stored.type === 'PacienteEliminado') {
      // Erasure: no more pushes to the person's devices.
      await trx('dispositivos').where({ id_usuario: (stored as unknown as PacienteEliminado).data.idUsuario }).delete();
      return;
    }
    const event = stored as unknown as DispositivoEvent;
    const { idUsuario, token } = event.data ?? {};
    if (typeof token !== 'string') return; // erased, or not an event of this read model
    switch (event.type) {
      case 'DispositivoRegistrado':
        await trx('dispositivos')
          .insert({ token_hash: tokenHash(token), token, id_usuario: idUsuario, created_at: stored.metadata.occurredAt })
          .onConflict('token_hash').merge();
        return;
      case 'DispositivoEliminado':
        // Only this user's row: the token may already belong to someone else.
        await trx('dispositivos').where({ token_hash: tokenHash(token), id_usuario: idUsuario }).delete();
        return;
      default:
        return; // not an event of this read model
    }
  },
};
