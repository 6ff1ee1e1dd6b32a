import type { DomainEvent } from '../events/domain-event.ts';
// Application service of the messages area: the same path for REST and the STOMP channel.
import type { Position } from '../eventstore/port.ts';
import { mensajeStream } from '../events/mensaje.ts';
import { citaStream, evolveCita, type Cita, type CitaEvent } from '../events/cita.ts';
import type { Rol } from '../events/usuario.ts';
import { errors } from '../platform/errors.ts';
import type { Actor } from './decider.ts';
import { commandContext, type CommandDeps } from './deps.ts';
import { handleCommand } from './handler.ts';
import { mensajeDecider } from './mensaje.ts';
import { foldStream, pacienteDe, pacienteVigente, psicologoDe, usuarioDe } from './streams.ts';

/** Who sends: the authenticated caller (never read from a body). */
export interface Remitente {
  idUsuario: number;
  rol: Rol;
  idPaciente: number | null;
  idPsicologo: number | null;
}

export interface EnvioInput {
  receiverId: number;
  mensaje: string;
  idCita?: number | null;
}

const receptorInvalido = () => errors.invalid('El destinatario no existe', 'The receiver does not exist');
const citaInvalida = () => errors.invalid('La cita no existe', 'The appointment does not exist');

/**
 * Who may write to whom. Staff (ADMIN, PSICOLOGO) can be written to by anyone; an administrator
 * writes to anyone; a psychologist writes to their own patients and to whoever wrote to them; a
 * patient never writes to another patient. A receiver outside these reads as one that does not
 * exist (400, as the spec has for a non-existent receiverId). Returns the conversation's patient.
 */
async function checkReceptor(deps: CommandDeps, sender: Remitente, receiverId: number): Promise<number | null> {
  if (receiverId === sender.idUsuario) throw errors.invalid('No puede enviarse un mensaje a sí mismo', 'You cannot message yourself');
  // An auditor only reads the audit: it neither writes nor is written to (src/http/auditor-access.ts).
  if (sender.rol === 'AUDITOR') throw errors.auditorReadOnly();
  const r = await usuarioDe(deps.store, receiverId);
  if (r.status !== 'activo' || r.rol === 'AUDITOR') throw receptorInvalido();
  if (r.rol !== 'PACIENTE') return sender.rol === 'PACIENTE' ? sender.idPaciente : null;
  // Which patient the user is has no stream of its own to say (a profile may come after the user).
  const idPaciente = await deps.lookups.pacienteDeUsuario(receiverId);
  const allowed = sender.rol === 'ADMIN'
    || (sender.rol === 'PSICOLOGO' && ((sender.idPsicologo !== null && idPaciente !== null && (await asignadoA(deps, idPaciente)) === sender.idPsicologo)
      || (await deps.lookups.hasWrittenTo(receiverId, sender.idUsuario))));
  if (!allowed) throw receptorInvalido();
  return idPaciente;
}

/** The psychologist the patient's own stream has them assigned to. */
async function asignadoA(deps: CommandDeps, idPaciente: number): Promise<number | null> {
  const p = await pacienteDe(deps.store, idPaciente);
  return pacienteVigente(p) ? p.idPsicologo : null;
}

/** The appointment must exist and be one of the two people's (an administrator may name any). */
async function checkCita(deps: CommandDeps, sender: Remitente, receiverId: number, idCita: number): Promise<void> {
  const cita = await foldStream<Cita, CitaEvent>(deps.store, citaStream(idCita), { status: 'nueva' }, evolveCita);
  if (cita.status === 'nueva') throw citaInvalida();
  if (sender.rol === 'ADMIN') return;
  const people = await usuariosDeCita(deps, cita);
  if (!people.includes(sender.idUsuario) && !people.includes(receiverId)) throw citaInvalida();
}

/** The users of the appointment's patient and psychologist (null for an erased patient or a deleted profile). */
async function usuariosDeCita(deps: CommandDeps, cita: Extract<Cita, { status: 'existente' }>): Promise<(number | null)[]> {
  const [paciente, psicologo] = await Promise.all([pacienteDe(deps.store, cita.idPaciente), psicologoDe(deps.store, cita.idPsicologo)]);
  return [pacienteVigente(paciente) ? paciente.idUsuario : null, psicologo.status === 'activo' ? psicologo.idUsuario : null];
}

export async function enviarMensaje(deps: CommandDeps, sender: Remitente, input: EnvioInput): Promise<{ idMensaje: number; position: Position | null; events: DomainEvent[] }> {
  if (!input.mensaje.trim()) throw errors.invalid('El mensaje no puede estar vacío', 'mensaje must not be empty');
  const idPaciente = await checkReceptor(deps, sender, input.receiverId);
  const idCita = input.idCita ?? null;
  if (idCita !== null) await checkCita(deps, sender, input.receiverId, idCita);
  const idMensaje = await deps.ids('mensaje');
  const actor: Actor = { idUsuario: sender.idUsuario, rol: sender.rol };
  const r = await handleCommand(
    deps.store,
    [{
      streamId: mensajeStream(idMensaje),
      decider: mensajeDecider,
      command: { type: 'EnviarMensaje', data: { idMensaje, senderId: sender.idUsuario, receiverId: input.receiverId, idCita, idPaciente, mensaje: input.mensaje } },
    }],
    commandContext(deps, actor),
  );
  return { idMensaje, position: r.position, events: r.events };
}

/** Only the receiver marks a message read; for anyone else it does not exist (404). Idempotent. */
export async function marcarLeido(deps: CommandDeps, user: Remitente, idMensaje: number) {
  return handleCommand(
    deps.store,
    [{ streamId: mensajeStream(idMensaje), decider: mensajeDecider, command: { type: 'MarcarLeido', data: { idUsuario: user.idUsuario } } }],
    commandContext(deps, { idUsuario: user.idUsuario, rol: user.rol }),
  );
}
