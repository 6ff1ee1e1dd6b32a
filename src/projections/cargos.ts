import type { Projection } from './runner.ts';
import type { CargoEvent } from '../events/cargo.ts';

/**
 * Charges (docs/billing.md "Charges", "Invoicing charges"): what GET /api/admin/cargos and
 * /api/pacientes/{id}/cargos read. A charge a pack covers is CUBIERTO_BONO from the start; an
 * invoiced one FACTURADO with its invoice.
 */
export const cargosProjection: Projection = {
  name: 'cargos',
  tables: ['cargos'],
  readYourWrites: true,
  handles: ['CargoRegistrado', 'CargoFacturado'],
  async apply(trx, stored) {
    const event = stored as unknown as CargoEvent;
    if (event.type === 'CargoFacturado') {
      await trx('cargos').where({ id_cargo: event.data.idCargo }).update({ estado: 'FACTURADO', id_factura: event.data.idFactura });
      return;
    }
    if (event.type !== 'CargoRegistrado') return;
    const d = event.data;
    await trx('cargos')
      .insert({
        id_cargo: d.idCargo, id_cita: d.idCita, id_paciente: d.idPaciente, id_psicologo: d.idPsicologo, concepto: d.concepto,
        id_servicio: d.idServicio, precio_centimos: d.precioCentimos, iva_porcentaje: d.iva === 'EXENTO' ? null : d.iva,
        cuota_iva_centimos: d.cuotaIvaCentimos, total_centimos: d.totalCentimos, fecha: d.fecha,
        id_bono: d.idBono ?? null, estado: d.idBono ? 'CUBIERTO_BONO' : 'PENDIENTE_FACTURAR',
      })
      .onConflict('id_cargo').ignore();
  },
};
