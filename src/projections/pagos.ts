import type { Projection } from './runner.ts';
import type { PagoEvent } from '../events/pago.ts';

/** Payments (docs/billing.md "Payments"): what GET /api/facturas/{id}/pagos and /api/pacientes/{id}/pagos read. */
export const pagosProjection: Projection = {
  name: 'pagos',
  tables: ['pagos'],
  readYourWrites: true,
  handles: ['PagoRegistrado', 'PagoReembolsado'],
  async apply(trx, stored) {
    const event = stored as unknown as PagoEvent;
    if (event.type === 'PagoReembolsado') {
      await trx('pagos').where({ id_pago: event.data.idPago }).increment('reembolsado_centimos', event.data.importeCentimos);
      return;
    }
    if (event.type !== 'PagoRegistrado') return;
    const d = event.data;
    await trx('pagos').insert({
      id_pago: d.idPago, id_factura: d.idFactura, id_paciente: d.idPaciente, importe_centimos: d.importeCentimos, metodo: d.metodo,
      fecha: d.fecha, referencia: d.referencia, id_externo: d.idExterno, registrado_por: d.registradoPor,
    }).onConflict('id_pago').ignore();
  },
};
