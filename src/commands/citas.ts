import type { DomainEvent } from '../events/domain-event.ts';
import type { Position } from '../eventstore/port.ts';
import { citaStream, type CausaCancelacion, type Cita, type EstadoCita, type Modalidad } from '../events/cita.ts';
import { agendaDiaStream, agendaPacienteDiaStream, bloqueoStream, evolveUbicacion, type Ubicacion } from '../events/agenda.ts';
import { evolvePsicologo, psicologoStream, type Psicologo, type PsicologoEvent } from '../events/psicologo.ts';
import { pacienteStream } from '../events/paciente.ts';
import { errors } from '../platform/errors.ts';
import { diasLocales, tramoBloqueo, tramoCita, withSeconds } from '../platform/agenda-time.ts';
import type { Actor, Decider } from './decider.ts';
import { commandContext, type CommandDeps } from './deps.ts';
import { handleCommand, type Step } from './handler.ts';
import { citaDecider, MAX_DURACION_MINUTOS, type Alcance } from './cita.ts';
import { agendaDecider, agendaPacienteDecider, ubicacionDecider, type AgendaCommand, type AgendaPacienteCommand } from './agenda.ts';
import { horarioStep } from './horario.ts';
import { horarioStream } from '../events/horario.ts';
import { comprobarModalidad, datosModalidad, nuevaSala } from './modalidades.ts';
import { asignadoEn, comprobarDuracion, cuposCon, cuposDe, cuposLeenAsignado, porPaciente, reservasStep } from './reservas-paciente.ts';
import { reservasPacienteStream } from '../events/reservas-paciente.ts';
import { pasosConsentimiento, requeridosDe } from './consentimientos.ts';
import { REQUERIDOS_STREAM } from '../events/consentimiento.ts';

// Application services of appointments and blocked time. Every change of occupied time is one
// atomic append to the appointment's stream and the day streams of the psychologist's and the
// patient's agendas that the old and new times overlap (src/events/agenda.ts), each with the
// revision read: a concurrent booking of the same slot fails its expectation, is decided again on
// the new day and answers 409. Decisions read only those few short streams, never read models.

/** Default length of an appointment: the spec's listing shape shows 50 minutes. */
export const DURACION_POR_DEFECTO = 50;

export interface NuevaCita {
  idPsicologo: number;
  startDatetime: string;
  durationMinutes?: number;
  motivo?: string | null;
  /** Absent: PRESENCIAL (docs/care.md "Online sessions"). */
  modalidad?: Modalidad;
}

export interface CambiosCita {
  startDatetime?: string;
  durationMinutes?: number;
  motivo?: string | null;
}

export interface NuevoBloqueo {
  fecha: string;
  horaInicio?: string | null;
  horaFin?: string | null;
  motivo: string;
}

/** A reason left blank is no reason. */
const limpio = (motivo: string | null | undefined) => (motivo?.trim() ? motivo.trim() : null);

const citaStep = (idCita: number, command: Step['command']): Step => ({ streamId: citaStream(idCita), decider: citaDecider, command });
const agendaStep = (idPsicologo: number, dia: string, command: AgendaCommand): Step =>
  ({ streamId: agendaDiaStream(idPsicologo, dia), decider: agendaDecider, command });
const pacienteStep = (idPaciente: number, dia: string, command: AgendaPacienteCommand): Step =>
  ({ streamId: agendaPacienteDiaStream(idPaciente, dia), decider: agendaPacienteDecider, command });

async function fold<S, E>(deps: CommandDeps, streamId: string, initial: S, evolve: (s: S, e: E) => S): Promise<S> {
  let state = initial;
  for (const e of await deps.store.readStream(streamId)) state = evolve(state, e as never);
  return state;
}

/** The appointment as its stream says now (not the read model, which may lag). 404 when it does not exist. */
async function loadCita(deps: CommandDeps, idCita: number): Promise<Extract<Cita, { status: 'existente' }>> {
  const state = await fold(deps, citaStream(idCita), citaDecider.initialState(), citaDecider.evolve);
  if (state.status === 'nueva') throw errors.notFound('Cita', 'Appointment');
  return state;
}

/**
 * The local days an appointment's time occupies; none when the time cannot be placed (an invalid
 * length or a wall-clock time that does not exist): the cita decider then refuses it with its 400,
 * since it checks the very same things before any agenda step decides.
 */
function diasCita(startDatetime: string, durationMinutes: number, zone: string): string[] {
  if (!Number.isInteger(durationMinutes) || durationMinutes <= 0 || durationMinutes > MAX_DURACION_MINUTOS) return [];
  const t = tramoCita(startDatetime, durationMinutes, zone);
  return t ? diasLocales(t, zone) : [];
}

/** Read-only check on the psychologist's own stream: the booking needs an active psychologist. */
export const psicologoActivo: Decider<Psicologo, { type: 'ComprobarPsicologo' }, PsicologoEvent> = {
  initialState: () => ({ status: 'nuevo' }),
  evolve: evolvePsicologo,
  decide(_command, state) {
    if (state.status !== 'activo') throw errors.invalid('El psicólogo indicado no existe', 'The given psychologist does not exist');
    return [];
  },
};

export async function reservarCita(deps: CommandDeps, actor: Actor, idPaciente: number, input: NuevaCita): Promise<{ idCita: number; position: Position | null; events: DomainEvent[] }> {
  const ctx = commandContext(deps, actor);
  const durationMinutes = input.durationMinutes ?? DURACION_POR_DEFECTO;
  comprobarDuracion(deps, actor, durationMinutes);
  // On the psychologist's own stream (a few events), before an id is taken. Deleting a
  // psychologist does not go through the agenda, so this is a check, not part of the append. The
  // patient's stream (their assignment, for the counts) and the consents required come in the same round trip.
  const leeAsignado = cuposLeenAsignado(deps, actor);
  const startDatetime = withSeconds(input.startDatetime);
  const dias = diasCita(startDatetime, durationMinutes, ctx.timezone);
  // The streams the append will hold its checks on come in the same round trip, read before the id
  // is taken (none depends on it): the command's first attempt folds them instead of reading again.
  const holds = [
    horarioStream(input.idPsicologo), ...(porPaciente(actor) ? [reservasPacienteStream(idPaciente)] : []),
    ...dias.map((dia) => agendaDiaStream(input.idPsicologo, dia)), ...dias.map((dia) => agendaPacienteDiaStream(idPaciente, dia)),
  ];
  const first = [psicologoStream(input.idPsicologo), REQUERIDOS_STREAM, ...(leeAsignado ? [pacienteStream(idPaciente)] : [])];
  const read = await deps.store.readStreams([...first, ...holds]);
  const [psicologoEvents, requeridosEvents] = read;
  const pacienteEvents = leeAsignado ? read[2] : [];
  const held = read.slice(first.length);
  const psicologo = psicologoEvents.reduce((st, e) => psicologoActivo.evolve(st, e as never), psicologoActivo.initialState());
  psicologoActivo.decide({ type: 'ComprobarPsicologo' }, psicologo, ctx);
  await comprobarModalidad(deps, idPaciente, input.idPsicologo, input.modalidad ?? 'PRESENCIAL', psicologo);
  const cupos = cuposCon(deps, actor, leeAsignado ? asignadoEn(pacienteEvents) : null);
  const idCita = await deps.ids('cita');
  const hueco = { idPsicologo: input.idPsicologo, idCita, startDatetime, durationMinutes };
  const horario = { idPaciente, idCita, startDatetime, durationMinutes };
  // A time that cannot be placed has no day and no count: the cita step refuses it first (400).
  const inicio = dias.length ? tramoCita(hueco.startDatetime, durationMinutes, ctx.timezone)!.inicio : null;
  const cuenta = porPaciente(actor) && inicio
    ? [reservasStep(idPaciente, { type: 'AnotarReservas', data: { idPaciente, citas: [{ idCita, idPsicologo: input.idPsicologo, inicio }] }, cupos })]
    : [];
  // Required consent (none by default): checked and recorded in the same append (docs/care.md).
  const consentimiento = await pasosConsentimiento(deps, idPaciente, [idCita], input.modalidad, requeridosDe(requeridosEvents));
  const r = await handleCommand(deps.store, [
    // The appointment's id was just taken from the sequence: its stream cannot exist yet.
    { ...citaStep(idCita, { type: 'CrearCita', data: { ...hueco, idPaciente, motivo: limpio(input.motivo), ...datosModalidad(input.modalidad) } }), fresh: true },
    ...consentimiento,
    ...cuenta,
    horarioStep(input.idPsicologo, hueco.startDatetime, hueco.durationMinutes),
    ...dias.map((dia) => agendaStep(input.idPsicologo, dia, { type: 'ReservarHueco', data: hueco })),
    ...dias.map((dia) => pacienteStep(idPaciente, dia, { type: 'ReservarHorario', data: horario })),
  ], ctx, undefined, new Map(holds.map((streamId, i) => [streamId, held[i]])));
  return { idCita, position: r.position, events: r.events };
}

/**
 * A patient moves their appointment or corrects its reason; a new time is checked against both
 * agendas again: released on the days it leaves, reserved on the days it reaches, moved on the
 * days it stays on, all in one append. The plan re-reads the appointment on every attempt, so a
 * concurrent move cannot leave a day behind.
 */
export async function reprogramarCita(deps: CommandDeps, actor: Actor, idCita: number, alcance: Alcance, cambios: CambiosCita) {
  const ctx = commandContext(deps, actor);
  return handleCommand(deps.store, async () => {
    const cita = await loadCita(deps, idCita);
    const startDatetime = cambios.startDatetime !== undefined ? withSeconds(cambios.startDatetime) : cita.startDatetime;
    const durationMinutes = cambios.durationMinutes ?? cita.durationMinutes;
    const motivo = cambios.motivo !== undefined ? limpio(cambios.motivo) : cita.motivo;
    const { idPsicologo, idPaciente } = cita;
    // Judged only on one's own appointment: another's answers 404 below, never its length.
    if (alcance !== 'todas' && 'idPaciente' in alcance && alcance.idPaciente === idPaciente) comprobarDuracion(deps, actor, durationMinutes, cita.durationMinutes);
    const antes = cita.estado === 'PENDIENTE' || cita.estado === 'CONFIRMADA' ? diasCita(cita.startDatetime, cita.durationMinutes, ctx.timezone) : [];
    const despues = diasCita(startDatetime, durationMinutes, ctx.timezone);
    const hueco = { idPsicologo, idCita, startDatetime, durationMinutes };
    const horario = { idPaciente, idCita, startDatetime, durationMinutes };
    const liberados = antes.filter((d) => !despues.includes(d));
    const inicio = despues.length ? tramoCita(startDatetime, durationMinutes, ctx.timezone)!.inicio : null;
    return [
      citaStep(idCita, { type: 'ReprogramarCita', data: { alcance, startDatetime, durationMinutes, motivo, salaNueva: nuevaSala() } }),
      // The patient's own bookings follow it (a move from a begun time to a future one counts again).
      ...(inicio ? [reservasStep(idPaciente, { type: 'MoverReserva', data: { idPaciente, idCita, inicio }, cupos: await cuposDe(deps, actor, idPaciente) })] : []),
      // Only a new time must be inside working hours: a kept one stays even if the template changed.
      ...(startDatetime !== cita.startDatetime || durationMinutes !== cita.durationMinutes ? [horarioStep(idPsicologo, startDatetime, durationMinutes)] : []),
      ...despues.map((dia) => agendaStep(idPsicologo, dia, { type: 'MoverHueco', data: hueco })),
      ...liberados.map((dia) => agendaStep(idPsicologo, dia, { type: 'LiberarHueco', data: { idPsicologo, idCita } })),
      ...despues.map((dia) => pacienteStep(idPaciente, dia, { type: 'MoverHorario', data: horario })),
      ...liberados.map((dia) => pacienteStep(idPaciente, dia, { type: 'LiberarHorario', data: { idPaciente, idCita } })),
    ];
  }, ctx);
}

/** Cancellation frees the slot on every day it occupies, in both agendas, in the same append. */
export async function cancelarCita(deps: CommandDeps, actor: Actor, idCita: number, alcance: Alcance, por: 'PACIENTE' | 'PSICOLOGO' | 'ADMIN', causa?: CausaCancelacion) {
  const ctx = commandContext(deps, actor);
  return handleCommand(deps.store, async () => {
    const cita = await loadCita(deps, idCita);
    const { idPsicologo, idPaciente } = cita;
    const dias = diasCita(cita.startDatetime, cita.durationMinutes, ctx.timezone);
    return [
      citaStep(idCita, { type: 'CancelarCita', data: { alcance, por, ...(causa ? { causa } : {}) } }),
      reservasStep(idPaciente, { type: 'LiberarReserva', data: { idPaciente, idCita } }),
      ...dias.map((dia) => agendaStep(idPsicologo, dia, { type: 'LiberarHueco', data: { idPsicologo, idCita } })),
      ...dias.map((dia) => pacienteStep(idPaciente, dia, { type: 'LiberarHorario', data: { idPaciente, idCita } })),
    ];
  }, ctx);
}

/** The psychologist confirms, cancels or completes one of their appointments. */
export async function cambiarEstadoCita(deps: CommandDeps, actor: Actor, idCita: number, idPsicologo: number, estado: EstadoCita) {
  if (estado === 'CANCELADA') return cancelarCita(deps, actor, idCita, { idPsicologo }, 'PSICOLOGO');
  return handleCommand(deps.store, [citaStep(idCita, { type: 'CambiarEstadoCita', data: { alcance: { idPsicologo }, estado } })], commandContext(deps, actor));
}

/**
 * A block lies on its own local date (whole day: midnight to midnight of the practice's zone), so
 * it is one day stream, plus `bloqueo-<id>` recording where it lies for a later deletion.
 */
export async function crearBloqueo(deps: CommandDeps, actor: Actor, idPsicologo: number, input: NuevoBloqueo) {
  const ctx = commandContext(deps, actor);
  const idBloqueo = await deps.ids('bloqueo');
  const data = {
    idPsicologo, idBloqueo, fecha: input.fecha, horaInicio: input.horaInicio ?? null, horaFin: input.horaFin ?? null, motivo: input.motivo.trim(),
  };
  // An invalid time is refused by the decider (with its 400) on the stream of the fecha.
  const t = data.horaInicio === null || data.horaFin === null || data.horaInicio < data.horaFin
    ? tramoBloqueo(data.fecha, data.horaInicio, data.horaFin, ctx.timezone)
    : null;
  const dias = t ? diasLocales(t, ctx.timezone) : [data.fecha];
  const r = await handleCommand(deps.store, [
    ...dias.map((dia) => agendaStep(idPsicologo, dia, { type: 'CrearBloqueo', data })),
    { streamId: bloqueoStream(idBloqueo), decider: ubicacionDecider, command: { type: 'UbicarBloqueo', data: { idPsicologo, idBloqueo, dias } } },
  ], ctx);
  return { idBloqueo, position: r.position, events: r.events };
}

/** A block of another psychologist is not in this agenda: 404. Its day streams come from `bloqueo-<id>`. */
export async function eliminarBloqueo(deps: CommandDeps, actor: Actor, idPsicologo: number, idBloqueo: number) {
  const ubicacion: Ubicacion = await fold(deps, bloqueoStream(idBloqueo), ubicacionDecider.initialState(), evolveUbicacion);
  if (ubicacion.status !== 'ubicado' || ubicacion.idPsicologo !== idPsicologo) throw errors.notFound('Bloqueo', 'Blocked time');
  return handleCommand(
    deps.store,
    ubicacion.dias.map((dia) => agendaStep(idPsicologo, dia, { type: 'EliminarBloqueo', data: { idPsicologo, idBloqueo } })),
    commandContext(deps, actor),
  );
}
