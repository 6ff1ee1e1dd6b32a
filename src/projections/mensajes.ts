import type { Projection } from './runner.ts';
import { insertBuffer } from './deferred.ts';
import type { MensajeEvent } from '../events/mensaje.ts';
import type { ClaveClinicaDestruida } from '../events/retencion.ts';
import type { PacienteEliminado } from '../events/paciente.ts';

/** Messages for the REST listings; the real-time delivery reads the log, not this table. */
export const mensajesProjection: Projection = {
  name: 'mensajes',
  tables: ['mensajes'],
  readYourWrites: true,
  handles: ['MensajeEnviado', 'MensajeLeido', 'PacienteEliminado', 'ClaveClinicaDestruida'],
  async apply(trx, stored) {
    const event = stored as unknown as MensajeEvent | ClaveClinicaDestruida | PacienteEliminado;
    switch (event.type) {
      case 'MensajeEnviado': {
        const d = event.data;
        // After crypto-shredding the text reads as null: the row keeps who, when and the read flag.
        nuevos.add(trx, {
          id_mensaje: d.idMensaje, sender_id: d.senderId, receiver_id: d.receiverId, id_cita: d.idCita,
          id_paciente: d.idPaciente, mensaje: d.mensaje ?? null, enviado_en: d.enviadoEn, leido: false,
        });
        return;
      }
      case 'MensajeLeido':
        await nuevos.flush(trx);
        await trx('mensajes').where({ id_mensaje: event.data.idMensaje }).update({ leido: true, leido_en: event.data.leidoEn });
        return;
      case 'PacienteEliminado':
        // Erased patient: the texts leave the lists at once (auditors replay them from the log
        // until the retention job shreds the key); who wrote to whom and when stays.
      case 'ClaveClinicaDestruida':
        // The patient's clinical key is gone: so is every conversation text sealed with it.
        await nuevos.flush(trx);
        await trx('mensajes').where({ id_paciente: event.data.idPaciente }).update({ mensaje: null });
        return;
      default:
        return; // not an event of this read model
    }
  },
  flush: (trx) => nuevos.flush(trx),
};

const nuevos = insertBuffer('mensajes', 'id_mensaje');
