import type { DomainEvent } from '../events/domain-event.ts';
import { ReservationTakenError, type Position, type Reservation } from '../eventstore/port.ts';
import { type Rol, usuarioStream } from '../events/usuario.ts';
import { pacienteStream, type DireccionData, type MetodoPago } from '../events/paciente.ts';
import { psicologoStream } from '../events/psicologo.ts';
import { errors } from '../platform/errors.ts';
import { form } from '../platform/validation.ts';
import { hashPassword, normaliseEmail } from '../platform/security.ts';
import type { Actor } from './decider.ts';
import { commandContext, type CommandDeps } from './deps.ts';
import { handleCommand, type Step } from './handler.ts';
import { usuarioDecider } from './usuario.ts';
import { pacienteDecider } from './paciente.ts';
import { psicologoDecider } from './psicologo.ts';
import { validateCodigoPostal } from './direccion-rules.ts';

/** bcrypt in the queue bounded to the cores, where the process has one. */
const hashed = (deps: CommandDeps, password: string) => {
  const hash = () => hashPassword(password, deps.config.bcryptCost);
  return deps.throttles ? deps.throttles.bcrypt.run(hash) : hash();
};

export interface UsuarioInput {
  nombre: string;
  apellido: string;
  email: string;
  password: string;
  dni?: string | null;
}

export interface PacienteInput {
  usuario: UsuarioInput;
  fechaNacimiento: string;
  genero?: string | null;
  telefono?: string | null;
  direccion?: Omit<DireccionData, 'idDireccion' | 'descripcion'>[] & { descripcion?: string | null }[];
  metodoPago?: MetodoPago | null;
  aceptaTerminos?: boolean;
  aceptaVideoconferencia?: boolean;
  aceptaComunicacion?: boolean;
}

export interface PsicologoInput extends UsuarioInput {
  especialidad?: string | null;
  experiencia: number;
  descripcion?: string | null;
  licencia?: string | null;
}

export interface Registered {
  idUsuario: number;
  position: Position | null;
  /** The decided events (the response is built from them, not read back). */
  events: DomainEvent[];
}

// At least one letter (Latin, Greek or Cyrillic) and one digit. Spelled without \p{L}: the OpenAPI
// document carries it, and JSON Schema tools read patterns without the u flag.
export const PASSWORD_PATTERN = form(
  '^(?=[\\s\\S]*[A-Za-zÀ-ÖØ-öø-ɏͰ-ϿЀ-ӿ])(?=[\\s\\S]*\\d)',
  'una contraseña con al menos una letra y un dígito', 'a password with at least one letter and one digit',
);

/** 8 to 72 bytes (bcrypt's limit; the schema counts characters), at least one letter and one digit. */
export function checkPassword(password: string): void {
  const bytes = Buffer.byteLength(password, 'utf8');
  if (bytes < 8 || bytes > 72 || !new RegExp(PASSWORD_PATTERN, 'u').test(password)) {
    throw errors.invalid(
      'password: se esperaba una contraseña de 8 a 72 bytes con al menos una letra y un dígito',
      'password: expected a password of 8 to 72 bytes with at least one letter and one digit',
    );
  }
}

export const emailReservation = (deps: CommandDeps, email: string): Reservation => ({
  scope: 'email',
  key: deps.lookupHash('email', normaliseEmail(email)),
});

export const licenciaReservation = (deps: CommandDeps, licencia: string): Reservation => ({
  scope: 'licencia',
  key: deps.lookupHash('licencia', licencia.trim().toUpperCase()),
});

async function usuarioStep(deps: CommandDeps, input: UsuarioInput, rol: Rol): Promise<Step> {
  checkPassword(input.password);
  const idUsuario = await deps.ids('usuario');
  const email = normaliseEmail(input.email);
  return {
    streamId: usuarioStream(idUsuario),
    decider: usuarioDecider,
    command: {
      type: 'RegistrarUsuario',
      data: {
        idUsuario, nombre: input.nombre.trim(), apellido: input.apellido.trim(), email,
        emailHash: deps.lookupHash('email', email),
        passwordHash: await hashed(deps, input.password),
        dni: input.dni ?? null, rol,
      },
    },
  };
}

async function appendRegistration(deps: CommandDeps, actor: Actor, steps: Step[], reservations: Reservation[]) {
  try {
    return await handleCommand(deps.store, steps, commandContext(deps, actor), () => reservations);
  } catch (err) {
    if (err instanceof ReservationTakenError && err.scope === 'email') {
      throw errors.conflict('El e-mail ya está registrado', 'E-mail already registered');
    }
    if (err instanceof ReservationTakenError && err.scope === 'licencia') {
      throw errors.conflict('La licencia ya está registrada', 'Licence already registered');
    }
    throw err;
  }
}

/** A user with no patient or psychologist record: an administrator or an auditor. */
async function registerUsuario(deps: CommandDeps, actor: Actor, input: UsuarioInput, rol: 'ADMIN' | 'AUDITOR'): Promise<Registered> {
  const step = await usuarioStep(deps, input, rol);
  const r = await appendRegistration(deps, actor, [step], [emailReservation(deps, input.email)]);
  return { idUsuario: step.command.data.idUsuario, position: r.position, events: r.events };
}

export const registerAdmin = (deps: CommandDeps, actor: Actor, input: UsuarioInput) => registerUsuario(deps, actor, input, 'ADMIN');

/** A read-only auditor (src/http/auditor-access.ts), registered by an administrator. */
export const registerAuditor = (deps: CommandDeps, actor: Actor, input: UsuarioInput) => registerUsuario(deps, actor, input, 'AUDITOR');

export async function registerPaciente(deps: CommandDeps, actor: Actor, input: PacienteInput): Promise<Registered> {
  const direcciones = input.direccion ?? [];
  direcciones.forEach((d) => validateCodigoPostal(d.codigoPostal, d.pais));
  const user = await usuarioStep(deps, input.usuario, 'PACIENTE');
  const idPaciente = await deps.ids('paciente');
  const withIds: DireccionData[] = [];
  for (const d of direcciones) withIds.push({ ...d, descripcion: d.descripcion ?? null, idDireccion: await deps.ids('direccion') });
  const paciente: Step = {
    streamId: pacienteStream(idPaciente),
    decider: pacienteDecider,
    command: {
      type: 'RegistrarPaciente',
      data: {
        idPaciente, idUsuario: user.command.data.idUsuario, idPsicologo: null,
        fechaNacimiento: input.fechaNacimiento, genero: input.genero ?? null, telefono: input.telefono ?? null,
        direcciones: withIds, metodoPago: input.metodoPago ?? null, estadoPago: 'PENDIENTE',
        aceptaTerminos: input.aceptaTerminos ?? false, aceptaVideoconferencia: input.aceptaVideoconferencia ?? false,
        aceptaComunicacion: input.aceptaComunicacion ?? false,
      },
    },
  };
  const r = await appendRegistration(deps, actor, [user, paciente], [emailReservation(deps, input.usuario.email)]);
  return { idUsuario: user.command.data.idUsuario, position: r.position, events: r.events };
}

export async function registerPsicologo(deps: CommandDeps, actor: Actor, input: PsicologoInput): Promise<Registered> {
  const user = await usuarioStep(deps, input, 'PSICOLOGO');
  const idPsicologo = await deps.ids('psicologo');
  const licencia = input.licencia?.trim() || null;
  const step: Step = {
    streamId: psicologoStream(idPsicologo),
    decider: psicologoDecider,
    command: {
      type: 'RegistrarPsicologo',
      data: {
        idPsicologo, idUsuario: user.command.data.idUsuario, especialidad: input.especialidad ?? null,
        experiencia: input.experiencia, descripcion: input.descripcion ?? null, licencia,
      },
    },
  };
  const reservations = [emailReservation(deps, input.email), ...(licencia ? [licenciaReservation(deps, licencia)] : [])];
  const r = await appendRegistration(deps, actor, [user, step], reservations);
  return { idUsuario: user.command.data.idUsuario, position: r.position, events: r.events };
}

/** Baja: the patient is dadoDeBaja and its user deactivated, in one append. */
export async function darDeBajaPaciente(deps: CommandDeps, actor: Actor, idPaciente: number, idUsuario: number) {
  return handleCommand(
    deps.store,
    [
      { streamId: pacienteStream(idPaciente), decider: pacienteDecider, command: { type: 'DarDeBajaPaciente' } },
      { streamId: usuarioStream(idUsuario), decider: usuarioDecider, command: { type: 'DesactivarUsuario', data: { motivo: 'BAJA_PACIENTE' } } },
    ],
    commandContext(deps, actor),
  );
}
