import type { Projection } from './runner.ts';
import type { SesionAdendaAgregada, SesionFirmada } from '../events/sesion.ts';
import type { HistorialAdendaAgregada, HistorialFirmado } from '../events/historial.ts';
import type { ClaveClinicaDestruida } from '../events/retencion.ts';
import type { PacienteEliminado } from '../events/paciente.ts';

type Event = SesionFirmada | SesionAdendaAgregada | HistorialFirmado | HistorialAdendaAgregada | ClaveClinicaDestruida | PacienteEliminado;

/**
 * Signatures and addenda of sessions and clinical-history entries, shown with the records they
 * belong to (src/queries/firmas.ts). Signatures hold no health data; an addendum's texto does, so
 * it goes as the sessions' notes go: null for an erased patient at once, and read as null (so stored
 * null) once the clinical key is destroyed, which a rebuild reproduces. The key of its huella
 * (claveHuella) goes the same way.
 */
export const firmasProjection: Projection = {
  name: 'firmas',
  tables: ['firmas_clinicas', 'adendas_clinicas'],
  readYourWrites: true,
  handles: ['SesionFirmada', 'HistorialFirmado', 'SesionAdendaAgregada', 'HistorialAdendaAgregada', 'ClaveClinicaDestruida', 'PacienteEliminado'],
  async apply(trx, stored) {
    const event = stored as unknown as Event;
    switch (event.type) {
      case 'SesionFirmada':
      case 'HistorialFirmado': {
        const d = event.data;
        const [registro, id] = event.type === 'SesionFirmada' ? ['SESION', event.data.idSesion] : ['HISTORIAL', event.data.idHistory];
        await trx('firmas_clinicas').insert({
          registro, id_registro: id, id_paciente: d.idPaciente, id_psicologo: d.idPsicologo, firmado_en: d.firmadoEn,
          significado: d.significado, huella: d.huella,
        }).onConflict(['registro', 'id_registro']).ignore();
        return;
      }
      case 'SesionAdendaAgregada':
      case 'HistorialAdendaAgregada': {
        const d = event.data;
        const [registro, id] = event.type === 'SesionAdendaAgregada' ? ['SESION', event.data.idSesion] : ['HISTORIAL', event.data.idHistory];
        await trx('adendas_clinicas').insert({
          registro, id_registro: id, revision: stored.revision.toString(), id_paciente: d.idPaciente, id_psicologo: d.idPsicologo,
          tipo: d.tipo, texto: d.texto, firmado_en: d.firmadoEn, referencia: d.referencia, huella: d.huella,
          // Version 1 addenda (recorded before the huella was keyed) carry neither.
          huella_version: d.huellaVersion ?? 1, clave_huella: d.claveHuella ?? null,
        }).onConflict(['registro', 'id_registro', 'revision']).ignore();
        return;
      }
      case 'PacienteEliminado':
      case 'ClaveClinicaDestruida':
        // Erased, or the retention period over: the addenda's health content leaves with the rest,
        // and the key of each huella with it (read as null too once the key is destroyed).
        await trx('adendas_clinicas').where({ id_paciente: event.data.idPaciente }).update({ texto: null, clave_huella: null });
        return;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};
