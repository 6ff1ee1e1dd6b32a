import type { Projection } from './runner.ts';
import { insertBuffer } from './deferred.ts';
import type { HistorialEvent } from '../events/historial.ts';
import type { PacienteEliminado } from '../events/paciente.ts';

/**
 * Live clinical history records. A deleted record leaves the table (the log keeps it for the
 * audit). An erased patient's records leave it too: their content is kept in the log, under the
 * clinical key, for the retention period, for auditors only. Read after that key is destroyed the
 * content is null: nothing is inserted, so a rebuild ends where the live table did.
 */
export const historialProjection: Projection = {
  name: 'historial',
  tables: ['historial_clinico'],
  readYourWrites: true,
  handles: ['HistorialCreado', 'HistorialCorregido', 'HistorialEliminado', 'PacienteEliminado'],
  async apply(trx, stored) {
    const event = stored as unknown as HistorialEvent | PacienteEliminado;
    const erased = (stored.erased?.length ?? 0) > 0;
    switch (event.type) {
      case 'HistorialCreado': {
        if (erased) return;
        const d = event.data;
        nuevos.add(trx, {
          id_history: d.idHistory, id_paciente: d.idPaciente, autoria: d.autoria, titulo: d.titulo, diagnostico: d.diagnostico,
          tratamiento: d.tratamiento, observaciones: d.observaciones, creado_en: d.creadoEn,
        });
        return;
      }
      case 'HistorialCorregido': {
        if (erased) return;
        const d = event.data;
        await nuevos.flush(trx);
        await trx('historial_clinico').where({ id_history: d.idHistory }).update({
          titulo: d.titulo, diagnostico: d.diagnostico, tratamiento: d.tratamiento, observaciones: d.observaciones, corregido_en: d.corregidoEn,
        });
        return;
      }
      case 'HistorialEliminado':
        await nuevos.flush(trx);
        await trx('historial_clinico').where({ id_history: event.data.idHistory }).delete();
        return;
      case 'PacienteEliminado':
        await nuevos.flush(trx);
        await trx('historial_clinico').where({ id_paciente: event.data.idPaciente }).delete();
        return;
      default:
        return; // not an event of this read model
    }
  },
  flush: (trx) => nuevos.flush(trx),
};

const nuevos = insertBuffer('historial_clinico', 'id_history');
