import type { Knex } from 'knex';
import type { Projection } from './runner.ts';
import type { CuestionarioEvent } from '../events/cuestionario.ts';
import type { PacienteEliminado } from '../events/paciente.ts';
import type { ClaveClinicaDestruida } from '../events/retencion.ts';

// Outcome measures (docs/care.md): assignments, requests, scored answers and safety alerts.
// Inline (read-your-writes): a patient reads their pending requests right after being assigned one,
// a psychologist sees the alert mark as soon as the answer is stored. An erased patient's rows
// leave (as the diary's do); an answer whose key is already gone (`erased`) is not shown.

const TABLES = ['cuestionario_asignaciones', 'cuestionario_solicitudes', 'cuestionario_respuestas', 'alertas_seguridad'];

async function olvidar(trx: Knex.Transaction, idPaciente: number): Promise<void> {
  for (const table of TABLES) await trx(table).where({ id_paciente: idPaciente }).delete();
}

export const cuestionariosProjection: Projection = {
  name: 'cuestionarios',
  tables: TABLES,
  readYourWrites: true,
  handles: [
    'CuestionarioAsignado', 'CuestionarioSolicitado', 'CuestionarioRespondido', 'AlertaSeguridadEmitida',
    'AlertaSeguridadReconocida', 'AsignacionCuestionarioFinalizada', 'PacienteEliminado', 'ClaveClinicaDestruida',
  ],
  async apply(trx, stored) {
    const event = stored as unknown as CuestionarioEvent | PacienteEliminado | ClaveClinicaDestruida;
    const instante = stored.metadata.occurredAt;
    switch (event.type) {
      case 'CuestionarioAsignado': {
        const d = event.data;
        await trx('cuestionario_asignaciones').insert({
          id_asignacion: d.idAsignacion, id_paciente: d.idPaciente, id_psicologo: d.idPsicologo, instrumento: d.instrumento,
          pauta: JSON.stringify(d.pauta), activa: true, fecha: d.fecha, ultima_solicitud_en: d.pauta.tipo === 'CADA_N_SEMANAS' ? instante : null,
        }).onConflict('id_asignacion').ignore();
        return;
      }
      case 'CuestionarioSolicitado': {
        const d = event.data;
        await trx('cuestionario_solicitudes').insert({
          id_solicitud: d.idSolicitud, id_asignacion: d.idAsignacion, id_paciente: d.idPaciente, id_psicologo: d.idPsicologo,
          instrumento: d.instrumento, fecha: d.fecha, id_cita: d.idCita, respondida: false,
        }).onConflict('id_solicitud').ignore();
        await trx('cuestionario_asignaciones').where({ id_asignacion: d.idAsignacion }).update({ ultima_solicitud_en: instante });
        return;
      }
      case 'CuestionarioRespondido': {
        const d = event.data;
        await trx('cuestionario_solicitudes').where({ id_solicitud: d.idSolicitud }).update({ respondida: true });
        if (stored.erased?.length) return;
        await trx('cuestionario_respuestas').insert({
          id_respuesta: d.idRespuesta, id_solicitud: d.idSolicitud, id_asignacion: d.idAsignacion, id_paciente: d.idPaciente,
          id_psicologo: d.idPsicologo, instrumento: d.instrumento, fecha: d.fecha, respuestas: d.respuestas, puntuacion: d.puntuacion,
          banda: d.banda, alerta: false,
        }).onConflict('id_respuesta').ignore();
        return;
      }
      case 'AlertaSeguridadEmitida': {
        const d = event.data;
        await trx('cuestionario_respuestas').where({ id_respuesta: d.idRespuesta }).update({ alerta: true });
        await trx('alertas_seguridad').insert({
          id_respuesta: d.idRespuesta, id_asignacion: d.idAsignacion, id_paciente: d.idPaciente, id_psicologo: d.idPsicologo,
          instrumento: d.instrumento, fecha: d.fecha,
        }).onConflict('id_respuesta').ignore();
        return;
      }
      case 'AlertaSeguridadReconocida':
        await trx('alertas_seguridad').where({ id_respuesta: event.data.idRespuesta })
          .update({ reconocida_por: event.data.idUsuario, reconocida_fecha: event.data.fecha });
        return;
      case 'AsignacionCuestionarioFinalizada':
        await trx('cuestionario_asignaciones').where({ id_asignacion: event.data.idAsignacion }).update({ activa: false });
        await trx('cuestionario_solicitudes').where({ id_asignacion: event.data.idAsignacion, respondida: false }).update({ retirada: true });
        return;
      case 'PacienteEliminado':
      case 'ClaveClinicaDestruida':
        return olvidar(trx, event.data.idPaciente);
      default:
        return; // not an event of this read model
    }
  },
};
