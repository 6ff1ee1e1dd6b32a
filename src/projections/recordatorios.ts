import type { Projection } from './runner.ts';
import { insertBuffer } from './deferred.ts';
import type { CitaEvent } from '../events/cita.ts';

/**
 * The reminder schedule: one row per live appointment with its practice-local start and the start
 * it was last reminded for. The worker (src/reactors/reminders.ts) picks rows whose start is less
 * than 24 h ahead and not yet reminded; the appointment's stream has the final word.
 */
export const recordatoriosProjection: Projection = {
  name: 'recordatorios',
  tables: ['recordatorios'],
  handles: ['CitaCreada', 'CitaReprogramada', 'CitaRecordatorioEnviado', 'CitaCancelada', 'CitaCompletada'],
  async apply(trx, stored) {
    const event = stored as unknown as CitaEvent;
    switch (event.type) {
      case 'CitaCreada':
      case 'CitaReprogramada': {
        // A moved appointment keeps recordado_para: it no longer equals the new start, so the
        // new time is reminded, and moving it back to a time already reminded does not repeat it.
        const d = event.data;
        const row = { id_cita: d.idCita, id_paciente: d.idPaciente, id_psicologo: d.idPsicologo, start_datetime: d.startDatetime };
        const pendiente = nuevos.pending(trx, d.idCita);
        if (pendiente) Object.assign(pendiente, row);
        else if (event.type === 'CitaCreada') nuevos.add(trx, row);
        else {
          await trx('recordatorios').insert(row).onConflict('id_cita').merge(['start_datetime', 'id_paciente', 'id_psicologo']);
        }
        return;
      }
      case 'CitaRecordatorioEnviado':
        await nuevos.flush(trx);
        await trx('recordatorios').where({ id_cita: event.data.idCita }).update({ recordado_para: event.data.startDatetime });
        return;
      case 'CitaCancelada':
      case 'CitaCompletada':
        await nuevos.flush(trx);
        await trx('recordatorios').where({ id_cita: event.data.idCita }).delete();
        return;
      case 'CitaConfirmada':
        return; // still due: PENDIENTE and CONFIRMADA appointments are both reminded
      default:
        return; // not an event of this read model
    }
  },
  flush: (trx) => nuevos.flush(trx),
};

// Appointments created in a batch are inserted together at its end (a move in the same batch
// changes the pending row).
const nuevos = insertBuffer('recordatorios', 'id_cita');
