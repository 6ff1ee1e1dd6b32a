import type { SealSpec } from '../personal-data.ts';

/**
 * Seal specs of the mensajes area's events (see src/events/personal-data.ts).
 *
 * A message belongs to two people; its text is sealed once, under one clinical key: the patient's
 * when one side is a patient (`paciente-<id>`, the alias of their user), so erasing the patient and
 * ending their clinical retention shreds the whole conversation, the psychologist's copy included;
 * between staff, the sender's (`usuario-<senderId>`). Ids, timestamps and the read flag stay readable.
 */
export const mensajesSeals: Record<string, SealSpec> = {
  MensajeEnviado: {
    subject: (d) => (d.idPaciente != null ? `paciente-${d.idPaciente}` : `usuario-${d.senderId}`),
    fields: { mensaje: 'clinical' },
  },
};
