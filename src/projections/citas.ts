import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import type { Projection } from './runner.ts';
import type { CitaCreada, CitaEvent, CitaReprogramada } from '../events/cita.ts';
import type { ClaveClinicaDestruida } from '../events/retencion.ts';

type Tiempo = CitaCreada['data'] | CitaReprogramada['data'];

/** The local end the decider recorded; without it (never written so), start plus duration on the wall clock. */
const endOf = (d: Tiempo) =>
  d.endDatetime ?? DateTime.fromISO(d.startDatetime, { zone: 'UTC' }).plus({ minutes: d.durationMinutes }).toFormat("yyyy-LL-dd'T'HH:mm:ss");

const tiempo = (d: Tiempo) => ({
  start_datetime: d.startDatetime, end_datetime: endOf(d), duration_minutes: d.durationMinutes, fecha: d.startDatetime.slice(0, 10),
});

const estado = (trx: Knex.Transaction, idCita: number, value: string) => trx('citas').where({ id_cita: idCita }).update({ estado: value });

/**
 * Appointments, for lists, detail and the monthly agenda. The motivo reads as null once the
 * patient's clinical key is destroyed (erased patient past retention); names are joined at query
 * time, so an erased patient shows as "Paciente eliminado".
 */
export const citasProjection: Projection = {
  name: 'citas',
  tables: ['citas'],
  handles: ['CitaCreada', 'CitaReprogramada', 'CitaConfirmada', 'CitaCancelada', 'CitaCompletada', 'ClaveClinicaDestruida', 'PacienteEliminado'],
  async apply(trx, stored) {
    if (stored.type === 'PacienteEliminado') {
      // Erased patient: the appointment stays in the psychologist's history, its reason does not.
      await trx('citas').where({ id_paciente: (stored.data as { idPaciente: number }).idPaciente }).update({ motivo: null });
      return;
    }
    const event = stored as unknown as CitaEvent | ClaveClinicaDestruida;
    switch (event.type) {
      case 'CitaCreada': {
        const d = event.data;
        await trx('citas')
          .insert({ id_cita: d.idCita, id_paciente: d.idPaciente, id_psicologo: d.idPsicologo, ...tiempo(d), estado: 'PENDIENTE', motivo: d.motivo })
          .onConflict('id_cita').ignore();
        return;
      }
      case 'CitaReprogramada':
        await trx('citas').where({ id_cita: event.data.idCita }).update({ ...tiempo(event.data), motivo: event.data.motivo });
        return;
      case 'CitaConfirmada':
        return void (await estado(trx, event.data.idCita, 'CONFIRMADA'));
      case 'CitaCancelada':
        return void (await estado(trx, event.data.idCita, 'CANCELADA'));
      case 'CitaCompletada':
        return void (await estado(trx, event.data.idCita, 'COMPLETADA'));
      case 'ClaveClinicaDestruida':
        await trx('citas').where({ id_paciente: event.data.idPaciente }).update({ motivo: null });
        return;
      default:
        return; // CitaRecordatorioEnviado and other areas' events
    }
  },
};
