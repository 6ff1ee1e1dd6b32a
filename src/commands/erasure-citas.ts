import type { DomainEvent } from '../events/domain-event.ts';
import type { Position } from '../eventstore/port.ts';
import { AppError } from '../platform/errors.ts';
import { localDateTime } from '../platform/time.ts';
import { tramoCita } from '../platform/agenda-time.ts';
import type { Actor } from './decider.ts';
import type { CommandDeps } from './deps.ts';
import { cancelarCita } from './citas.ts';

/** A day of margin: the local wall clock around a DST change can run an hour either way. */
const MARGEN_MS = 86_400_000;

/** Whether the appointment's start (practice zone) is still ahead of the injected clock. */
function empiezaDespues(startDatetime: string, now: Date, zone: string): boolean {
  const t = tramoCita(startDatetime, 1, zone);
  return t !== null && Date.parse(t.inicio) > now.getTime();
}

/**
 * Erasure cancels the patient's appointments that have not started (decisions.md "Limits"), each
 * through the ordinary cancellation (cita and both agendas' day streams in one append, so the slot
 * is free again). The events carry `causa: ELIMINACION_PACIENTE`, so the notification reactor tells
 * only the psychologist and names nobody, however far the read models are from the erasure.
 * Appointments that started already stay as they are. One cancelled meanwhile by someone else
 * (409) or gone (404) is simply skipped: the aim, no live future appointment, holds.
 */
export async function cancelarCitasFuturas(deps: CommandDeps, actor: Actor, idPaciente: number): Promise<{ position: Position | null; events: DomainEvent[] }> {
  const now = deps.clock.now();
  const zone = deps.config.practiceTimezone;
  const candidatas = await deps.lookups.citasVivasDesde(idPaciente, localDateTime(new Date(now.getTime() - MARGEN_MS), zone));
  let position: Position | null = null;
  const events: DomainEvent[] = [];
  for (const c of candidatas.filter((x) => empiezaDespues(x.startDatetime, now, zone))) {
    try {
      const r = await cancelarCita(deps, actor, c.idCita, { idPaciente }, 'ADMIN', 'ELIMINACION_PACIENTE');
      position = r.position ?? position;
      events.push(...r.events);
    } catch (err) {
      if (!(err instanceof AppError) || (err.status !== 409 && err.status !== 404)) throw err;
    }
  }
  return { position, events };
}
