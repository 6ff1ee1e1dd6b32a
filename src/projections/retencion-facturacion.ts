import type { Projection } from './runner.ts';
import type { FacturaEmitida } from '../events/factura.ts';
import type { PacienteEliminado } from '../events/paciente.ts';
import type { ClaveFacturacionDestruida } from '../events/retencion-facturacion.ts';

type Handled = FacturaEmitida | PacienteEliminado | ClaveFacturacionDestruida;

/**
 * Per patient with invoices: the year of the latest (a rectifying invoice counts: it is an invoice
 * too), the erasure and the billing key's destruction, for the billing retention job
 * (docs/billing.md "Retention").
 */
export const retencionFacturacionProjection: Projection = {
  name: 'retencion-facturacion',
  tables: ['retencion_facturacion'],
  handles: ['FacturaEmitida', 'PacienteEliminado', 'ClaveFacturacionDestruida'],
  // Read by the retention job only, which runs hours apart: no answer waits for it.
  readYourWrites: false,
  async apply(trx, stored) {
    const event = stored as unknown as Handled;
    const at = stored.metadata.occurredAt;
    switch (event.type) {
      case 'FacturaEmitida':
        await trx.raw(
          `insert into retencion_facturacion (id_paciente, ultimo_anio) values (?, ?)
           on conflict (id_paciente) do update set ultimo_anio = greatest(retencion_facturacion.ultimo_anio, excluded.ultimo_anio)`,
          [event.data.idPaciente, Number(event.data.fechaExpedicion.slice(0, 4))],
        );
        return;
      case 'PacienteEliminado':
        // A patient without invoices has no row, and no billing key to destroy.
        await trx('retencion_facturacion').where({ id_paciente: event.data.idPaciente }).update({ eliminado_en: at });
        return;
      case 'ClaveFacturacionDestruida':
        await trx('retencion_facturacion').where({ id_paciente: event.data.idPaciente }).update({ clave_destruida_en: at });
        return;
      default:
        return;
    }
  },
};
