import type { Projection } from './runner.ts';
import type { FeedCalendarioEvent } from '../events/calendario.ts';
import type { PacienteEliminado } from '../events/paciente.ts';

/** Calendar feed secret hash → user, for the public feed URL. One live feed per user. */
export const feedsCalendarioProjection: Projection = {
  name: 'feeds_calendario',
  tables: ['feeds_calendario'],
  readYourWrites: true,
  handles: ['FeedCalendarioCreado', 'FeedCalendarioRevocado', 'PacienteEliminado'],
  async apply(trx, stored) {
    if (stored.type === 'PacienteEliminado') {
      // Erasure: the person's feed URL stops answering.
      await trx('feeds_calendario').where({ id_usuario: (stored as unknown as PacienteEliminado).data.idUsuario }).delete();
      return;
    }
    const event = stored as unknown as FeedCalendarioEvent;
    const { idUsuario, hashSecreto } = event.data;
    switch (event.type) {
      case 'FeedCalendarioCreado':
        await trx('feeds_calendario').where({ id_usuario: idUsuario }).delete();
        await trx('feeds_calendario').insert({ hash_secreto: hashSecreto, id_usuario: idUsuario, creado_en: stored.metadata.occurredAt });
        return;
      case 'FeedCalendarioRevocado':
        await trx('feeds_calendario').where({ hash_secreto: hashSecreto, id_usuario: idUsuario }).delete();
        return;
      default:
        return;
    }
  },
};
