import type { Projection } from './runner.ts';
import type { SituacionEvent } from '../events/situacion.ts';

/** The situations catalogue (public list of the active ones, admin list of all). */
export const situacionesProjection: Projection = {
  name: 'situaciones',
  tables: ['situaciones'],
  readYourWrites: true,
  handles: ['SituacionCreada', 'SituacionModificada', 'SituacionEliminada'],
  async apply(trx, stored) {
    const event = stored as unknown as SituacionEvent;
    switch (event.type) {
      case 'SituacionCreada':
      case 'SituacionModificada': {
        const d = event.data;
        await trx('situaciones')
          .insert({ id_situacion: d.idSituacion, nombre: d.nombre, categoria: d.categoria, descripcion: d.descripcion, activo: d.activo })
          .onConflict('id_situacion').merge();
        return;
      }
      case 'SituacionEliminada':
        await trx('situaciones').where({ id_situacion: event.data.idSituacion }).delete();
        return;
      default:
        return; // not an event of this read model
    }
  },
};
