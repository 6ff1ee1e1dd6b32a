import type { SealSpec } from '../personal-data.ts';

// A patient's consent is part of their clinical record (Ley 41/2002, art. 8 and 10): what they
// declared (the signature's meaning, a withdrawal's reason) is sealed with their clinical key, kept
// through an erasure for the retention period and shredded with that key. Ids, types, versions,
// document digests and times stay readable: the practice's evidence of what was signed when. The
// documents' own texts are the practice's, not personal: never sealed.
const subject = (d: Record<string, any>) => `paciente-${d.idPaciente}`;

/** Seal specs of informed consent's events (see src/events/personal-data.ts). */
export const consentimientosSeals: Record<string, SealSpec> = {
  ConsentimientoFirmado: { subject, fields: { significado: 'clinical' } },
  ConsentimientoRetirado: { subject, fields: { motivo: 'clinical' } },
};
