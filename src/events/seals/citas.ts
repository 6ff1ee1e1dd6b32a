import type { SealSpec } from '../personal-data.ts';

// The reason for consulting is health content: sealed with the patient's clinical key (subject
// `paciente-<id>`, the alias PacienteRegistrado set up), so it outlives an erasure for the legal
// retention period and goes with the clinical key after it. Times, states and ids stay readable.
// The agenda's events (HuecoReservado..., BloqueoCreado) carry no personal data: a slot names only
// its appointment, and a block's motivo is the psychologist's working note.
const motivo = { subject: (d: Record<string, any>) => `paciente-${d.idPaciente}`, fields: { motivo: 'clinical' } } as const;

/** Seal specs of the citas area's events (see src/events/personal-data.ts). */
export const citasSeals: Record<string, SealSpec> = {
  CitaCreada: motivo,
  CitaReprogramada: motivo,
};
