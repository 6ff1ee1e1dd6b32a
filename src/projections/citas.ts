import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import type { Projection } from './runner.ts';
import { insertBuffer } from './deferred.ts';
import type { CitaCreada, CitaEvent, CitaReprogramada } from '../events/cita.ts';
import type { ClaveClinicaDestruida } from '../events/retencion.ts';

type Tiempo = CitaCreada['data'] | CitaReprogramada['data'];

/** The local end the decider recorded; without it (never written so), start plus duration on the wall clock. */
const endOf = (d: Tiempo) =>
  d.endDatetime ?? DateTime.fromISO(d.startDatetime, { zone: 'UTC' }).plus({ minutes: d.durationMinutes }).toFormat("yyyy-LL-dd'T'HH:mm:ss");

const tiempo = (d: Tiempo) => ({
  start_datetime: d.startDatetime, end_datetime: endOf(d), duration_minutes: d.durationMinutes, fecha: d.startDatetime.slice(0, 10),
});

// New appointments of a batch are inserted together at its end; a change to one of them in the
// same batch is made to the pending row.
const nuevas = insertBuffer('citas', 'id_cita');

async function cambiar(trx: Knex.Transaction, idCita: number, cambios: Record<string, unknown>): Promise<void> {
  const pendiente = nuevas.pending(trx, idCita);
  if (pendiente) Object.assign(pendiente, cambios);
  else await trx('citas').where({ id_cita: idCita }).update(cambios);
}

async function sinMotivo(trx: Knex.Transaction, idPaciente: number): Promise<void> {
  for (const row of nuevas.pendingRows(trx)) if (row.id_paciente === idPaciente) row.motivo = null;
  await trx('citas').where({ id_paciente: idPaciente }).update({ motivo: null });
}

/**
 * Appointments, for lists, detail and the monthly agenda. The motivo reads as null once the
 * patient's clinical key is destroyed (erased patient past retention); names are joined at query
 * time, so an erased patient shows as "Paciente eliminado".
 */
export const citasProjection: Projection = {
  name: 'citas',
  tables: ['citas'],
  readYourWrites: true,
  handles: ['CitaCreada', 'CitaReprogramada', 'CitaConfirmada', 'CitaCancelada', 'CitaCompletada', 'ClaveClinicaDestruida', 'PacienteEliminado'],
  async apply(trx, stored) {
    if (stored.type === 'PacienteEliminado') {
      // Erased patient: the appointment stays in the psychologist's history, its reason does not.
      return sinMotivo(trx, (stored.data as { idPaciente: number }).idPaciente);
    }
    const event = stored as unknown as CitaEvent | ClaveClinicaDestruida;
    switch (event.type) {
      case 'CitaCreada': {
        const d = event.data;
        nuevas.add(trx, {
          id_cita: d.idCita, id_paciente: d.idPaciente, id_psicologo: d.idPsicologo, ...tiempo(d), estado: 'PENDIENTE', motivo: d.motivo,
          modalidad: d.modalidad ?? 'PRESENCIAL',
        });
        return;
      }
      case 'CitaReprogramada':
        return cambiar(trx, event.data.idCita, { ...tiempo(event.data), motivo: event.data.motivo });
      case 'CitaConfirmada':
        return cambiar(trx, event.data.idCita, { estado: 'CONFIRMADA' });
      case 'CitaCancelada':
        return cambiar(trx, event.data.idCita, { estado: 'CANCELADA' });
      case 'CitaCompletada':
        return cambiar(trx, event.data.idCita, { estado: 'COMPLETADA' });
      case 'ClaveClinicaDestruida':
        return sinMotivo(trx, event.data.idPaciente);
      default:
        return; // CitaRecordatorioEnviado and other areas' events
    }
  },
  flush: (trx) => nuevas.flush(trx),
};
