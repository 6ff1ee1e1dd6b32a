import type { SealSpec } from '../personal-data.ts';

// Outcome measures (docs/care.md): the answers and their score are health data, sealed with the
// patient's clinical key like the diary's (retained after an erasure, shredded with that key).
// Ids, dates, the instrument's code and the event types stay readable for auditors and the
// retention job. The other events carry no answer: they name the patient as their subject (no
// field sealed) so the patient's export finds every assignment stream (streamsOf), answered or not.
const subject = (d: Record<string, any>) => `paciente-${d.idPaciente}`;

/** Seal specs of the outcome measures' events (see src/events/personal-data.ts). */
export const cuestionariosSeals: Record<string, SealSpec> = {
  CuestionarioAsignado: { subject, fields: {} },
  CuestionarioSolicitado: { subject, fields: {} },
  CuestionarioRespondido: { subject, fields: { respuestas: 'clinical', puntuacion: 'clinical', banda: 'clinical' } },
  AlertaSeguridadEmitida: { subject, fields: {} },
  AlertaSeguridadReconocida: { subject, fields: {} },
  AsignacionCuestionarioFinalizada: { subject, fields: {} },
};
