import type { Projection } from './runner.ts';
import { insertBuffer } from './deferred.ts';
import type { SesionEvent } from '../events/sesion.ts';
import type { ClaveClinicaDestruida } from '../events/retencion.ts';

/** Therapy sessions for the patient's, the psychologist's and the administrator's lists. */
export const sesionesProjection: Projection = {
  name: 'sesiones',
  tables: ['sesiones'],
  readYourWrites: true,
  handles: ['SesionRegistrada', 'SesionEliminada', 'ClaveClinicaDestruida', 'PacienteEliminado'],
  async apply(trx, stored) {
    if (stored.type === 'PacienteEliminado') {
      // Erased patient: the notes leave the read model at once; auditors still replay them from
      // the log until the retention job shreds the clinical key.
      const { idPaciente } = stored.data as { idPaciente: number };
      await nuevas.flush(trx);
      await trx('sesiones').where({ id_paciente: idPaciente }).update({ notas: null, recomendaciones: null });
      return;
    }
    const event = stored as unknown as SesionEvent | ClaveClinicaDestruida;
    switch (event.type) {
      case 'SesionRegistrada': {
        // After the clinical key is destroyed notas and recomendaciones read as null: stored so.
        const d = event.data;
        nuevas.add(trx, {
          id_sesion: d.idSesion, id_cita: d.idCita, id_paciente: d.idPaciente, id_psicologo: d.idPsicologo,
          session_date: d.sessionDate, duration_minutes: d.durationMinutes, notas: d.notas, recomendaciones: d.recomendaciones,
        });
        return;
      }
      case 'SesionEliminada':
        await nuevas.flush(trx);
        await trx('sesiones').where({ id_sesion: event.data.idSesion }).delete();
        return;
      case 'ClaveClinicaDestruida':
        // The log's copy is shredded with the key; the read model's plaintext must go too.
        await nuevas.flush(trx);
        await trx('sesiones').where({ id_paciente: event.data.idPaciente }).update({ notas: null, recomendaciones: null });
        return;
      default:
        return; // not an event of this read model
    }
  },
  flush: (trx) => nuevas.flush(trx),
};

const nuevas = insertBuffer('sesiones', 'id_sesion');
