import type { Projection } from './runner.ts';
import type { PsicologoEvent } from '../events/psicologo.ts';

export const psicologosProjection: Projection = {
  name: 'psicologos',
  tables: ['psicologos'],
  async apply(trx, stored) {
    const event = stored as unknown as PsicologoEvent;
    switch (event.type) {
      case 'PsicologoRegistrado': {
        const d = event.data;
        await trx('psicologos')
          .insert({
            id_psicologo: d.idPsicologo, id_usuario: d.idUsuario, especialidad: d.especialidad,
            experiencia: d.experiencia, descripcion: d.descripcion, licencia: d.licencia,
          })
          .onConflict('id_psicologo').ignore();
        return;
      }
      default:
        return;
    }
  },
};
