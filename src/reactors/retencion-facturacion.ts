import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { type EventStore, WrongExpectedRevisionError } from '../eventstore/port.ts';
import { claveFacturacion, retencionFacturacionStream, type ClaveFacturacionDestruida } from '../events/retencion-facturacion.ts';
import type { Clock } from '../platform/clock.ts';
import type { KeyRing } from '../platform/crypto/keyring.ts';
import type { Logger } from '../platform/logger.ts';
import type { Reactor } from './reactor.ts';

// Retention of the personal data on erased patients' invoices (docs/billing.md "Retention").

/** ClaveFacturacionDestruida → the patient's billing key is destroyed (crypto-shredding), in the batch. */
export function billingKeyReactor(keys: KeyRing): Reactor {
  return {
    name: 'claves-facturacion',
    handles: ['ClaveFacturacionDestruida'],
    async react(trx, event) {
      if (event.type !== 'ClaveFacturacionDestruida') return;
      const { idPaciente } = (event as unknown as ClaveFacturacionDestruida).data;
      await keys.destroy(claveFacturacion(idPaciente), 'identity', trx);
    },
  };
}

export interface BillingRetentionDeps {
  knex: Knex;
  store: EventStore;
  clock: Clock;
  logger?: Logger;
  /** BILLING_RETENTION_YEARS: kept this many years after the end of the year of the latest invoice. */
  retentionYears: number;
}

/**
 * The latest year of invoices whose period has ended: an invoice of year Y is kept until the end of
 * year Y + retentionYears, so from 1 January (UTC) of Y + retentionYears + 1 its data may go.
 */
export const ultimoAnioVencido = (now: Date, retentionYears: number) => now.getUTCFullYear() - retentionYears - 1;

/**
 * Finds erased patients whose latest invoice's retention period has ended and records
 * ClaveFacturacionDestruida for each, once: the append expects the patient's stream not to exist,
 * so several processes running the job cannot record it twice. A patient who is not erased keeps
 * their billing key (their identity is held anyway, and they may be invoiced again).
 */
export async function runBillingRetentionJob(deps: BillingRetentionDeps): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.knex('retencion_facturacion')
    .whereNotNull('eliminado_en')
    .whereNull('clave_destruida_en')
    .where('ultimo_anio', '<=', ultimoAnioVencido(now, deps.retentionYears))
    .orderBy('id_paciente')
    .select('id_paciente', 'ultimo_anio');
  let recorded = 0;
  for (const row of due) {
    const event = {
      type: 'ClaveFacturacionDestruida',
      data: { idPaciente: row.id_paciente, ultimoAnio: row.ultimo_anio, retencionAnios: deps.retentionYears },
      metadata: { eventId: randomUUID(), actor: { idUsuario: null, rol: 'SYSTEM' }, correlationId: randomUUID(), causationId: null, occurredAt: now.toISOString() },
    };
    try {
      await deps.store.append([{ streamId: retencionFacturacionStream(row.id_paciente), expected: 'noStream', events: [event] }]);
      recorded++;
    } catch (err) {
      if (!(err instanceof WrongExpectedRevisionError)) throw err; // another process recorded it
    }
  }
  if (recorded) deps.logger?.info({ recorded }, 'billing keys due for destruction recorded');
  return recorded;
}
