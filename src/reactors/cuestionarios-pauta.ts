import { localDateTime } from '../platform/time.ts';
import type { Logger } from '../platform/logger.ts';
import type { CommandDeps } from '../commands/deps.ts';
import { solicitarCuestionario } from '../commands/cuestionarios.ts';
import { IntervalLoop } from './interval-loop.ts';

// Scheduled requests of the outcome measures (docs/care.md "Assignments"): an assignment every N
// weeks falls due N weeks after its latest request; one before each appointment falls due when an
// appointment (PENDIENTE or CONFIRMADA) with its psychologist starts within the next 48 hours.
// The worker finds what is due in the read models and records CuestionarioSolicitado through the
// assignment's decider, which re-checks it against the stream (one request per period and per
// appointment, however many servers run this or retry); the reactor tells the patient. Only the
// assignments of the patient's present psychologist (a former one's requests are not answerable).

export const CUESTIONARIO_INTERVAL_MS = 60_000;
/** How long before an appointment its request is made. */
export const ANTELACION_CITA_HORAS = 48;
const WEEK_MS = 7 * 86_400_000;

export interface CuestionarioWorkerDeps extends CommandDeps {
  logger?: Logger;
}

const PERIODICAS_SQL = `
  select a.id_asignacion, (a.pauta->>'semanas')::int as semanas from cuestionario_asignaciones a
  join pacientes p on p.id_paciente = a.id_paciente and p.id_psicologo = a.id_psicologo
  where a.activa and a.pauta->>'tipo' = 'CADA_N_SEMANAS'
    and a.ultima_solicitud_en + make_interval(weeks => (a.pauta->>'semanas')::int) <= ?
  order by a.id_asignacion`;

const ANTES_DE_CITA_SQL = `
  select a.id_asignacion, c.id_cita from cuestionario_asignaciones a
  join citas c on c.id_paciente = a.id_paciente and c.id_psicologo = a.id_psicologo
  join pacientes p on p.id_paciente = a.id_paciente and p.id_psicologo = a.id_psicologo
  where a.activa and a.pauta->>'tipo' = 'ANTES_DE_CADA_CITA'
    and c.estado in ('PENDIENTE', 'CONFIRMADA') and c.start_datetime > ? and c.start_datetime <= ?
    and not exists (select 1 from cuestionario_solicitudes s where s.id_asignacion = a.id_asignacion and s.id_cita = c.id_cita)
  order by a.id_asignacion, c.id_cita`;

export class CuestionarioWorker {
  private readonly loop: IntervalLoop;

  constructor(private readonly deps: CuestionarioWorkerDeps, intervalMs = CUESTIONARIO_INTERVAL_MS) {
    this.loop = new IntervalLoop(() => this.runOnce(), intervalMs, 'questionnaire schedule run', deps.logger);
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One pass; returns how many requests it recorded. */
  async runOnce(now: Date = this.deps.clock.now()): Promise<number> {
    const zone = this.deps.config.practiceTimezone;
    let recorded = 0;
    const { rows: periodicas } = await this.deps.knex.raw(PERIODICAS_SQL, [now]);
    for (const r of periodicas as { id_asignacion: number; semanas: number }[]) {
      const siAnteriorHasta = localDateTime(new Date(now.getTime() - r.semanas * WEEK_MS), zone);
      const h = await solicitarCuestionario(this.deps, r.id_asignacion, { idCita: null, siAnteriorHasta });
      recorded += h.events.length;
    }
    const hasta = localDateTime(new Date(now.getTime() + ANTELACION_CITA_HORAS * 3_600_000), zone);
    const { rows: citas } = await this.deps.knex.raw(ANTES_DE_CITA_SQL, [localDateTime(now, zone), hasta]);
    for (const r of citas as { id_asignacion: number; id_cita: number }[]) {
      const h = await solicitarCuestionario(this.deps, r.id_asignacion, { idCita: r.id_cita, siAnteriorHasta: null });
      recorded += h.events.length;
    }
    if (recorded) this.deps.logger?.info({ recorded }, 'questionnaire requests recorded');
    return recorded;
  }
}

/** The worker a server runs (src/server.ts); `stop` waits for a pass in progress. */
export function startCuestionarioWorker(deps: CuestionarioWorkerDeps, intervalMs = CUESTIONARIO_INTERVAL_MS): CuestionarioWorker {
  const worker = new CuestionarioWorker(deps, intervalMs);
  worker.start();
  return worker;
}
