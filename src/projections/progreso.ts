import type { Projection } from './runner.ts';
import { insertBuffer } from './deferred.ts';
import type { ProgresoEvent } from '../events/progreso.ts';
import type { PacienteEliminado } from '../events/paciente.ts';

/** Emotional progress records; an erased patient's records leave (see historial.ts). */
export const progresoProjection: Projection = {
  name: 'progreso',
  tables: ['progreso_emocional'],
  readYourWrites: true,
  handles: ['ProgresoRegistrado', 'PacienteEliminado'],
  async apply(trx, stored) {
    const event = stored as unknown as ProgresoEvent | PacienteEliminado;
    switch (event.type) {
      case 'ProgresoRegistrado': {
        if (stored.erased?.length) return;
        const d = event.data;
        nuevos.add(trx, {
          id_progress: d.idProgress, id_paciente: d.idPaciente, fecha: d.fecha,
          nivel_estres: d.nivelEstres, nivel_ansiedad: d.nivelAnsiedad, nivel_animo: d.nivelAnimo,
        });
        return;
      }
      case 'PacienteEliminado':
        await nuevos.flush(trx);
        await trx('progreso_emocional').where({ id_paciente: event.data.idPaciente }).delete();
        return;
      default:
        return; // not an event of this read model
    }
  },
  flush: (trx) => nuevos.flush(trx),
};

const nuevos = insertBuffer('progreso_emocional', 'id_progress');
