import type { SealSpec } from '../personal-data.ts';

// Health content is the patient's, sealed with their clinical key: it outlives an erasure (legal
// retention) and is shredded when the retention job destroys that key. `paciente-<id>` is the
// alias PacienteRegistrado set up. Ids, dates, autoria and the event types stay readable: auditors
// and the retention job need them, and alone they say nothing about the patient's health.
const subject = (d: Record<string, any>) => `paciente-${d.idPaciente}`;
const historial = { titulo: 'clinical', diagnostico: 'clinical', tratamiento: 'clinical', observaciones: 'clinical' } as const;

/** Seal specs of the clinico area's events (see src/events/personal-data.ts). */
export const clinicoSeals: Record<string, SealSpec> = {
  HistorialCreado: { subject, fields: historial },
  HistorialCorregido: { subject, fields: historial },
  // HistorialFirmado carries ids, a time and a digest only; an addendum's texto is health data, and
  // the key of its huella is sealed and shredded with it (src/platform/audit/huella-adenda.ts).
  HistorialAdendaAgregada: { subject, fields: { texto: 'clinical', claveHuella: 'clinical' } },
  DiarioRegistrado: { subject, fields: { emocion: 'clinical', intensidad: 'clinical', nota: 'clinical' } },
  ProgresoRegistrado: { subject, fields: { nivelEstres: 'clinical', nivelAnsiedad: 'clinical', nivelAnimo: 'clinical' } },
};
