import type { KeyPurpose } from '../platform/crypto/keyring.ts';
import { citasSeals } from './seals/citas.ts';
import { clinicoSeals } from './seals/clinico.ts';
import { mensajesSeals } from './seals/mensajes.ts';
import { directorioSeals } from './seals/directorio.ts';
import { sesionesSeals } from './seals/sesiones.ts';
import { pacientesSeals } from './seals/pacientes.ts';
import { psicologosSeals } from './seals/psicologos.ts';
import { facturasSeals } from './seals/facturas.ts';
import { cuestionariosSeals } from './seals/cuestionarios.ts';
import { consentimientosSeals } from './seals/consentimientos.ts';

/** Which fields of an event are personal, whose they are, and under which of the person's keys. */
export interface SealSpec {
  /** The person (or an alias of them) the fields belong to. */
  subject(data: Record<string, any>): string;
  /** Aliases this event establishes (alias → person), so later events can name the person by them. */
  links?(data: Record<string, any>): [string, string][];
  fields: Record<string, KeyPurpose>;
}

// Decided per event schema from the start: types, ids and non-personal fields stay readable.
// Each area keeps its own in src/events/seals/<area>.ts.
export const sealSpecs: Record<string, SealSpec> = {
  ...pacientesSeals,
  ...psicologosSeals,
  ...directorioSeals,
  ...citasSeals,
  ...sesionesSeals,
  ...clinicoSeals,
  ...mensajesSeals,
  ...facturasSeals,
  ...cuestionariosSeals,
  ...consentimientosSeals,
  UsuarioRegistrado: {
    subject: (d) => `usuario-${d.idUsuario}`,
    // emailHash too: a keyed hash of an erased e-mail must not outlive the person's key.
    fields: { nombre: 'identity', apellido: 'identity', email: 'identity', emailHash: 'identity', dni: 'identity', passwordHash: 'identity' },
  },
  PacienteRegistrado: {
    subject: (d) => `usuario-${d.idUsuario}`,
    links: (d) => [[`paciente-${d.idPaciente}`, `usuario-${d.idUsuario}`]],
    fields: { fechaNacimiento: 'identity', genero: 'identity', telefono: 'identity', direcciones: 'identity' },
  },
};
