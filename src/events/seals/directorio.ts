import type { SealSpec } from '../personal-data.ts';

/** Seal specs of the directorio area's events (see src/events/personal-data.ts). */
export const directorioSeals: Record<string, SealSpec> = {
  // An address is the patient's identity data; `paciente-<id>` is the alias PacienteRegistrado set up.
  DireccionAnadida: {
    subject: (d) => `paciente-${d.idPaciente}`,
    fields: { calle: 'identity', ciudad: 'identity', provincia: 'identity', codigoPostal: 'identity', pais: 'identity', descripcion: 'identity' },
  },
  // A push token identifies a person's device (an online identifier): erasable with the person.
  DispositivoRegistrado: { subject: (d) => `usuario-${d.idUsuario}`, fields: { token: 'identity' } },
  DispositivoEliminado: { subject: (d) => `usuario-${d.idUsuario}`, fields: { token: 'identity' } },
};
