import { randomUUID } from 'node:crypto';
import { citaStream, evolveCita, type Cita, type CitaEvent } from '../events/cita.ts';
import {
  agendaDiaStream, agendaPacienteDiaStream, bloqueoStream, evolveAgenda, evolveAgendaPaciente, intervalo,
  type Agenda, type AgendaEvent, type AgendaPaciente, type AgendaPacienteEvent, type BloqueoCreado, type Intervalo,
} from '../events/agenda.ts';
import { WrongExpectedRevisionError, type ExpectedRevision, type NewEvent, type StoredEvent, type StreamWrite } from '../eventstore/port.ts';
import { appendInParts } from '../eventstore/append-parts.ts';
import { diasLocales, overlaps, tramoCita, type Tramo } from '../platform/agenda-time.ts';
import type { CommandDeps } from './deps.ts';
import { AGENDA_MARKER, findLegacyStreams, LEGACY, SCAN_STREAM, type Found } from './agenda-upgrade-scan.ts';

// Before the per-day agenda streams (docs/architecture.md §3), every booking, move, cancellation
// and block of a psychologist went through one stream `agenda-<idPsicologo>`. Today's decisions
// read only the day streams, so a database written by that version would let a new booking
// overlap an appointment booked before the upgrade. This step carries every live appointment and
// block of such a stream into the day streams, writing the events today's booking and block
// creation would have written, and marks the old stream with `AgendaPasadaADias` — all in ONE
// append per legacy stream (atomic on PostgreSQL and on KurrentDB 25.1+), each stream with the
// revision read. A second process upgrading the same stream at once fails its expectation on the
// marker and skips it. On a store without atomic multi-stream appends a crash half-way leaves no
// marker (it is the last write) and the next run writes only what is missing: a slot or block a
// day stream already holds is not written again.
//
// What is recorded is recorded even when it conflicts with what a day stream holds now (a patient
// with two overlapping appointments was allowed before; a booking may have reached a day stream
// before the upgrade ran): the appointments exist, dropping one would hide it from every later
// check. Such cases are counted and logged (ids only) for someone to resolve.

export { AGENDA_MARKER, SCAN_STREAM };
const SCANNED = 'LogBuscadoAgendasAntiguas';
const SYSTEM = { idUsuario: null, rol: 'SYSTEM' } as const;
const MAX_ATTEMPTS = 10;

type Origen = { eventId: string; occurredAt: string };
interface LegacyAgenda {
  /** idCita → the legacy slot and the event that last placed it. */
  huecos: Map<number, { inicio: string; fin: string; origen: Origen }>;
  bloqueos: Map<number, { data: BloqueoCreado['data']; origen: Origen }>;
}

const origen = (e: StoredEvent): Origen => ({ eventId: e.metadata.eventId, occurredAt: e.metadata.occurredAt });

/** The old `evolve`: a slot reserved/moved/released by idCita, blocks created/removed by idBloqueo. */
function foldLegacy(history: StoredEvent[]): LegacyAgenda {
  const state: LegacyAgenda = { huecos: new Map(), bloqueos: new Map() };
  for (const e of history) {
    const d = e.data as Record<string, unknown>;
    switch (e.type) {
      case 'HuecoReservado':
      case 'HuecoMovido':
        state.huecos.set(d.idCita as number, { inicio: d.inicio as string, fin: d.fin as string, origen: origen(e) });
        break;
      case 'HuecoLiberado':
        state.huecos.delete(d.idCita as number);
        break;
      case 'BloqueoCreado':
        state.bloqueos.set(d.idBloqueo as number, { data: d as unknown as BloqueoCreado['data'], origen: origen(e) });
        break;
      case 'BloqueoEliminado':
        state.bloqueos.delete(d.idBloqueo as number);
        break;
      default:
        break; // the marker, or an event type this step does not know: nothing occupied
    }
  }
  return state;
}

export interface UpgradeReport {
  /** Legacy streams upgraded by this run (marked). */
  streams: number;
  /** Live future appointments recorded (or found already recorded) on their day streams. */
  citas: number;
  /** Live future blocks recorded (or found already recorded) on their day stream and `bloqueo-<id>`. */
  bloqueos: number;
  /** Live slots that have already ended: nothing can be booked in the past, so not carried. */
  pasadas: number;
  /** Live slots whose `cita-<id>` says cancelled or completed: not carried. */
  noVigentes: number;
  /** Live slots whose `cita-<id>` stream is missing: not carried (nothing could ever release them); logged. */
  sinCita: number;
  /** Recorded on a psychologist's day that already holds something overlapping (a double booking that happened before the upgrade ran); logged. */
  conflictos: number;
  /** Recorded on a patient's day that already holds an overlapping appointment (allowed before); logged. */
  solapesPaciente: number;
}

/** Progress lines (ids only, no personal data); 'warn' for what someone should look at. */
export type UpgradeLog = (line: string, level: 'info' | 'warn') => void;

const emptyReport = (): UpgradeReport => ({ streams: 0, citas: 0, bloqueos: 0, pasadas: 0, noVigentes: 0, sinCita: 0, conflictos: 0, solapesPaciente: 0 });

/**
 * Carries every legacy agenda into the day streams; a stream already marked is skipped, so a run
 * with nothing to do writes nothing (PostgreSQL: one indexed query; another store: a scan of the
 * log since the last run).
 */
export async function upgradeLegacyAgendas(deps: CommandDeps, log: UpgradeLog = () => {}): Promise<UpgradeReport> {
  const report = emptyReport();
  const found = await findLegacyStreams(deps);
  for (const streamId of found.streams) await upgradeStream(deps, streamId, report, log);
  if (found.scannedTo !== undefined) await recordScan(deps, found);
  return report;
}

/** Next time the scan starts where this one ended (a lost race with another process is harmless). */
async function recordScan(deps: CommandDeps, found: Found): Promise<void> {
  if (found.scannedTo === found.scannedFrom) return;
  try {
    await deps.store.append([{ streamId: SCAN_STREAM, expected: found.scanRevision!, events: [event(SCANNED, { hasta: found.scannedTo }, system(deps))] }]);
  } catch (err) {
    if (!(err instanceof WrongExpectedRevisionError)) throw err;
  }
}

interface Meta {
  correlationId: string;
  now: string;
}
const system = (deps: CommandDeps): Meta => ({ correlationId: randomUUID(), now: deps.clock.now().toISOString() });

/**
 * Carried events keep the instant of the legacy event they copy (occurredAt) and name it as their
 * cause: the retention read model counts an event with an idPaciente as the patient's activity at
 * its occurredAt, and the booking already counted at that instant, so the upgrade moves nothing.
 */
function event(type: string, data: Record<string, unknown>, meta: Meta, from?: Origen): NewEvent {
  return {
    type, data,
    metadata: { eventId: randomUUID(), actor: SYSTEM, correlationId: meta.correlationId, causationId: from?.eventId ?? null, occurredAt: from?.occurredAt ?? meta.now },
  };
}

async function upgradeStream(deps: CommandDeps, streamId: string, report: UpgradeReport, log: UpgradeLog): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const partial = emptyReport();
    const lines: string[] = [];
    const plan = await planStream(deps, streamId, partial, lines);
    if (!plan) return; // already marked
    try {
      // Parts when over the store's append size (KurrentDB's 1 MiB): the marker stays last.
      await appendInParts(deps.store, plan.writes);
    } catch (err) {
      if (!(err instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw err;
      // Another process upgraded it (the next plan finds the marker), or a booking reached one of
      // the day streams meanwhile: decide again on what is there now.
      await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
      continue;
    }
    for (const k of Object.keys(report) as (keyof UpgradeReport)[]) report[k] += partial[k];
    report.streams++;
    for (const line of lines) log(line, 'warn');
    log(`agenda of psychologist ${plan.idPsicologo}: ${partial.citas} appointments and ${partial.bloqueos} blocks carried into day streams`, 'info');
    return;
  }
}

/** A stream read once per plan, its state folded, and the events this plan adds to it. */
interface Pending<S> {
  state: S;
  expected: ExpectedRevision;
  events: NewEvent[];
}

async function planStream(deps: CommandDeps, streamId: string, report: UpgradeReport, lines: string[]) {
  const history = await deps.store.readStream(streamId);
  if (history.length === 0 || history[history.length - 1].type === AGENDA_MARKER) return null;
  const idPsicologo = Number(LEGACY.exec(streamId)![1]);
  const legacy = foldLegacy(history);
  const zone = deps.config.practiceTimezone;
  const now = deps.clock.now().getTime();
  const meta = system(deps);

  const streams = new Map<string, Pending<unknown>>();
  async function open<S, E>(id: string, initial: S, evolve: (s: S, e: E) => S): Promise<Pending<S>> {
    let p = streams.get(id) as Pending<S> | undefined;
    if (!p) {
      const h = await deps.store.readStream(id);
      let state = initial;
      for (const e of h) state = evolve(state, e as never);
      p = { state, expected: h.length ? h[h.length - 1].revision : 'noStream', events: [] };
      streams.set(id, p as Pending<unknown>);
    }
    return p;
  }
  const dayOf = (dia: string) => open<Agenda, AgendaEvent>(agendaDiaStream(idPsicologo, dia), { status: 'vacia' }, evolveAgenda);
  const add = <S, E extends AgendaEvent | AgendaPacienteEvent>(p: Pending<S>, evolve: (s: S, e: E) => S, e: E, from: Origen) => {
    p.state = evolve(p.state, e);
    p.events.push(event(e.type, e.data as unknown as Record<string, unknown>, meta, from));
  };
  const ocupa = (a: Agenda, span: Intervalo, skip: { cita?: number; bloqueo?: number }) =>
    a.status === 'abierta' && (
      [...a.huecos].some(([id, h]) => id !== skip.cita && overlaps(span, h))
      || [...a.bloqueos].some(([id, b]) => id !== skip.bloqueo && overlaps(span, b)));

  let citas = 0;
  for (const [idCita, slot] of [...legacy.huecos].sort((a, b) => a[0] - b[0])) {
    const cita = (await deps.store.readStream(citaStream(idCita))).reduce((s, e) => evolveCita(s, e as unknown as CitaEvent), { status: 'nueva' } as Cita);
    if (cita.status === 'nueva') {
      report.sinCita++;
      lines.push(`agenda of psychologist ${idPsicologo}: slot of appointment ${idCita} has no stream cita-${idCita}; not carried`);
      continue;
    }
    // The appointment's own stream is the truth about its time (it may have been moved by today's code).
    const t: Tramo = tramoCita(cita.startDatetime, cita.durationMinutes, zone) ?? { inicio: slot.inicio, fin: slot.fin };
    if (Date.parse(t.fin) <= now) {
      report.pasadas++;
      continue;
    }
    if (cita.estado !== 'PENDIENTE' && cita.estado !== 'CONFIRMADA') {
      report.noVigentes++;
      continue;
    }
    const span = intervalo(t);
    for (const dia of diasLocales(t, zone)) {
      const day = await dayOf(dia);
      const held = day.state.status === 'abierta' ? day.state.huecos.get(idCita) : undefined;
      if (!held || held.inicio !== span.inicio || held.fin !== span.fin) {
        if (ocupa(day.state, span, { cita: idCita })) {
          report.conflictos++;
          lines.push(`agenda of psychologist ${idPsicologo}: appointment ${idCita} overlaps other time already on ${dia}; recorded anyway`);
        }
        const data = { idPsicologo, idCita, inicio: t.inicio, fin: t.fin };
        add(day, evolveAgenda, held ? { type: 'HuecoMovido', data } : { type: 'HuecoReservado', data }, slot.origen);
      }
      const pac = await open<AgendaPaciente, AgendaPacienteEvent>(agendaPacienteDiaStream(cita.idPaciente, dia), { status: 'vacia' }, evolveAgendaPaciente);
      const mine = pac.state.status === 'abierta' ? pac.state.citas.get(idCita) : undefined;
      if (!mine || mine.inicio !== span.inicio || mine.fin !== span.fin) {
        if (pac.state.status === 'abierta' && [...pac.state.citas].some(([id, c]) => id !== idCita && overlaps(span, c))) {
          report.solapesPaciente++;
          lines.push(`agenda of psychologist ${idPsicologo}: appointment ${idCita} overlaps another of the same patient on ${dia}; recorded anyway`);
        }
        const data = { idPaciente: cita.idPaciente, idCita, inicio: t.inicio, fin: t.fin };
        add(pac, evolveAgendaPaciente, mine ? { type: 'HorarioPacienteMovido', data } : { type: 'HorarioPacienteReservado', data }, slot.origen);
      }
    }
    citas++;
  }

  let bloqueos = 0;
  for (const [idBloqueo, { data, origen: from }] of [...legacy.bloqueos].sort((a, b) => a[0] - b[0])) {
    if (Date.parse(data.fin) <= now) continue;
    const span = intervalo(data);
    const dias = diasLocales(data, zone); // always its own fecha
    for (const dia of dias) {
      const day = await dayOf(dia);
      if (day.state.status === 'abierta' && day.state.bloqueos.has(idBloqueo)) continue;
      if (day.state.status === 'abierta' && [...day.state.huecos.values()].some((h) => overlaps(span, h))) {
        report.conflictos++;
        lines.push(`agenda of psychologist ${idPsicologo}: block ${idBloqueo} overlaps an appointment already on ${dia}; recorded anyway`);
      }
      add(day, evolveAgenda, { type: 'BloqueoCreado', data: { ...data, idPsicologo } }, from);
    }
    const ubicacion = await open<boolean, StoredEvent>(bloqueoStream(idBloqueo), false, (_s, e) => _s || e.type === 'BloqueoUbicado');
    if (!ubicacion.state) {
      ubicacion.state = true;
      ubicacion.events.push(event('BloqueoUbicado', { idPsicologo, idBloqueo, dias }, meta, from));
    }
    bloqueos++;
  }

  report.citas += citas;
  report.bloqueos += bloqueos;
  const writes: StreamWrite[] = [...streams].filter(([, p]) => p.events.length > 0).map(([id, p]) => ({ streamId: id, expected: p.expected, events: p.events }));
  // The marker last: on a store that appends stream by stream, a crash before it leaves the stream to redo.
  writes.push({
    streamId, expected: history[history.length - 1].revision,
    events: [event(AGENDA_MARKER, { idPsicologo, citas, bloqueos }, meta)],
  });
  return { idPsicologo, writes };
}
