import type { Projection } from './runner.ts';
import type { AjusteEvent } from '../events/ajuste.ts';
import type { PacienteEliminado } from '../events/paciente.ts';

/** Users' settings: read by GET /api/ajustes, the mail and push reactors (idioma, notificaciones, timezone) and the reminder worker (recordatorios). */
export const ajustesProjection: Projection = {
  name: 'ajustes',
  tables: ['ajustes'],
  readYourWrites: true,
  handles: ['AjustesActualizados', 'PacienteEliminado'],
  async apply(trx, stored) {
    const event = stored as unknown as AjusteEvent | PacienteEliminado;
    switch (event.type) {
      case 'AjustesActualizados': {
        const d = event.data;
        await trx('ajustes')
          .insert({
            id_usuario: d.idUsuario, id_ajuste: d.idAjuste, idioma: d.idioma, notificaciones: d.notificaciones,
            dark_mode: d.darkMode, timezone: d.timezone, recordatorios: d.recordatorios ?? null,
          })
          .onConflict('id_usuario').merge();
        return;
      }
      case 'PacienteEliminado':
        // An erased person's language, zone and preferences serve nobody any more.
        await trx('ajustes').where({ id_usuario: event.data.idUsuario }).delete();
        return;
      default:
        return; // not an event of this read model
    }
  },
};
