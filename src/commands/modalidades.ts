import { randomBytes } from 'node:crypto';
import type { Modalidad } from '../events/cita.ts';
import { evolvePsicologo, MODALIDADES_POR_DEFECTO, psicologoStream, type Psicologo } from '../events/psicologo.ts';
import { pacienteStream, type PacienteRegistrado } from '../events/paciente.ts';
import { errors } from '../platform/errors.ts';
import type { Actor } from './decider.ts';
import { commandContext, type CommandDeps } from './deps.ts';
import { handleCommand } from './handler.ts';
import { psicologoDecider } from './psicologo.ts';

// The modality of an appointment (docs/care.md "Online sessions"): who may book ONLINE, and the
// psychologist's setting of what they offer. Checked on the streams before the append, like the
// psychologist's existence in reservarCita: a change of setting racing a booking is not serialised.

/** What the psychologist offers (both until they choose). */
export const modalidadesDe = (psicologo: Psicologo): readonly Modalidad[] =>
  psicologo.status === 'activo' ? psicologo.modalidades ?? MODALIDADES_POR_DEFECTO : MODALIDADES_POR_DEFECTO;

/**
 * A room name no one can guess: 128 random bits, never derived from ids. Lower case because Jitsi
 * compares the token's `room` with the MUC room's lower-cased name (token/util.lib.lua verify_room).
 */
export const nuevaSala = (): string => randomBytes(16).toString('hex');

/** Whether the patient said yes to videoconference when registering (aceptaVideoconferencia). */
async function aceptaVideoconferencia(deps: CommandDeps, idPaciente: number): Promise<boolean> {
  const events = await deps.store.readStream(pacienteStream(idPaciente));
  const registro = events.find((e) => e.type === 'PacienteRegistrado') as unknown as PacienteRegistrado | undefined;
  return registro?.data.aceptaVideoconferencia === true;
}

/**
 * 409 naming the reason when the appointment cannot be held in `modalidad`: the psychologist does not
 * offer it, this server has no video service (JITSI_* unset), or the patient did not accept
 * videoconference. `psicologo`: the psychologist's state when the caller already read it.
 */
export async function comprobarModalidad(
  deps: CommandDeps, idPaciente: number, idPsicologo: number, modalidad: Modalidad, psicologo?: Psicologo,
): Promise<void> {
  const estado = psicologo ?? (await deps.store.readStream(psicologoStream(idPsicologo))).reduce((s, e) => evolvePsicologo(s, e as never), { status: 'nuevo' } as Psicologo);
  if (modalidad === 'ONLINE' && !deps.config.jitsi) {
    throw errors.conflict(
      'Las sesiones online no están disponibles: el servidor no tiene configurado el servicio de videollamada (JITSI_*)',
      'Online sessions are not available: this server has no video service configured (JITSI_*)',
    );
  }
  if (!modalidadesDe(estado).includes(modalidad)) {
    throw errors.conflict(`El psicólogo no ofrece citas en modalidad ${modalidad}`, `The psychologist does not offer ${modalidad} appointments`);
  }
  if (modalidad === 'ONLINE' && !(await aceptaVideoconferencia(deps, idPaciente))) {
    throw errors.conflict(
      'El paciente no ha aceptado las sesiones por videoconferencia (aceptaVideoconferencia)',
      'The patient has not accepted videoconference sessions (aceptaVideoconferencia)',
    );
  }
}

/** What an ONLINE booking adds to CrearCita: its modality and a fresh room. */
export const datosModalidad = (modalidad: Modalidad | undefined) => (modalidad === 'ONLINE' ? { modalidad, sala: nuevaSala() } : {});

/** The psychologist chooses what they offer: one or both modalities. */
export async function cambiarModalidades(deps: CommandDeps, actor: Actor, idPsicologo: number, modalidades: Modalidad[]) {
  const step = { streamId: psicologoStream(idPsicologo), decider: psicologoDecider, command: { type: 'CambiarModalidades' as const, data: { modalidades } } };
  return handleCommand(deps.store, [step], commandContext(deps, actor));
}
