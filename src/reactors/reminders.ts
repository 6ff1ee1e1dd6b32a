import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import { type EventStore, WrongExpectedRevisionError } from '../eventstore/port.ts';
import { citaStream, evolveCita, type Cita, type CitaEvent, type CitaRecordatorioEnviado } from '../events/cita.ts';
import type { Clock } from '../platform/clock.ts';
import type { Logger } from '../platform/logger.ts';

/** How far ahead of an appointment its reminder is due. */
export const REMINDER_LEAD_HOURS = 24;
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

/**
 * Whether the appointment should be reminded now: still PENDIENTE or CONFIRMADA, its start ahead,
 * 24 real hours before that start reached (so DST-correct), and not reminded for this start yet.
 */
export function reminderDue(cita: Cita, now: Date, zone: string): cita is Extract<Cita, { status: 'existente' }> {
  if (cita.status !== 'existente' || (cita.estado !== 'PENDIENTE' && cita.estado !== 'CONFIRMADA')) return false;
  if (cita.recordadaPara === cita.startDatetime) return false;
  const start = startInstant(cita.startDatetime, zone);
  if (!start.isValid || start.toMillis() <= now.getTime()) return false;
  return start.minus({ hours: REMINDER_LEAD_HOURS }).toMillis() <= now.getTime();
}

/**
 * Records CitaRecordatorioEnviado for appointments whose reminder is due, exactly once each: rows are
 * claimed with FOR UPDATE SKIP LOCKED so several servers share the work, and the append expects the
 * revision the decision was made on, so a concurrent reminder, move or cancellation makes it re-read
 * and decide again. The mail and push go out from the reactor of that event.
 */
export class ReminderWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: ReminderDeps, private readonly intervalMs = REMINDER_INTERVAL_MS) {}

  /** Runs at once (reminders missed while no server ran are still sent if the appointment is ahead), then every interval. */
  start(): void {
    if (this.timer) return;
    const tick = () => {
      this.running = this.running.then(() => this.runOnce()).catch((err) => this.deps.logger?.error({ err }, 'reminder run failed'));
    };
    tick();
    this.timer = setInterval(tick, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One pass over the due rows; returns how many reminders it recorded. */
  async runOnce(now: Date = this.deps.clock.now()): Promise<number> {
    const seen: number[] = [];
    let recorded = 0;
    for (;;) {
      const outcome = await this.deps.knex.transaction(async (trx) => {
        const idCita = await this.claimNext(trx, now, seen);
        return idCita === null ? null : { idCita, sent: await this.remind(idCita, now) };
      });
      if (!outcome) break;
      seen.push(outcome.idCita); // at most once per pass, even when the stream said no
      if (outcome.sent) recorded++;
    }
    if (recorded) this.deps.logger?.info({ recorded }, 'appointment reminders recorded');
    return recorded;
  }

  /** Locks the next due, unreminded row no other worker holds. The window on the local start keeps the index useful. */
  private async claimNext(trx: Knex.Transaction, now: Date, seen: number[]): Promise<number | null> {
    // `seen` goes as one array literal: knex would spread a JS array into a list of parameters.
    const zone = this.deps.practiceTimezone;
    const local = DateTime.fromJSDate(now, { zone });
    const fmt = (d: DateTime) => d.toFormat("yyyy-LL-dd'T'HH:mm:ss");
    const { rows } = await trx.raw(
      `select id_cita from recordatorios
       where start_datetime > ?::timestamp and start_datetime <= ?::timestamp
         and (start_datetime at time zone ?) > ?::timestamptz
         and (start_datetime at time zone ?) - make_interval(hours => ?) <= ?::timestamptz
         and recordado_para is distinct from start_datetime
         and id_cita <> all(?::int[])
       order by start_datetime, id_cita
       limit 1
       for update skip locked`,
      [
        fmt(local.minus({ hours: 6 })), fmt(local.plus({ hours: REMINDER_LEAD_HOURS + 6 })),
        zone, now.toISOString(), zone, REMINDER_LEAD_HOURS, now.toISOString(), `{${seen.join(',')}}`,
      ],
    );
    return rows.length ? (rows[0].id_cita as number) : null;
  }

  /** Appends the reminder if the appointment's own stream still calls for it; re-decides after a conflict. */
  private async remind(idCita: number, now: Date): Promise<boolean> {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const history = await this.deps.store.readStream(citaStream(idCita));
      const cita = history.reduce((s, e) => evolveCita(s, e as unknown as CitaEvent), { status: 'nueva' } as Cita);
      if (!reminderDue(cita, now, this.deps.practiceTimezone)) return false;
      const event: CitaRecordatorioEnviado = {
        type: 'CitaRecordatorioEnviado',
        data: { idCita, idPaciente: cita.idPaciente, idPsicologo: cita.idPsicologo, startDatetime: cita.startDatetime },
      };
      const metadata = {
        eventId: randomUUID(), actor: { idUsuario: null, rol: 'SYSTEM' }, correlationId: randomUUID(), causationId: null,
        occurredAt: now.toISOString(),
      };
      try {
        await this.deps.store.append([
          { streamId: citaStream(idCita), expected: history[history.length - 1].revision, events: [{ type: event.type, data: { ...event.data }, metadata }] },
        ]);
        return true;
      } catch (err) {
        if (!(err instanceof WrongExpectedRevisionError)) throw err; // another worker reminded it, or the cita changed
      }
    }
    return false;
  }
}

/** The worker a server runs; `stop` waits for a pass in progress. */
export function startReminderWorker(deps: ReminderDeps, intervalMs = REMINDER_INTERVAL_MS): ReminderWorker {
  const worker = new ReminderWorker(deps, intervalMs);
  worker.start();
  return worker;
}
