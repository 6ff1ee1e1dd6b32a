import { DateTime } from 'luxon';
import type { Knex } from 'knex';
import type { EventStore, StoredEvent } from '../../eventstore/port.ts';
import type { FacturaEmitida } from '../../events/factura.ts';
import type { PagoRegistrado } from '../../events/pago.ts';
import { vistaPdf } from '../../queries/facturas.ts';
import type { EntornoAeat } from '../../platform/verifactu/qr.ts';
import { AEAT_ENDPOINTS } from '../../platform/verifactu/aeat-soap.ts';
import { enqueue, type Reactor } from '../reactor.ts';
import { recipientOf, type Recipient } from '../notifications/recipients.ts';
import { facturaMail, reciboMail } from '../mail/facturacion-textos.ts';
import type { CorreoPendiente } from '../mail/correo.ts';
import { estadoCobro } from './estado-cobro.ts';

// The invoice and the receipt mails (docs/billing.md "Mail"). The reactor's checkpoint and markers
// hand it each event once, and the outbox keys (the invoice's id, the payment's id) make a replay or a
// second instance queue nothing more. Both go whatever the patient's notification setting: they are
// the practice's documents of a sale and a payment, not notices (the reminder respects it).

export interface CorreoFacturacionOptions {
  store: EventStore;
  practiceTimezone: string;
  /** AEAT_ENDPOINT: the attached PDF's QR names AEAT's production host for `prod`, as GET /api/facturas/{id}/pdf does. */
  aeatEndpoint: string;
}

const entornoDe = (endpoint: string): EntornoAeat => (endpoint === AEAT_ENDPOINTS.prod ? 'produccion' : 'pruebas');

/** The patient to write to: null when erased, deactivated or without an e-mail (nothing is queued). */
const pacienteDe = (trx: Knex, idPaciente: number, zone: string): Promise<Recipient | null> => recipientOf(trx, 'paciente', idPaciente, zone, 0);

async function correoFactura(trx: Knex.Transaction, event: FacturaEmitida, opts: CorreoFacturacionOptions): Promise<void> {
  const d = event.data;
  const to = await pacienteDe(trx, d.idPaciente, opts.practiceTimezone);
  if (!to) return;
  const mail = facturaMail(to.idioma, {
    nombre: to.nombre, numSerie: d.numSerie, fechaExpedicion: d.fechaExpedicion, importeTotalCentimos: d.importeTotalCentimos,
    rectificativa: d.tipoFactura.startsWith('R'), emisor: d.emisor.nombreRazon,
  });
  // The same view the PDF route draws from (the read model holds the event's data as issued).
  const facturaPdf = vistaPdf({ ...d, rectifica: d.rectifica ?? null, estado: 'EMITIDA', huella: null, urlQr: '' }, entornoDe(opts.aeatEndpoint));
  const payload: CorreoPendiente = { to: to.email, ...mail, facturaPdf };
  await enqueue(trx, 'mail', `factura-emitida:${d.idFactura}:mail`, payload);
}

async function correoRecibo(trx: Knex.Transaction, stored: StoredEvent, opts: CorreoFacturacionOptions): Promise<void> {
  const d = (stored as unknown as PagoRegistrado).data;
  const estado = await estadoCobro(opts.store, d.idFactura, stored.revision);
  if (!estado) return;
  const to = await pacienteDe(trx, d.idPaciente, opts.practiceTimezone);
  if (!to) return;
  const mail = reciboMail(to.idioma, {
    nombre: to.nombre, numSerie: estado.factura.factura.numSerie, importeCentimos: d.importeCentimos, metodo: d.metodo,
    fecha: DateTime.fromISO(d.fecha, { zone: opts.practiceTimezone }).toISODate() ?? d.fecha.slice(0, 10), pendienteCentimos: estado.pendienteCentimos,
  });
  await enqueue(trx, 'mail', `pago-registrado:${d.idPago}:mail`, { to: to.email, ...mail });
}

/** FacturaEmitida → the invoice, PDF attached, to the patient; PagoRegistrado → the receipt. */
export function correoFacturacionReactor(opts: CorreoFacturacionOptions): Reactor {
  return {
    name: 'correo-facturacion',
    handles: ['FacturaEmitida', 'PagoRegistrado'],
    async react(trx, event) {
      if (event.type === 'FacturaEmitida') await correoFactura(trx, event as unknown as FacturaEmitida, opts);
      else if (event.type === 'PagoRegistrado') await correoRecibo(trx, event, opts);
    },
  };
}
