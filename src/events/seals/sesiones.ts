import type { SealSpec } from '../personal-data.ts';

/**
 * Seal specs of the sesiones area's events (see src/events/personal-data.ts). A session's notes and
 * recommendations are health data: the patient's clinical key seals them, so they are shredded with
 * it when the retention period of an erased patient ends. Ids, date and duration stay readable.
 * SesionEliminada and SesionFirmada carry ids, times and digests only: nothing to seal. An
 * addendum's texto is health data like the notes it amends, and the key of its huella goes with it.
 */
export const sesionesSeals: Record<string, SealSpec> = {
  SesionRegistrada: {
    subject: (d) => `paciente-${d.idPaciente}`,
    fields: { notas: 'clinical', recomendaciones: 'clinical' },
  },
  SesionAdendaAgregada: {
    subject: (d) => `paciente-${d.idPaciente}`,
    // claveHuella keys the huella (src/platform/audit/huella-adenda.ts): shredded with the texto, so
    // the huella left in the clear confirms no guess.
    fields: { texto: 'clinical', claveHuella: 'clinical' },
  },
};
