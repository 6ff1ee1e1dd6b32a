import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import { type EventStore, WrongExpectedRevisionError } from '../eventstore/port.ts';
import {
  citaStream, evolveCita, type Cita, type CitaEvent, type CitaRecordatorioEnviado, type DestinatarioRecordatorio,
} from '../events/cita.ts';
import { claimNextDue, destinatariosDe } from './reminders-query.ts';
import type { Clock } from '../platform/clock.ts';
import type { Logger } from '../platform/logger.ts';
import { IntervalLoop } from './interval-loop.ts';

/** How often a server looks for due reminders. */
export const REMINDER_INTERVAL_MS = 30_000;
const MAX_ATTEMPTS = 10;

export interface ReminderDeps {
  knex: Knex;
  store: EventStore;
  clock: Clock;
  /** The zone of the appointments' wall-clock datetimes (PRACTICE_TIMEZONE). */
  practiceTimezone: string;
  logger?: Logger;
}

/** The instant of a practice-local datetime (luxon resolves DST gaps and overlaps). */
export const startInstant = (startDatetime: string, zone: string): DateTime => DateTime.fromISO(startDatetime, { zone });

/** A party of the appointment who accepts notifications, with their lead times in hours. */
export interface Destinatario {
  destinatario: DestinatarioRecordatorio;
  horas: readonly number[];
}

/**
 * The reminders the appointment calls for now, at most one per recipient: it must be PENDIENTE or
 * CONFIRMADA with its start ahead; a lead time is due once that many real hours before the start
 * are reached (so DST-correct), and covered by any reminder for this start with a lead no larger.
 * Of several due leads (missed while down, or a late booking) only the smallest is sent: the
 * larger ones would say the same, later than meant.
 */
export function recordatoriosDebidos(cita: Cita, now: Date, zone: string, destinatarios: Destinatario[]): CitaRecordatorioEnviado[] {
  if (cita.status !== 'existente' || (cita.estado !== 'PENDIENTE' && cita.estado !== 'CONFIRMADA')) return [];
  const start = startInstant(cita.startDatetime, zone);
  if (!start.isValid || start.toMillis() <= now.getTime()) return [];
  const debidos: CitaRecordatorioEnviado[] = [];
  for (const { destinatario, horas } of destinatarios) {
    const enviadas = cita.recordatorios
      .filter((r) => r.destinatario === destinatario && r.startDatetime === cita.startDatetime)
      .map((r) => r.antelacionHoras);
    const due = horas.filter((h) => start.minus({ hours: h }).toMillis() <= now.getTime() && !enviadas.some((e) => e <= h));
    if (!due.length) continue;
    const { idCita, idPaciente, idPsicologo, startDatetime } = cita;
    // An ONLINE appointment's reminder carries the way into its room (docs/care.md "Online sessions").
    const online = cita.modalidad === 'ONLINE' ? { modalidad: cita.modalidad } : {};
    debidos.push({ type: 'CitaRecordatorioEnviado', data: { idCita, idPaciente, idPsicologo, startDatetime, destinatario, antelacionHoras: Math.min(...due), ...online } });
  }
  return debidos;
}

/**
 * Records CitaRecordatorioEnviado for appointments whose reminders are due, exactly once per
 * recipient, lead time and start: rows are
 * claimed with FOR UPDATE SKIP LOCKED so several servers share the work, and the append expects the
 * revision the decision was made on, so a concurrent reminder, move or cancellation makes it re-read
 * and decide again. The mail and push go out from the reactor of that event.
 */
export class ReminderWorker {
  private readonly loop: IntervalLoop;

  constructor(private readonly deps: ReminderDeps, intervalMs = REMINDER_INTERVAL_MS) {
    this.loop = new IntervalLoop(() => this.runOnce(), intervalMs, 'reminder run', deps.logger);
  }

  /** Runs at once (reminders missed while no server ran are still sent if the appointment is ahead), then every interval. */
  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One pass over the due rows; returns how many reminders (one per recipient and lead time) it recorded. */
  async runOnce(now: Date = this.deps.clock.now()): Promise<number> {
    const seen: number[] = [];
    let recorded = 0;
    for (;;) {
      const outcome = await this.deps.knex.transaction(async (trx) => {
        const idCita = await claimNextDue(trx, now, this.deps.practiceTimezone, seen);
        return idCita === null ? null : { idCita, sent: await this.remind(trx, idCita, now) };
      });
      if (!outcome) break;
      seen.push(outcome.idCita); // at most once per pass, even when the stream said no
      recorded += outcome.sent;
    }
    if (recorded) this.deps.logger?.info({ recorded }, 'appointment reminders recorded');
    return recorded;
  }

  /** Appends the reminders the appointment's own stream still calls for; re-decides after a conflict. */
  private async remind(trx: Knex.Transaction, idCita: number, now: Date): Promise<number> {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const history = await this.deps.store.readStream(citaStream(idCita));
      const cita = history.reduce((s, e) => evolveCita(s, e as unknown as CitaEvent), { status: 'nueva' } as Cita);
      if (cita.status !== 'existente') return 0;
      const partes = await destinatariosDe(trx, cita.idPaciente, cita.idPsicologo);
      const debidos = recordatoriosDebidos(cita, now, this.deps.practiceTimezone, partes);
      if (!debidos.length) return 0;
      const correlationId = randomUUID();
      const events = debidos.map((event) => ({
        type: event.type, data: { ...event.data },
        metadata: { eventId: randomUUID(), actor: { idUsuario: null, rol: 'SYSTEM' }, correlationId, causationId: null, occurredAt: now.toISOString() },
      }));
      try {
        await this.deps.store.append([{ streamId: citaStream(idCita), expected: history[history.length - 1].revision, events }]);
        return events.length;
      } catch (err) {
        if (!(err instanceof WrongExpectedRevisionError)) throw err; // another worker reminded it, or the cita changed
      }
    }
    return 0;
  }
}

/** The worker a server runs; `stop` waits for a pass in progress. */
export function startReminderWorker(deps: ReminderDeps, intervalMs = REMINDER_INTERVAL_MS): ReminderWorker {
  const worker = new ReminderWorker(deps, intervalMs);
  worker.start();
  return worker;
}
