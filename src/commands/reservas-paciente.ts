import type { Actor, CommandContext, Decider } from './decider.ts';
import type { CommandDeps } from './deps.ts';
import type { Step } from './handler.ts';
import { errors } from '../platform/errors.ts';
import { evolvePaciente, pacienteStream, type Paciente } from '../events/paciente.ts';
import {
  evolveReservasPaciente, reservasPacienteStream,
  type ReservaAnotada, type ReservasPaciente, type ReservasPacienteEvent,
} from '../events/reservas-paciente.ts';

// What a patient may book themselves (docs/limits.md "Appointments a patient books"): how many
// appointments still to come, in all, with one psychologist and with psychologists not their own,
// how long each, and series only with their own psychologist. Psychologists booking for a patient
// are not bound, and what they book does not count: the limits stop accounts (free to make) from
// occupying agendas, not the practice's plans.

/** The counts a booking is held to; 0 turns one off (a psychologist's booking: all off). */
export interface Cupos {
  total: number;
  porPsicologo: number;
  /** With every psychologist other than `asignado`, together. */
  sinAsignar: number;
  /** The psychologist the practice assigned to the patient, as read for this booking. */
  asignado: number | null;
}

const SIN_CUPOS: Cupos = { total: 0, porPsicologo: 0, sinAsignar: 0, asignado: null };

export type ReservasPacienteCommand =
  | { type: 'AnotarReservas'; data: { idPaciente: number; citas: ReservaAnotada[] }; cupos: Cupos }
  | { type: 'MoverReserva'; data: { idPaciente: number; idCita: number; inicio: string }; cupos: Cupos }
  | { type: 'LiberarReserva'; data: { idPaciente: number; idCita: number } };

export const porPaciente = (actor: Actor) => actor.rol === 'PACIENTE';

/** The psychologist the practice assigned to an active patient, from their own stream's events, or null. */
export function asignadoEn(history: readonly unknown[]): number | null {
  let p: Paciente = { status: 'nuevo' };
  for (const e of history) p = evolvePaciente(p, e as never);
  return p.status === 'activo' ? p.idPsicologo : null;
}

/** The psychologist the practice assigned to an active patient (their own short stream), or null. */
export async function psicologoAsignado(deps: CommandDeps, idPaciente: number): Promise<number | null> {
  return asignadoEn(await deps.store.readStream(pacienteStream(idPaciente)));
}

/** Whether the counts of a booking by `actor` need the patient's assignment (their stream, read by the caller). */
export const cuposLeenAsignado = (deps: CommandDeps, actor: Actor) => porPaciente(actor) && deps.config.limits.patientMaxFutureAppointmentsUnassigned > 0;

/** The counts for a booking by `actor`, given the assignment when `cuposLeenAsignado` (else null). */
export function cuposCon(deps: CommandDeps, actor: Actor, asignado: number | null): Cupos {
  if (!porPaciente(actor)) return SIN_CUPOS;
  const l = deps.config.limits;
  const sinAsignar = l.patientMaxFutureAppointmentsUnassigned;
  return { total: l.patientMaxFutureAppointments, porPsicologo: l.patientMaxFutureAppointmentsPerPsychologist, sinAsignar, asignado: sinAsignar > 0 ? asignado : null };
}

/**
 * The counts for a booking by `actor`. The assignment is read here, not in the append: only the
 * administrator changes it, and the counts themselves are decided on the patient's own stream.
 */
export async function cuposDe(deps: CommandDeps, actor: Actor, idPaciente: number): Promise<Cupos> {
  return cuposCon(deps, actor, cuposLeenAsignado(deps, actor) ? await psicologoAsignado(deps, idPaciente) : null);
}

const demasiadas = (max: number) => errors.conflict(
  `Demasiadas citas futuras: como máximo ${max} por paciente (PATIENT_MAX_FUTURE_APPOINTMENTS)`,
  `Too many future appointments: at most ${max} per patient (PATIENT_MAX_FUTURE_APPOINTMENTS)`,
);
const demasiadasCon = (max: number) => errors.conflict(
  `Demasiadas citas futuras con este psicólogo: como máximo ${max} por paciente y psicólogo (PATIENT_MAX_FUTURE_APPOINTMENTS_PER_PSYCHOLOGIST)`,
  `Too many future appointments with this psychologist: at most ${max} per patient and psychologist (PATIENT_MAX_FUTURE_APPOINTMENTS_PER_PSYCHOLOGIST)`,
);
const demasiadasSinAsignar = (max: number) => errors.conflict(
  `Demasiadas citas futuras con psicólogos que no tiene asignados: como máximo ${max} (PATIENT_MAX_FUTURE_APPOINTMENTS_UNASSIGNED)`,
  `Too many future appointments with psychologists not assigned to you: at most ${max} (PATIENT_MAX_FUTURE_APPOINTMENTS_UNASSIGNED)`,
);

/** Those with a psychologist other than the assigned one, when the booking adds one: at most `sinAsignar`. */
function comprobarSinAsignar(futuras: { idPsicologo: number }[], anadidas: { idPsicologo: number }[], cupos: Cupos): void {
  const ajenas = (rs: { idPsicologo: number }[]) => rs.filter((r) => r.idPsicologo !== cupos.asignado).length;
  const nuevas = ajenas(anadidas);
  if (cupos.sinAsignar > 0 && nuevas > 0 && ajenas(futuras) + nuevas > cupos.sinAsignar) throw demasiadasSinAsignar(cupos.sinAsignar);
}

/**
 * Refuses when the appointments still to come (start after now), once `nuevas` are added (or put
 * at their new start), would exceed a count. Only what a booking adds is judged: a patient already
 * over a count (lowered since) keeps what they hold.
 */
function comprobarCupos(state: ReservasPaciente, nuevas: ReservaAnotada[], cupos: Cupos, now: number): void {
  const ids = new Set(nuevas.map((n) => n.idCita));
  const futuras = [...state].filter(([idCita, r]) => r.inicio > now && !ids.has(idCita)).map(([, r]) => r);
  const anadidas = nuevas.filter((n) => Date.parse(n.inicio) > now);
  if (anadidas.length === 0) return;
  if (cupos.total > 0 && futuras.length + anadidas.length > cupos.total) throw demasiadas(cupos.total);
  comprobarSinAsignar(futuras, anadidas, cupos);
  if (cupos.porPsicologo === 0) return;
  for (const idPsicologo of new Set(anadidas.map((n) => n.idPsicologo))) {
    const n = futuras.filter((r) => r.idPsicologo === idPsicologo).length + anadidas.filter((a) => a.idPsicologo === idPsicologo).length;
    if (n > cupos.porPsicologo) throw demasiadasCon(cupos.porPsicologo);
  }
}

function mover(c: Extract<ReservasPacienteCommand, { type: 'MoverReserva' }>, state: ReservasPaciente, ctx: CommandContext): ReservasPacienteEvent[] {
  const actual = state.get(c.data.idCita);
  const inicio = Date.parse(c.data.inicio);
  if (!actual || actual.inicio === inicio) return []; // booked by the psychologist (or before this stream): not counted
  const now = ctx.now.getTime();
  // Only a move that makes it count again (from a begun time to a future one) can exceed a count.
  if (actual.inicio <= now && inicio > now) comprobarCupos(state, [{ idCita: c.data.idCita, idPsicologo: actual.idPsicologo, inicio: c.data.inicio }], c.cupos, now);
  return [{ type: 'ReservaPacienteMovida', data: c.data }];
}

/** `reservas-paciente-<idPaciente>`: the patient's own bookings, counted against the limits. */
export const reservasPacienteDecider: Decider<ReservasPaciente, ReservasPacienteCommand, ReservasPacienteEvent> = {
  initialState: () => new Map(),
  evolve: evolveReservasPaciente,
  decide(command, state, ctx) {
    switch (command.type) {
      case 'AnotarReservas':
        comprobarCupos(state, command.data.citas, command.cupos, ctx.now.getTime());
        return [{ type: 'ReservasPacienteAnotadas', data: command.data }];
      case 'MoverReserva':
        return mover(command, state, ctx);
      case 'LiberarReserva':
        return state.has(command.data.idCita) ? [{ type: 'ReservaPacienteLiberada', data: command.data }] : [];
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};

export const reservasStep = (idPaciente: number, command: ReservasPacienteCommand): Step =>
  ({ streamId: reservasPacienteStream(idPaciente), decider: reservasPacienteDecider, command });

/** A patient books at most PATIENT_MAX_APPOINTMENT_MINUTES; `antes`: a kept length (a move) stays allowed. */
export function comprobarDuracion(deps: CommandDeps, actor: Actor, durationMinutes: number, antes = 0): void {
  const max = deps.config.limits.patientMaxAppointmentMinutes;
  if (!porPaciente(actor) || durationMinutes <= max || durationMinutes <= antes) return;
  throw errors.conflict(
    `Cita demasiado larga: un paciente puede pedir como máximo ${max} minutos (PATIENT_MAX_APPOINTMENT_MINUTES)`,
    `Appointment too long: a patient may book at most ${max} minutes (PATIENT_MAX_APPOINTMENT_MINUTES)`,
  );
}

/** A patient books a series only with the psychologist assigned to them (by the practice). */
export async function comprobarAsignado(deps: CommandDeps, idPaciente: number, idPsicologo: number): Promise<void> {
  if (await psicologoAsignado(deps, idPaciente) === idPsicologo) return;
  throw errors.conflict(
    'Solo puede pedir una serie de citas con el psicólogo que tiene asignado',
    'You can only book a series with the psychologist assigned to you',
  );
}
