import type { SealSpec } from '../personal-data.ts';

/**
 * Seal specs of the pacientes area's events (see src/events/personal-data.ts). PacienteRegistrado
 * is declared there and links `paciente-<id>` to the person, so later events name them by it.
 * PsicologoAsignado and PacienteEliminado carry ids only: nothing to seal.
 */
export const pacientesSeals: Record<string, SealSpec> = {
  PacienteActualizado: {
    subject: (d) => `paciente-${d.idPaciente}`,
    fields: { fechaNacimiento: 'identity', genero: 'identity', telefono: 'identity' },
  },
};
