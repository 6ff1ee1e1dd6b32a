import type { Projection } from './runner.ts';
import type { PsicologoEvent } from '../events/psicologo.ts';

/**
 * Psychologist profiles. A deleted profile's row is removed: listings, the login's idPsicologo
 * and the patient's-psychologist lookup all stop seeing it. Updates carry the whole profile, so
 * replaying them is idempotent.
 */
export const psicologosProjection: Projection = {
  name: 'psicologos',
  tables: ['psicologos'],
  readYourWrites: true,
  handles: ['PsicologoRegistrado', 'PsicologoActualizado', 'FotoPerfilActualizada', 'PsicologoEliminado', 'ModalidadesPsicologoCambiadas'],
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
      case 'PsicologoActualizado': {
        const d = event.data;
        await trx('psicologos').where({ id_psicologo: d.idPsicologo }).update({
          especialidad: d.especialidad, experiencia: d.experiencia, descripcion: d.descripcion, licencia: d.licencia,
        });
        return;
      }
      case 'FotoPerfilActualizada':
        await trx('psicologos').where({ id_psicologo: event.data.idPsicologo }).update({ foto_perfil_url: event.data.fotoPerfilUrl });
        return;
      case 'ModalidadesPsicologoCambiadas':
        await trx('psicologos').where({ id_psicologo: event.data.idPsicologo }).update({ modalidades: event.data.modalidades });
        return;
      case 'PsicologoEliminado':
        await trx('psicologos').where({ id_psicologo: event.data.idPsicologo }).delete();
        return;
      default:
        return;
    }
  },
};
