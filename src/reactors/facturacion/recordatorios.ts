import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import type { EventStore } from '../../eventstore/port.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Logger } from '../../platform/logger.ts';
import { IntervalLoop } from '../interval-loop.ts';
import { enqueue } from '../reactor.ts';
import { recipientOf } from '../notifications/recipients.ts';
import { recordatorioPagoMail } from '../mail/facturacion-textos.ts';
import { estadoCobro } from './estado-cobro.ts';

// The reminder of an invoice still unpaid BILLING_REMINDER_DAYS after its date of issue (docs/billing.md
// "Mail"). Each invoice is decided on once, the first time a worker finds it that old: a row of
// facturas_recordatorios, inserted in the transaction that queues the mail, so two instances or a
// restart never remind twice, and an invoice paid by then is never reminded.

/** How often a server looks for invoices to remind. */
export const RECORDATORIO_FACTURAS_INTERVAL_MS = 60_000;
const LOTE = 100;

export type ResultadoRecordatorio = 'ENVIADO' | 'PAGADA' | 'ANULADA' | 'SIN_CORREO' | 'SIN_AVISOS';

export interface RecordatoriosFacturasDeps {
  knex: Knex;
  store: EventStore;
  clock: Clock;
  practiceTimezone: string;
  /** BILLING_REMINDER_DAYS; 0: no reminders. */
  dias: number;
  logger?: Logger;
}

/**
 * Issued invoices of the practice's day `corte` or before, not cancelled, not rectifying ones (those are
 * paid through the invoice they correct), with an amount and no decision yet, after `after`, by id.
 */
async function candidatas(knex: Knex, corte: string, after: number): Promise<number[]> {
  return knex('facturas as f').where('f.estado', 'EMITIDA').andWhere('f.fecha_expedicion', '<=', corte)
    .andWhere('f.importe_total_centimos', '>', 0).andWhereNot('f.tipo_factura', 'like', 'R%').andWhere('f.id_factura', '>', after)
    .whereNotExists((q) => q.select(knex.raw('1')).from('facturas_recordatorios as r').whereRaw('r.id_factura = f.id_factura'))
    .orderBy('f.id_factura').limit(LOTE).pluck('f.id_factura');
}

export class RecordatoriosFacturasWorker {
  private readonly loop: IntervalLoop;

  constructor(private readonly deps: RecordatoriosFacturasDeps, intervalMs = RECORDATORIO_FACTURAS_INTERVAL_MS) {
    this.loop = new IntervalLoop(() => this.runOnce(), intervalMs, 'invoice reminder run', deps.logger);
  }

  /** Runs at once (reminders due while no server ran are sent), then every interval; nothing when disabled. */
  start(): void {
    if (this.deps.dias <= 0) return;
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One pass: decides every invoice that has come of age; returns how many reminders it queued. */
  async runOnce(now: Date = this.deps.clock.now()): Promise<number> {
    if (this.deps.dias <= 0) return 0;
    const corte = DateTime.fromJSDate(now, { zone: this.deps.practiceTimezone }).minus({ days: this.deps.dias }).toISODate()!;
    let [after, enviados] = [0, 0];
    for (;;) {
      const ids = await candidatas(this.deps.knex, corte, after);
      for (const id of ids) if ((await this.decidir(id, now)) === 'ENVIADO') enviados++;
      if (ids.length < LOTE) break;
      after = ids[ids.length - 1];
    }
    if (enviados) this.deps.logger?.info({ enviados }, 'invoice reminders queued');
    return enviados;
  }

  /** Claims the invoice's decision (null: another worker has it), reads its streams, and queues the mail when something is due. */
  private decidir(idFactura: number, now: Date): Promise<ResultadoRecordatorio | null> {
    return this.deps.knex.transaction(async (trx) => {
      const { rows } = await trx.raw(
        `insert into facturas_recordatorios (id_factura, decidido_en, resultado) values (?, ?, 'PENDIENTE')
         on conflict do nothing returning id_factura`, [idFactura, now.toISOString()]);
      if (rows.length === 0) return null;
      const resultado = await this.recordar(trx, idFactura);
      await trx('facturas_recordatorios').where({ id_factura: idFactura }).update({ resultado });
      return resultado;
    });
  }

  private async recordar(trx: Knex.Transaction, idFactura: number): Promise<ResultadoRecordatorio> {
    // The streams, not the read models: a payment or a cancellation of a moment ago counts.
    const estado = await estadoCobro(this.deps.store, idFactura);
    if (!estado || estado.factura.status === 'anulada') return 'ANULADA';
    if (estado.pendienteCentimos === 0) return 'PAGADA';
    const f = estado.factura.factura;
    const to = await recipientOf(trx, 'paciente', f.idPaciente, this.deps.practiceTimezone, 0);
    if (!to) return 'SIN_CORREO';
    if (!to.notificaciones) return 'SIN_AVISOS';
    const mail = recordatorioPagoMail(to.idioma, { nombre: to.nombre, numSerie: f.numSerie, fechaExpedicion: f.fechaExpedicion, pendienteCentimos: estado.pendienteCentimos });
    await enqueue(trx, 'mail', `factura-recordatorio:${idFactura}:mail`, { to: to.email, ...mail });
    return 'ENVIADO';
  }
}

/** The worker a server runs (none when BILLING_REMINDER_DAYS is 0); `stop` waits for a pass in progress. */
export function startRecordatoriosFacturas(deps: RecordatoriosFacturasDeps, intervalMs = RECORDATORIO_FACTURAS_INTERVAL_MS): RecordatoriosFacturasWorker {
  const worker = new RecordatoriosFacturasWorker(deps, intervalMs);
  worker.start();
  return worker;
}
