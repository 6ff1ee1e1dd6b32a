import type { Projection } from './runner.ts';
import { aplicarCobro, EVENTOS_COBRO } from './facturas-cobro.ts';
import type { FacturaEvent } from '../events/factura.ts';
import type { RegistroFacturacionAltaGenerado } from '../events/factura.ts';
import type { PacienteEliminado } from '../events/paciente.ts';
import { destinatarioRetenido, type ClaveFacturacionDestruida } from '../events/retencion-facturacion.ts';

type Handled = FacturaEvent | RegistroFacturacionAltaGenerado | PacienteEliminado | ClaveFacturacionDestruida;
const SIN_DESTINATARIO = `jsonb_set(datos, '{destinatario}', 'null'::jsonb)`;

/** Issued invoices (docs/billing.md "Invoices and numbering"): what the invoice reads and the PDF come from. */
export const facturasProjection: Projection = {
  name: 'facturas',
  tables: ['facturas'],
  readYourWrites: true,
  handles: ['FacturaEmitida', 'FacturaAnulada', 'RegistroFacturacionAltaGenerado', 'PacienteEliminado', 'ClaveFacturacionDestruida', ...EVENTOS_COBRO],
  async apply(trx, stored) {
    const event = stored as unknown as Handled;
    // The invoice's account (payments, refunds, corrections): facturas-cobro.ts.
    if ((EVENTOS_COBRO as readonly string[]).includes(stored.type)) return aplicarCobro(trx, stored as never);
    switch (event.type) {
      case 'FacturaEmitida': {
        const d = event.data;
        await trx('facturas').insert({
          id_factura: d.idFactura, id_paciente: d.idPaciente, id_psicologo: d.idPsicologo, id_psicologo_emisor: d.idPsicologoEmisor,
          emisor_nif: d.emisor.nif, serie: d.serie, numero: d.numero, num_serie: d.numSerie, fecha_expedicion: d.fechaExpedicion,
          tipo_factura: d.tipoFactura, importe_total_centimos: d.importeTotalCentimos, estado: 'EMITIDA', datos: JSON.stringify(d),
          destinatario_retenido: destinatarioRetenido(stored),
        }).onConflict('id_factura').ignore();
        return;
      }
      case 'RegistroFacturacionAltaGenerado':
        // Written in the same append as FacturaEmitida, after it: the row exists.
        await trx('facturas').where({ id_factura: event.data.idFactura }).update({ huella: event.data.huella });
        return;
      case 'FacturaAnulada':
        await trx('facturas').where({ id_factura: event.data.idFactura }).update({ estado: 'ANULADA' });
        return;
      case 'PacienteEliminado':
        // The invoice stays (tax law), and so does its recipient, kept under the billing key until the
        // retention job destroys it (docs/billing.md "Retention"). An invoice sealed before that key
        // existed loses it now, as the log does.
        await trx('facturas').where({ id_paciente: event.data.idPaciente, destinatario_retenido: false }).update({ datos: trx.raw(SIN_DESTINATARIO) });
        return;
      case 'ClaveFacturacionDestruida':
        await trx('facturas').where({ id_paciente: event.data.idPaciente }).update({ datos: trx.raw(SIN_DESTINATARIO) });
        return;
      default:
        return;
    }
  },
};
