import type { Knex } from 'knex';
import type { Projection } from './runner.ts';
import { insertBuffer } from './deferred.ts';
import { recordatorioDe, type CitaEvent } from '../events/cita.ts';

/**
 * The reminder schedule: one row per live appointment with its practice-local start, and in `recordatorios_enviados` every reminder recorded (recipient, lead
 * time, start). The worker (src/reactors/reminders.ts) picks rows with a recipient's lead time reached
 * and no reminder for it yet; the appointment's stream has the final word.
 */
export const recordatoriosProjection: Projection = {
  name: 'recordatorios',
  tables: ['recordatorios', 'recordatorios_enviados'],
  // Read by the reminder worker only (a minute's pass), never by a client: no answer waits for it.
  readYourWrites: false,
  handles: ['CitaCreada', 'CitaReprogramada', 'CitaRecordatorioEnviado', 'CitaCancelada', 'CitaCompletada'],
  async apply(trx, stored) {
    const event = stored as unknown as CitaEvent;
    switch (event.type) {
      case 'CitaCreada':
      case 'CitaReprogramada': {
        // A moved appointment keeps its rows in recordatorios_enviados: they name the old start, so
        // the new time is reminded, and moving it back to a time already reminded does not repeat it.
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
        // Only the new table: an update of the appointment's row would lock it, and the worker's
        // query (FOR UPDATE SKIP LOCKED) would pass over the appointment until this batch commits.
        await insertEnviado(trx, event.data);
        return;
      case 'CitaCancelada':
      case 'CitaCompletada':
        await nuevos.flush(trx);
        await trx('recordatorios').where({ id_cita: event.data.idCita }).delete();
        await trx('recordatorios_enviados').where({ id_cita: event.data.idCita }).delete();
        return;
      case 'CitaConfirmada':
        return; // still due: PENDIENTE and CONFIRMADA appointments are both reminded
      default:
        return; // not an event of this read model
    }
  },
  flush: (trx) => nuevos.flush(trx),
};

/** One row per reminder: the pair the worker's query checks, ignored when replayed. */
async function insertEnviado(trx: Knex.Transaction, d: Extract<CitaEvent, { type: 'CitaRecordatorioEnviado' }>['data']): Promise<void> {
  const r = recordatorioDe(d);
  await trx('recordatorios_enviados')
    .insert({ id_cita: d.idCita, destinatario: r.destinatario, antelacion_horas: r.antelacionHoras, start_datetime: r.startDatetime })
    .onConflict(['id_cita', 'destinatario', 'start_datetime', 'antelacion_horas']).ignore();
}

// Appointments created in a batch are inserted together at its end (a move in the same batch
// changes the pending row).
const nuevos = insertBuffer('recordatorios', 'id_cita');
