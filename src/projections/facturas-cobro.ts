import type { Knex } from 'knex';
import type { FacturaRectificada } from '../events/factura.ts';
import type { PagoEvent } from '../events/pago.ts';

// An invoice's account on its row of `facturas` (docs/billing.md "Payments"), kept by projection
// `facturas` from the payments' events and the corrections, so a rebuild of `facturas` rebuilds it
// too. The sums are incremental: each event is applied once, in the checkpoint's transaction.

export const EVENTOS_COBRO = ['PagoRegistrado', 'PagoReembolsado', 'PagoFallido', 'FacturaRectificada'] as const;

/**
 * estado_cobro of the invoice `id` and of its rectifying invoices, which are paid through it and say
 * its state: REEMBOLSADA once refunds took back everything paid; PAGADA when nothing is left to pay
 * (an invoice corrected to 0 included); PARCIAL when something was paid; else PENDIENTE.
 */
async function estadoCobro(trx: Knex.Transaction, id: number) {
  await trx.raw(`
    update facturas f set estado_cobro = case
        when o.reembolsado_centimos > 0 and o.cobrado_centimos = 0 then 'REEMBOLSADA'
        when o.cobrado_centimos >= o.importe_total_centimos + o.rectificado_centimos then 'PAGADA'
        when o.cobrado_centimos > 0 then 'PARCIAL'
        else 'PENDIENTE' end
      from facturas o
      where o.id_factura = ? and (f.id_factura = o.id_factura or (f.datos->'rectifica'->>'idFactura')::int = o.id_factura)`, [id]);
}

export async function aplicarCobro(trx: Knex.Transaction, event: PagoEvent | FacturaRectificada): Promise<void> {
  const fila = trx('facturas').where({ id_factura: event.data.idFactura });
  switch (event.type) {
    case 'PagoRegistrado':
      await fila.update({ cobrado_centimos: trx.raw('cobrado_centimos + ?', [event.data.importeCentimos]), cobro_fallido: false });
      break;
    case 'PagoReembolsado':
      await fila.update({
        cobrado_centimos: trx.raw('cobrado_centimos - ?', [event.data.importeCentimos]),
        reembolsado_centimos: trx.raw('reembolsado_centimos + ?', [event.data.importeCentimos]),
      });
      break;
    case 'PagoFallido':
      await fila.update({ cobro_fallido: true });
      break;
    case 'FacturaRectificada':
      await fila.update({ rectificado_centimos: trx.raw('rectificado_centimos + ?', [event.data.importeTotalCentimos]) });
      break;
    default: return;
  }
  await estadoCobro(trx, event.data.idFactura);
}
