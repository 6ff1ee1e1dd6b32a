import type { DomainEvent } from '../events/domain-event.ts';
import { ReservationTakenError, type Position, type Reservation } from '../eventstore/port.ts';
import { pacienteStream, type CambiosPaciente, type EstadoPago, type MetodoPago } from '../events/paciente.ts';
import { usuarioStream } from '../events/usuario.ts';
import type { KeyRing } from '../platform/crypto/keyring.ts';
import { errors } from '../platform/errors.ts';
import type { Actor } from './decider.ts';
import { commandContext, type CommandDeps } from './deps.ts';
import { handleCommand, type Step } from './handler.ts';
import { pacienteDecider, type PacienteCommand } from './paciente.ts';
import { usuarioDecider } from './usuario.ts';
import { cancelarCitasFuturas } from './erasure-citas.ts';
import { pacienteDe, pacienteVigente, psicologoExiste, registroDeUsuario, usuarioDe } from './streams.ts';

export interface CrearPacienteInput {
  idUsuario: number;
  idPsicologo: number;
  fechaNacimiento: string;
  genero?: string | null;
  telefono?: string | null;
  metodoPago?: MetodoPago | null;
  estadoPago?: EstadoPago;
}

export type ActualizarPacienteInput = CambiosPaciente & { idPsicologo?: number };

const pacienteNotFound = () => errors.notFound('Paciente', 'Patient');
const perfilExiste = () => errors.conflict('El usuario ya tiene un perfil de paciente', 'The user already has a patient profile');

const pacienteStep = (idPaciente: number, command: PacienteCommand): Step => ({
  streamId: pacienteStream(idPaciente), decider: pacienteDecider, command,
});

async function requirePsicologo(deps: CommandDeps, idPsicologo: number | undefined): Promise<void> {
  if (idPsicologo !== undefined && !(await psicologoExiste(deps.store, idPsicologo))) {
    throw errors.invalid('El psicólogo no existe', 'The psychologist does not exist');
  }
}

/**
 * One profile per user: registration creates user and profile together (no reservation), so the
 * read side's index shows any earlier profile; two concurrent creations for one user meet at this
 * reservation.
 */
const perfilReservation = (deps: CommandDeps, idUsuario: number): Reservation => ({
  scope: 'perfil-paciente', key: deps.lookupHash('perfil-paciente', String(idUsuario)),
});

/** The patient profile of an existing PACIENTE user who has none (administration). */
export async function crearPaciente(deps: CommandDeps, actor: Actor, input: CrearPacienteInput): Promise<{ idPaciente: number; position: Position | null; events: DomainEvent[] }> {
  const usuario = await usuarioDe(deps.store, input.idUsuario);
  if (usuario.status !== 'activo' || usuario.rol !== 'PACIENTE') {
    throw errors.invalid('El usuario no existe o no es un paciente activo', 'The user does not exist or is not an active patient');
  }
  if ((await deps.lookups.pacienteDeUsuario(input.idUsuario)) !== null) throw perfilExiste();
  await requirePsicologo(deps, input.idPsicologo);
  const idPaciente = await deps.ids('paciente');
  const step = pacienteStep(idPaciente, {
    type: 'RegistrarPaciente',
    data: {
      idPaciente, idUsuario: input.idUsuario, idPsicologo: input.idPsicologo, fechaNacimiento: input.fechaNacimiento,
      genero: input.genero ?? null, telefono: input.telefono ?? null, direcciones: [], metodoPago: input.metodoPago ?? null,
      estadoPago: input.estadoPago ?? 'PENDIENTE', aceptaTerminos: false, aceptaVideoconferencia: false, aceptaComunicacion: false,
    },
  });
  try {
    const r = await handleCommand(deps.store, [step], commandContext(deps, actor), () => [perfilReservation(deps, input.idUsuario)]);
    return { idPaciente, position: r.position, events: r.events };
  } catch (err) {
    if (err instanceof ReservationTakenError) throw perfilExiste();
    throw err;
  }
}

export async function actualizarPaciente(deps: CommandDeps, actor: Actor, idPaciente: number, input: ActualizarPacienteInput) {
  await requirePsicologo(deps, input.idPsicologo);
  return handleCommand(deps.store, [pacienteStep(idPaciente, { type: 'ActualizarPaciente', data: input })], commandContext(deps, actor));
}

/** Assignment by an administrator: an unknown patient or psychologist is 404 here (the spec's rule). */
export async function asignarPsicologo(deps: CommandDeps, actor: Actor, idPaciente: number, idPsicologo: number) {
  if (!(await psicologoExiste(deps.store, idPsicologo))) throw errors.notFound('Psicólogo', 'Psychologist');
  return handleCommand(deps.store, [pacienteStep(idPaciente, { type: 'AsignarPsicologo', data: { idPsicologo } })], commandContext(deps, actor));
}

export type ErasureDeps = CommandDeps & { keys: KeyRing };

/** Crypto-shredding: every field sealed under the person's identity key becomes unreadable. */
async function destroyIdentity(deps: ErasureDeps, idPaciente: number): Promise<void> {
  await deps.keys.destroy(await deps.keys.resolve(pacienteStream(idPaciente)), 'identity');
}

/** The user and e-mail hash of a patient not yet erased, from their own streams. */
async function erasureTarget(deps: CommandDeps, idPaciente: number): Promise<{ idUsuario: number; emailHash: string } | null> {
  const paciente = await pacienteDe(deps.store, idPaciente);
  if (!pacienteVigente(paciente)) return null;
  const registro = await registroDeUsuario(deps.store, paciente.idUsuario);
  return registro ? { idUsuario: paciente.idUsuario, emailHash: registro.emailHash } : null;
}

/**
 * Erasure of a patient (right to erasure): PacienteEliminado, the user deactivated and its e-mail
 * reservation released in one append; mail still waiting for the address is dropped; then the
 * person's identity key is destroyed, which blanks their personal fields in every event, and
 * their appointments still to come are cancelled.
 */
export async function eliminarPaciente(deps: ErasureDeps, actor: Actor, idPaciente: number): Promise<{ position: Position | null; events: DomainEvent[] }> {
  const target = await erasureTarget(deps, idPaciente);
  if (!target) {
    // Erased already (or never existed). If a crash came between the event and the key's
    // destruction, asking again completes the erasure; either way the answer is 404.
    const history = await deps.store.readStream(pacienteStream(idPaciente));
    if (history.some((e) => e.type === 'PacienteEliminado')) {
      await destroyIdentity(deps, idPaciente);
      await cancelarCitasFuturas(deps, actor, idPaciente);
    }
    throw pacienteNotFound();
  }
  // Read before the read models blank the person; purged before the append (a crash after it
  // leaves nothing waiting) and again after it (rows the reactors queued meanwhile).
  const avisos = await deps.lookups.avisosPendientesDe(target.idUsuario);
  await avisos?.purge();
  const steps: Step[] = [
    pacienteStep(idPaciente, { type: 'EliminarPaciente' }),
    { streamId: usuarioStream(target.idUsuario), decider: usuarioDecider, command: { type: 'DesactivarUsuario', data: { motivo: 'ELIMINACION_PACIENTE' } } },
  ];
  // The release leaves no keyed hash of the e-mail behind, and lets the address register anew.
  const release: Reservation = { scope: 'email', key: target.emailHash, release: true };
  const r = await handleCommand(deps.store, steps, commandContext(deps, actor), () => [release]);
  await destroyIdentity(deps, idPaciente);
  // After the append, which deactivates the user: new bookings stop. (A booking stored just before
  // it may reach the read model later: the route runs this again once the read models have caught
  // up.) The notices name nobody whatever the read models show (erasure-citas.ts), so destroying
  // the key first costs nothing.
  const canceladas = await cancelarCitasFuturas(deps, actor, idPaciente);
  await avisos?.purge();
  return { position: canceladas.position ?? r.position, events: [...r.events, ...canceladas.events] };
}
