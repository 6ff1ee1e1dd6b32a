import type { Projection } from './runner.ts';
import { insertBuffer } from './deferred.ts';
import type { DiarioEvent } from '../events/diario.ts';
import type { PacienteEliminado } from '../events/paciente.ts';

/** Live diary entries; deleted entries and an erased patient's entries leave (see historial.ts). */
export const diarioProjection: Projection = {
  name: 'diario',
  tables: ['diario_emocional'],
  readYourWrites: true,
  handles: ['DiarioRegistrado', 'DiarioEliminado', 'PacienteEliminado'],
  async apply(trx, stored) {
    const event = stored as unknown as DiarioEvent | PacienteEliminado;
    switch (event.type) {
      case 'DiarioRegistrado': {
        if (stored.erased?.length) return;
        const d = event.data;
        nuevas.add(trx, { id_diario: d.idDiario, id_paciente: d.idPaciente, fecha: d.fecha, emocion: d.emocion, intensidad: d.intensidad, nota: d.nota });
        return;
      }
      case 'DiarioEliminado':
        await nuevas.flush(trx);
        await trx('diario_emocional').where({ id_diario: event.data.idDiario }).delete();
        return;
      case 'PacienteEliminado':
        await nuevas.flush(trx);
        await trx('diario_emocional').where({ id_paciente: event.data.idPaciente }).delete();
        return;
      default:
        return; // not an event of this read model
    }
  },
  flush: (trx) => nuevas.flush(trx),
};

const nuevas = insertBuffer('diario_emocional', 'id_diario');
