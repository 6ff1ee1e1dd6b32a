import type { SealSpec } from '../personal-data.ts';

// The psychologist is the person: their user's keys seal the fields. Names and e-mail live in
// UsuarioRegistrado. The licence number identifies the person in the professional register, a
// self-written description may say anything about them, and the photo's file name leads to their
// face: all three are identity data. Specialty and years of experience stay readable.
const subject = (d: Record<string, any>) => `usuario-${d.idUsuario}`;
const profile = { descripcion: 'identity', licencia: 'identity' } as const;

/** Seal specs of the psicologos area's events (see src/events/personal-data.ts). */
export const psicologosSeals: Record<string, SealSpec> = {
  PsicologoRegistrado: {
    subject,
    links: (d) => [[`psicologo-${d.idPsicologo}`, `usuario-${d.idUsuario}`]],
    fields: profile,
  },
  PsicologoActualizado: { subject, fields: { ...profile, licenciaAnterior: 'identity' } },
  FotoPerfilActualizada: { subject, fields: { fotoPerfilUrl: 'identity', fotoAnterior: 'identity' } },
  PsicologoEliminado: { subject, fields: { licencia: 'identity', fotoPerfilUrl: 'identity' } },
};
