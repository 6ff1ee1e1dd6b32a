import { randomUUID } from 'node:crypto';
import { citaStream, evolveCita, type Cita, type CitaEvent } from '../events/cita.ts';
import { agendaDiaStream, agendaPacienteDiaStream, bloqueoStream } from '../events/agenda.ts';
import { WrongExpectedRevisionError, type StoredEvent } from '../eventstore/port.ts';
import { AppError } from '../platform/errors.ts';
import { diasLocales, tramoBloqueo, tramoCita } from '../platform/agenda-time.ts';
import { agendaDecider, agendaPacienteDecider, ubicacionDecider } from './agenda.ts';
import { commandContext, type CommandDeps } from './deps.ts';
import { handleCommand, type Step } from './handler.ts';

// Before the per-day agenda streams (docs/architecture.md §3), every booking and block of a
// psychologist went through one stream `agenda-<idPsicologo>`. Today's decisions read only day
// streams, so a database written by that version would let a new booking overlap an appointment
// booked before the upgrade. This step carries every live appointment and block of such a stream
// into the day streams, through the same deciders a booking uses (idempotent: a slot already there
// decides nothing), then marks the old stream with `AgendaPasadaADias`.

const LEGACY = /^agenda-(\d+)$/;
const MARKER = 'AgendaPasadaADias';
const SYSTEM = { idUsuario: null, rol: 'SYSTEM' } as const;

interface LegacyAgenda {
  huecos: Map<number, number>; // idCita → end (epoch ms)
  bloqueos: Map<number, { fecha: string; horaInicio: string; horaFin: string; diaCompleto: boolean; motivo: string; fin: number }>;
}

function foldLegacy(history: StoredEvent[]): LegacyAgenda {
  const state: LegacyAgenda = { huecos: new Map(), bloqueos: new Map() };
  for (const e of history) {
    const d = e.data as Record<string, unknown>;
    if (e.type === 'HuecoReservado' || e.type === 'HuecoMovido') state.huecos.set(d.idCita as number, Date.parse(d.fin as string));
    else if (e.type === 'HuecoLiberado') state.huecos.delete(d.idCita as number);
    else if (e.type === 'BloqueoCreado') {
      const b = d as { fecha: string; horaInicio: string; horaFin: string; diaCompleto: boolean; motivo: string; fin: string };
      state.bloqueos.set(d.idBloqueo as number, { ...b, fin: Date.parse(b.fin) });
    }
    else if (e.type === 'BloqueoEliminado') state.bloqueos.delete(d.idBloqueo as number);
  }
  return state;
}

/** The legacy agenda streams (PostgreSQL: one query; another store: one scan of the log). */
async function legacyStreams(deps: CommandDeps): Promise<string[]> {
  if (deps.config.eventStore === 'postgres') {
    const { rows } = await deps.knex.raw("select distinct stream_id from events where stream_id ~ '^agenda-[0-9]+$' order by 1");
    return rows.map((r: { stream_id: string }) => r.stream_id);
  }
  const found = new Set<string>();
  for (let from = null as string | null; ;) {
    const page = await deps.store.readAll(from, 1_000);
    if (page.events.length === 0) break;
    for (const e of page.events) if (LEGACY.test(e.streamId)) found.add(e.streamId);
    from = page.last;
  }
  return [...found].sort();
}

export interface UpgradeReport {
  streams: number;
  citas: number;
  bloqueos: number;
  /** Live appointments of a patient overlapping another of theirs (allowed before): kept, not on the patient's day. */
  solapesPaciente: number;
}

/** Carries every legacy agenda into the day streams; a stream already marked is skipped. */
export async function upgradeLegacyAgendas(deps: CommandDeps, log: (line: string) => void = () => {}): Promise<UpgradeReport> {
  const report: UpgradeReport = { streams: 0, citas: 0, bloqueos: 0, solapesPaciente: 0 };
  for (const streamId of await legacyStreams(deps)) {
    const history = await deps.store.readStream(streamId);
    if (history.length === 0 || history[history.length - 1].type === MARKER) continue;
    const idPsicologo = Number(LEGACY.exec(streamId)![1]);
    const state = foldLegacy(history);
    const now = deps.clock.now().getTime();
    let citas = 0;
    let bloqueos = 0;
    for (const [idCita, fin] of state.huecos) {
      if (fin <= now) continue; // nothing can be booked in the past
      if (await carryCita(deps, idPsicologo, idCita, report)) citas++;
    }
    for (const [idBloqueo, b] of state.bloqueos) {
      if (b.fin <= now) continue;
      await carryBloqueo(deps, idPsicologo, idBloqueo, b);
      bloqueos++;
    }
    try {
      await deps.store.append([{ streamId, expected: history[history.length - 1].revision, events: [marker(idPsicologo, citas, bloqueos)] }]);
    } catch (err) {
      if (err instanceof WrongExpectedRevisionError) continue; // another process upgraded it meanwhile
      throw err;
    }
    Object.assign(report, { streams: report.streams + 1, citas: report.citas + citas, bloqueos: report.bloqueos + bloqueos });
    log(`agenda of psychologist ${idPsicologo}: ${citas} appointments and ${bloqueos} blocks carried into day streams`);
  }
  return report;
}

function marker(idPsicologo: number, citas: number, bloqueos: number) {
  const at = new Date().toISOString();
  return {
    type: MARKER, data: { idPsicologo, citas, bloqueos },
    metadata: { eventId: randomUUID(), actor: SYSTEM, correlationId: randomUUID(), causationId: null, occurredAt: at },
  };
}

/** A live appointment on the psychologist's and the patient's day streams, as a booking writes it. */
async function carryCita(deps: CommandDeps, idPsicologo: number, idCita: number, report: UpgradeReport): Promise<boolean> {
  const cita = (await deps.store.readStream(citaStream(idCita))).reduce((s, e) => evolveCita(s, e as unknown as CitaEvent), { status: 'nueva' } as Cita);
  if (cita.status !== 'existente' || (cita.estado !== 'PENDIENTE' && cita.estado !== 'CONFIRMADA')) return false;
  const ctx = commandContext(deps, SYSTEM);
  const t = tramoCita(cita.startDatetime, cita.durationMinutes, ctx.timezone);
  if (!t) return false;
  const dias = diasLocales(t, ctx.timezone);
  const hueco = { idPsicologo, idCita, startDatetime: cita.startDatetime, durationMinutes: cita.durationMinutes };
  const horario = { idPaciente: cita.idPaciente, idCita, startDatetime: cita.startDatetime, durationMinutes: cita.durationMinutes };
  await handleCommand(deps.store, dias.map((dia): Step => ({ streamId: agendaDiaStream(idPsicologo, dia), decider: agendaDecider, command: { type: 'ReservarHueco', data: hueco } })), ctx);
  try {
    await handleCommand(deps.store, dias.map((dia): Step => ({
      streamId: agendaPacienteDiaStream(cita.idPaciente, dia), decider: agendaPacienteDecider, command: { type: 'ReservarHorario', data: horario },
    })), ctx);
  } catch (err) {
    if (!(err instanceof AppError) || err.status !== 409) throw err;
    report.solapesPaciente++;
  }
  return true;
}

async function carryBloqueo(deps: CommandDeps, idPsicologo: number, idBloqueo: number, b: LegacyAgenda['bloqueos'] extends Map<number, infer B> ? B : never) {
  const ctx = commandContext(deps, SYSTEM);
  const data = {
    idPsicologo, idBloqueo, fecha: b.fecha, horaInicio: b.diaCompleto ? null : b.horaInicio, horaFin: b.diaCompleto ? null : b.horaFin, motivo: b.motivo,
  };
  const t = tramoBloqueo(data.fecha, data.horaInicio, data.horaFin, ctx.timezone);
  const dias = t ? diasLocales(t, ctx.timezone) : [data.fecha];
  await handleCommand(deps.store, [
    ...dias.map((dia): Step => ({ streamId: agendaDiaStream(idPsicologo, dia), decider: agendaDecider, command: { type: 'CrearBloqueo', data } })),
    { streamId: bloqueoStream(idBloqueo), decider: ubicacionDecider, command: { type: 'UbicarBloqueo', data: { idPsicologo, idBloqueo, dias } } },
  ], ctx);
}
