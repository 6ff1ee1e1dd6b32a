import type { Projection } from './runner.ts';
import type {
  ConsentimientoFirmado, ConsentimientoRetirado, ConsentimientosRequeridosFijados, DocumentoConsentimientoPublicado,
} from '../events/consentimiento.ts';
import type { ClaveClinicaDestruida } from '../events/retencion.ts';
import type { PacienteEliminado } from '../events/paciente.ts';

type Event = DocumentoConsentimientoPublicado | ConsentimientosRequeridosFijados | ConsentimientoFirmado | ConsentimientoRetirado
  | ClaveClinicaDestruida | PacienteEliminado;

/**
 * Informed consent (docs/care.md "3. Informed consent"): documents' versions, the required types
 * and the patients' signatures, a withdrawn one kept with when. A signature's meaning and a
 * withdrawal's reason are sealed with the patient's clinical key: null for an erased patient at
 * once, and read as null (so stored null) once the key is destroyed, which a rebuild reproduces.
 * The rest (types, versions, digests, times) is the practice's evidence and stays.
 */
export const consentimientosProjection: Projection = {
  name: 'consentimientos',
  tables: ['consentimiento_documentos', 'consentimiento_requeridos', 'consentimientos'],
  readYourWrites: true,
  handles: [
    'DocumentoConsentimientoPublicado', 'ConsentimientosRequeridosFijados', 'ConsentimientoFirmado', 'ConsentimientoRetirado',
    'ClaveClinicaDestruida', 'PacienteEliminado',
  ],
  async apply(trx, stored) {
    const event = stored as unknown as Event;
    switch (event.type) {
      case 'DocumentoConsentimientoPublicado': {
        const d = event.data;
        await trx('consentimiento_documentos')
          .insert({ tipo: d.tipo, version: d.version, titulo: d.titulo, cuerpo: d.cuerpo, sha256: d.sha256, publicado_en: d.publicadoEn })
          .onConflict(['tipo', 'version']).ignore();
        return;
      }
      case 'ConsentimientosRequeridosFijados':
        await trx('consentimiento_requeridos').delete();
        if (event.data.tipos.length) await trx('consentimiento_requeridos').insert(event.data.tipos.map((tipo) => ({ tipo })));
        return;
      case 'ConsentimientoFirmado': {
        const d = event.data;
        await trx('consentimientos').insert({
          id_paciente: d.idPaciente, numero: d.numero, tipo: d.tipo, version: d.version, sha256: d.sha256, significado: d.significado, firmado_en: d.firmadoEn,
        }).onConflict(['id_paciente', 'numero']).ignore();
        return;
      }
      case 'ConsentimientoRetirado': {
        const d = event.data;
        await trx('consentimientos').where({ id_paciente: d.idPaciente, numero: d.numero }).update({ retirado_en: d.retiradoEn, motivo_retirada: d.motivo });
        return;
      }
      case 'PacienteEliminado':
      case 'ClaveClinicaDestruida':
        await trx('consentimientos').where({ id_paciente: event.data.idPaciente }).update({ significado: null, motivo_retirada: null });
        return;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};
