import { DateTime } from 'luxon';
import type { DomainEvent } from '../events/domain-event.ts';
import type { Position } from '../eventstore/port.ts';
import { citaStream, evolveCita, type Alcance, type Cita, type Modalidad } from '../events/cita.ts';
import { agendaDiaStream, agendaPacienteDiaStream } from '../events/agenda.ts';
import { evolvePsicologo, psicologoStream, type Psicologo } from '../events/psicologo.ts';
import { evolvePaciente, pacienteStream, type Paciente } from '../events/paciente.ts';
import { DIAS_FRECUENCIA, evolveSerie, serieStream, type Frecuencia, type Serie } from '../events/serie.ts';
import { AppError, errors } from '../platform/errors.ts';
import { diasLocales, tramoCita, withSeconds } from '../platform/agenda-time.ts';
import type { Actor, CommandContext, Decider } from './decider.ts';
import { commandContext, type CommandDeps } from './deps.ts';
import { handleCommand, type Step } from './handler.ts';
import { citaDecider, MAX_DURACION_MINUTOS } from './cita.ts';
import { agendaDecider, agendaPacienteDecider } from './agenda.ts';
import { DURACION_POR_DEFECTO } from './citas.ts';
import { anotar, causas, serieDecider, type Causa, type Conflictos } from './serie.ts';
import { horarioDecider, horarioStep } from './horario.ts';
import { comprobarModalidad, datosModalidad } from './modalidades.ts';
import { comprobarAsignado, comprobarDuracion, cuposDe, porPaciente, reservasStep, type Cupos } from './reservas-paciente.ts';
import { pasosConsentimiento } from './consentimientos.ts';

// Recurring series: every occurrence is an ordinary appointment (its own `cita-<id>` stream and
// agenda days), and the whole series is ONE atomic append with the revisions read, so a
// concurrent booking of any of its slots makes exactly one of them win. All or nothing: each
// occurrence's steps record why they refuse instead of throwing, and the series step, decided
// last, refuses the whole append naming every date that could not be booked.

export const MAX_REPETICIONES = 52;

export interface NuevaSerie {
  startDatetime: string;
  durationMinutes?: number;
  motivo?: string | null;
  frecuencia: Frecuencia;
  repeticiones: number;
  /** Of every occurrence; absent: PRESENCIAL. Each ONLINE occurrence gets a room of its own. */
  modalidad?: Modalidad;
}

/**
 * The local starts of the occurrences: the same wall-clock time every 7 or 14 days, so 10:00
 * stays 10:00 in the practice's zone across a daylight-saving change (the arithmetic is on the
 * wall clock, not on instants).
 */
export function ocurrencias(startDatetime: string, frecuencia: Frecuencia, repeticiones: number): string[] {
  const first = DateTime.fromISO(withSeconds(startDatetime), { zone: 'UTC' });
  if (!first.isValid) throw errors.invalid('startDatetime no es una fecha y hora válida', 'startDatetime is not a valid date and time');
  return Array.from({ length: repeticiones }, (_, i) => first.plus({ days: i * DIAS_FRECUENCIA[frecuencia] }).toFormat("yyyy-LL-dd'T'HH:mm:ss"));
}

/** Wraps an occurrence's decider: a refusal of this occurrence (400 or 409) becomes a date with its cause. */
function anotando<S, C, E extends DomainEvent>(
  decider: Decider<S, C, E>, fecha: string, conflictos: Conflictos, causa: (err: AppError, ctx: CommandContext) => Causa,
): Decider<S, C, E> {
  return {
    initialState: () => decider.initialState(),
    evolve: (s, e) => decider.evolve(s, e),
    decide(command, state, ctx) {
      try {
        return decider.decide(command, state, ctx);
      } catch (err) {
        if (!(err instanceof AppError) || (err.status !== 400 && err.status !== 409)) throw err;
        anotar(conflictos, fecha, causa(err, ctx));
        return [];
      }
    },
  };
}

/** Why the appointment itself was refused: the checks of a booking's time, in their order (cita.ts). */
const causaCita = (startDatetime: string, durationMinutes: number) => (err: AppError, ctx: CommandContext): Causa => {
  const t = tramoCita(startDatetime, durationMinutes, ctx.timezone);
  if (!t) return causas.horaInexistente();
  const inicio = Date.parse(t.inicio);
  if (inicio <= ctx.now.getTime()) return causas.pasado();
  if (inicio - ctx.now.getTime() > ctx.bookingHorizonDays * 86_400_000) return causas.plazo(ctx.bookingHorizonDays);
  return err.mensaje;
};
const causaDia = (ocupado: () => Causa) => (err: AppError): Causa => (err.status === 409 ? ocupado() : causas.horaInexistente());
const causaHorario = (err: AppError): Causa => (err.status === 409 ? causas.fueraDeHorario() : err.mensaje);

async function fold<S>(deps: CommandDeps, streamId: string, initial: S, evolve: (s: S, e: never) => S): Promise<S> {
  let state = initial;
  for (const e of await deps.store.readStream(streamId)) state = evolve(state, e as never);
  return state;
}

/** The booking needs an active psychologist (a check on their own stream, as a single booking does). */
async function comprobarPsicologo(deps: CommandDeps, idPsicologo: number): Promise<void> {
  const p: Psicologo = await fold(deps, psicologoStream(idPsicologo), { status: 'nuevo' } as Psicologo, evolvePsicologo);
  if (p.status !== 'activo') throw errors.invalid('El psicólogo indicado no existe', 'The given psychologist does not exist');
}

/** A psychologist books only for an active patient assigned to them; any other is not found. */
export async function comprobarPacienteDe(deps: CommandDeps, idPaciente: number, idPsicologo: number): Promise<void> {
  const p: Paciente = await fold(deps, pacienteStream(idPaciente), { status: 'nuevo' } as Paciente, evolvePaciente);
  if (p.status !== 'activo' || p.idPsicologo !== idPsicologo) throw errors.notFound('Paciente', 'Patient');
}

interface Ocurrencia {
  idCita: number;
  startDatetime: string;
}

function pasosOcurrencia(o: Ocurrencia, i: number, base: { idSerie: number; idPaciente: number; idPsicologo: number; durationMinutes: number; motivo: string | null; modalidad?: Modalidad }, zone: string, conflictos: Conflictos): Step[] {
  const { idSerie, idPaciente, idPsicologo, durationMinutes, motivo, modalidad } = base;
  const fecha = o.startDatetime.slice(0, 10);
  const t = Number.isInteger(durationMinutes) && durationMinutes > 0 && durationMinutes <= MAX_DURACION_MINUTOS
    ? tramoCita(o.startDatetime, durationMinutes, zone) : null;
  const dias = t ? diasLocales(t, zone) : [];
  const hueco = { idPsicologo, idCita: o.idCita, startDatetime: o.startDatetime, durationMinutes };
  const horario = { idPaciente, idCita: o.idCita, startDatetime: o.startDatetime, durationMinutes };
  return [
    {
      streamId: citaStream(o.idCita), decider: anotando(citaDecider, fecha, conflictos, causaCita(o.startDatetime, durationMinutes)),
      command: { type: 'CrearCita', data: { ...hueco, idPaciente, motivo, idSerie, ocurrencia: i + 1, ...datosModalidad(modalidad) } },
    },
    // Read-only: outside the psychologist's working hours (when they have a template) is a named date too.
    { ...horarioStep(idPsicologo, o.startDatetime, durationMinutes), decider: anotando(horarioDecider, fecha, conflictos, causaHorario) },
    ...dias.map((dia) => ({
      streamId: agendaDiaStream(idPsicologo, dia), decider: anotando(agendaDecider, fecha, conflictos, causaDia(causas.solapaPsicologo)),
      command: { type: 'ReservarHueco', data: hueco },
    })),
    ...dias.map((dia) => ({
      streamId: agendaPacienteDiaStream(idPaciente, dia), decider: anotando(agendaPacienteDecider, fecha, conflictos, causaDia(causas.solapaPaciente)),
      command: { type: 'ReservarHorario', data: horario },
    })),
  ];
}

/**
 * A patient's series counts against their limits as a whole, decided with it: a refusal is the
 * limit's 409 (not a date's). Occurrences that cannot be placed are refused as dates anyway.
 */
function cuentaSerie(actor: Actor, cupos: Cupos, base: { idPaciente: number; idPsicologo: number; durationMinutes: number }, citas: Ocurrencia[], zone: string): Step[] {
  if (!porPaciente(actor)) return [];
  const { idPaciente, idPsicologo, durationMinutes } = base;
  const anotadas = citas.flatMap((o) => {
    const t = Number.isInteger(durationMinutes) && durationMinutes > 0 && durationMinutes <= MAX_DURACION_MINUTOS ? tramoCita(o.startDatetime, durationMinutes, zone) : null;
    return t ? [{ idCita: o.idCita, idPsicologo, inicio: t.inicio }] : [];
  });
  return anotadas.length ? [reservasStep(idPaciente, { type: 'AnotarReservas', data: { idPaciente, citas: anotadas }, cupos })] : [];
}

/** Books the whole series in one append, or nothing (409 naming every date that cannot be booked, with its causes). */
export async function reservarSerie(
  deps: CommandDeps, actor: Actor, idPaciente: number, idPsicologo: number, input: NuevaSerie,
): Promise<{ idSerie: number; citas: Ocurrencia[]; position: Position | null; events: DomainEvent[] }> {
  const ctx = commandContext(deps, actor);
  const durationMinutes = input.durationMinutes ?? DURACION_POR_DEFECTO;
  comprobarDuracion(deps, actor, durationMinutes);
  await comprobarPsicologo(deps, idPsicologo);
  if (porPaciente(actor)) await comprobarAsignado(deps, idPaciente, idPsicologo);
  await comprobarModalidad(deps, idPaciente, idPsicologo, input.modalidad ?? 'PRESENCIAL');
  const cupos = await cuposDe(deps, actor, idPaciente);
  const starts = ocurrencias(input.startDatetime, input.frecuencia, input.repeticiones);
  const idSerie = await deps.ids('serie');
  const citas: Ocurrencia[] = [];
  for (const startDatetime of starts) citas.push({ idCita: await deps.ids('cita'), startDatetime });
  const motivo = input.motivo?.trim() ? input.motivo.trim() : null;
  const base = { idSerie, idPaciente, idPsicologo, durationMinutes, motivo, modalidad: input.modalidad };
  const r = await handleCommand(deps.store, async () => {
    // A fresh record on every attempt: a retry decides every day again.
    const conflictos: Conflictos = new Map();
    return [
      ...cuentaSerie(actor, cupos, base, citas, ctx.timezone),
      ...citas.flatMap((o, i) => pasosOcurrencia(o, i, base, ctx.timezone, conflictos)),
      // Required consent (none by default), before the series' own 409 naming the dates (docs/care.md).
      ...await pasosConsentimiento(deps, idPaciente, citas.map((o) => o.idCita), input.modalidad),
      {
        streamId: serieStream(idSerie), decider: serieDecider,
        command: { type: 'CrearSerie', data: { idSerie, idPaciente, idPsicologo, frecuencia: input.frecuencia, durationMinutes, citas }, conflictos },
      },
    ];
  }, ctx);
  return { idSerie, citas, position: r.position, events: r.events };
}

/** The series as its stream says, in the caller's scope; out of scope reads as not found. */
export async function loadSerie(deps: CommandDeps, idSerie: number, alcance: Alcance): Promise<Extract<Serie, { status: 'creada' }>> {
  const serie: Serie = await fold(deps, serieStream(idSerie), { status: 'nueva' } as Serie, evolveSerie);
  const mine = serie.status === 'creada' && (alcance === 'todas'
    || ('idPaciente' in alcance ? serie.idPaciente === alcance.idPaciente : serie.idPsicologo === alcance.idPsicologo));
  if (!mine) throw errors.notFound('Serie', 'Series');
  return serie;
}

/**
 * Cancels the rest of a series: every occurrence still PENDIENTE or CONFIRMADA whose start (as it
 * is now: one may have been moved alone) is on or after the local date `desde` (default: today)
 * and not yet begun, all in one append; each frees its days in both agendas, as a single
 * cancellation does. Nothing left to cancel is no error.
 */
export async function cancelarRestoSerie(
  deps: CommandDeps, actor: Actor, idSerie: number, alcance: Alcance, por: 'PACIENTE' | 'PSICOLOGO', desde?: string,
) {
  const ctx = commandContext(deps, actor);
  const serie = await loadSerie(deps, idSerie, alcance);
  const ahora = ctx.now.getTime();
  const primerDia = desde ?? DateTime.fromJSDate(ctx.now, { zone: ctx.timezone }).toFormat('yyyy-LL-dd');
  return handleCommand(deps.store, async () => {
    const steps: Step[] = [];
    for (const { idCita } of serie.citas) {
      const cita: Cita = await fold(deps, citaStream(idCita), { status: 'nueva' } as Cita, evolveCita);
      if (cita.status !== 'existente' || (cita.estado !== 'PENDIENTE' && cita.estado !== 'CONFIRMADA')) continue;
      const t = tramoCita(cita.startDatetime, cita.durationMinutes, ctx.timezone);
      if (!t || cita.startDatetime.slice(0, 10) < primerDia || Date.parse(t.inicio) <= ahora) continue;
      const { idPsicologo, idPaciente } = cita;
      const dias = diasLocales(t, ctx.timezone);
      steps.push(
        { streamId: citaStream(idCita), decider: citaDecider, command: { type: 'CancelarCita', data: { alcance, por } } },
        reservasStep(idPaciente, { type: 'LiberarReserva', data: { idPaciente, idCita } }),
        ...dias.map((dia) => ({ streamId: agendaDiaStream(idPsicologo, dia), decider: agendaDecider, command: { type: 'LiberarHueco', data: { idPsicologo, idCita } } })),
        ...dias.map((dia) => ({ streamId: agendaPacienteDiaStream(idPaciente, dia), decider: agendaPacienteDecider, command: { type: 'LiberarHorario', data: { idPaciente, idCita } } })),
      );
    }
    return porStream(steps);
  }, ctx);
}

/**
 * One step per stream: an occurrence moved alone may share a day with another, and one append
 * holds each stream once, so the commands of one stream are decided in order on evolving state.
 */
function porStream(steps: Step[]): Step[] {
  const byStream = new Map<string, Step[]>();
  for (const s of steps) byStream.set(s.streamId, [...(byStream.get(s.streamId) ?? []), s]);
  return [...byStream.values()].map((group) => (group.length === 1 ? group[0] : {
    streamId: group[0].streamId,
    command: null,
    decider: {
      initialState: () => group[0].decider.initialState(),
      evolve: (s: unknown, e: DomainEvent) => group[0].decider.evolve(s, e),
      decide(_c: unknown, state: unknown, ctx: CommandContext) {
        const all: DomainEvent[] = [];
        for (const g of group) {
          const events = g.decider.decide(g.command, state, ctx);
          for (const e of events) state = g.decider.evolve(state, e);
          all.push(...events);
        }
        return all;
      },
    },
  }));
}
