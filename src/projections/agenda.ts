import type { Projection } from './runner.ts';
import type { AgendaEvent } from '../events/agenda.ts';

/**
 * Blocked time, by psychologist and local date (the monthly agenda and the block list). The
 * agenda's slots need no table: appointments come from the `citas` read model.
 */
export const agendaProjection: Projection = {
  name: 'agenda',
  tables: ['bloqueos'],
  readYourWrites: true,
  handles: ['BloqueoCreado', 'BloqueoEliminado'],
  async apply(trx, stored) {
    const event = stored as unknown as AgendaEvent;
    switch (event.type) {
      case 'BloqueoCreado': {
        const d = event.data;
        await trx('bloqueos')
          .insert({
            id_bloqueo: d.idBloqueo, id_psicologo: d.idPsicologo, fecha: d.fecha, hora_inicio: d.horaInicio, hora_fin: d.horaFin,
            dia_completo: d.diaCompleto, motivo: d.motivo, inicio: d.inicio, fin: d.fin,
          })
          .onConflict('id_bloqueo').ignore();
        return;
      }
      case 'BloqueoEliminado':
        await trx('bloqueos').where({ id_bloqueo: event.data.idBloqueo }).delete();
        return;
      default:
        return; // slots (HuecoReservado...) and other areas' events
    }
  },
};
