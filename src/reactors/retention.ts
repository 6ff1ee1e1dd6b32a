import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { type EventStore, WrongExpectedRevisionError } from '../eventstore/port.ts';
import { retencionStream, type ClaveClinicaDestruida } from '../events/retencion.ts';
import type { Clock } from '../platform/clock.ts';
import type { KeyRing } from '../platform/crypto/keyring.ts';
import type { Logger } from '../platform/logger.ts';
import type { Reactor } from './reactor.ts';
import { purgeBookkeeping } from './bookkeeping.ts';
import { runBillingRetentionJob } from './retencion-facturacion.ts';

/** ClaveClinicaDestruida → the patient's clinical key is destroyed (crypto-shredding), in the batch. */
export function clinicalKeyReactor(keys: KeyRing): Reactor {
  return {
    name: 'claves-clinicas',
    handles: ['ClaveClinicaDestruida'],
    async react(trx, event) {
      if (event.type !== 'ClaveClinicaDestruida') return;
      const { idPaciente } = (event as unknown as ClaveClinicaDestruida).data;
      await keys.destroy(await keys.resolve(`paciente-${idPaciente}`), 'clinical', trx);
    },
  };
}

export interface RetentionJobDeps {
  knex: Knex;
  store: EventStore;
  clock: Clock;
  logger?: Logger;
  retentionYears: number;
  /** Days reactor markers and finished outbox rows are kept; absent: not purged by this job. */
  bookkeepingDays?: number;
  /** BILLING_RETENTION_YEARS: absent, erased patients' billing keys are not looked at by this job. */
  billingRetentionYears?: number;
}

/**
 * Finds erased patients whose retention period has passed since their last activity and records
 * ClaveClinicaDestruida for each, once: the append expects the patient's retention stream not to
 * exist, so several processes running the job cannot record it twice.
 */
export async function runRetentionJob(deps: RetentionJobDeps): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.knex('retencion_clinica')
    .whereNotNull('eliminado_en')
    .whereNull('clave_destruida_en')
    .where('ultima_actividad', '<=', deps.knex.raw(`?::timestamptz - make_interval(years => ?)`, [now.toISOString(), deps.retentionYears]))
    .orderBy('id_paciente')
    .select('id_paciente', 'ultima_actividad');
  let recorded = 0;
  for (const row of due) {
    const event = {
      type: 'ClaveClinicaDestruida',
      data: { idPaciente: row.id_paciente, ultimaActividad: new Date(row.ultima_actividad).toISOString(), retencionAnios: deps.retentionYears },
      metadata: { eventId: randomUUID(), actor: { idUsuario: null, rol: 'SYSTEM' }, correlationId: randomUUID(), causationId: null, occurredAt: now.toISOString() },
    };
    try {
      await deps.store.append([{ streamId: retencionStream(row.id_paciente), expected: 'noStream', events: [event] }]);
      recorded++;
    } catch (err) {
      if (!(err instanceof WrongExpectedRevisionError)) throw err; // another process recorded it
    }
  }
  if (recorded) deps.logger?.info({ recorded }, 'clinical keys due for destruction recorded');
  return recorded;
}

async function purge(deps: RetentionJobDeps): Promise<void> {
  if (deps.bookkeepingDays === undefined) return;
  const purged = await purgeBookkeeping(deps.knex, deps.clock.now(), deps.bookkeepingDays);
  if (purged.markers || purged.outbox || purged.stripe) deps.logger?.info(purged, 'reactor bookkeeping purged');
}

/** Invoices' personal data of erased patients past their retention (docs/billing.md "Retention"). */
async function billing(deps: RetentionJobDeps): Promise<void> {
  if (deps.billingRetentionYears === undefined) return;
  await runBillingRetentionJob({ ...deps, retentionYears: deps.billingRetentionYears });
}

/** Runs the job, the billing retention and the purge of the reactors' bookkeeping, every `intervalMs` (and once at start). */
export function scheduleRetentionJob(deps: RetentionJobDeps, intervalMs: number): { stop(): void } {
  const tick = () => runRetentionJob(deps).then(() => billing(deps)).then(() => purge(deps)).catch((err) => deps.logger?.error({ err }, 'retention job failed'));
  void tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
