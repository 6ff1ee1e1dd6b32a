import type { Projection } from './runner.ts';
import type { CargoEvent } from '../events/cargo.ts';

/** Charges (docs/billing.md "Charges"): what GET /api/admin/cargos and /api/pacientes/{id}/cargos read. */
export const cargosProjection: Projection = {
  name: 'cargos',
  tables: ['cargos'],
  readYourWrites: true,
  handles: ['CargoRegistrado'],
  async apply(trx, stored) {
    const event = stored as unknown as CargoEvent;
    if (event.type !== 'CargoRegistrado') return;
    const d = event.data;
    await trx('cargos')
      .insert({
        id_cargo: d.idCargo, id_cita: d.idCita, id_paciente: d.idPaciente, id_psicologo: d.idPsicologo, concepto: d.concepto,
        id_servicio: d.idServicio, precio_centimos: d.precioCentimos, iva_porcentaje: d.iva === 'EXENTO' ? null : d.iva,
        cuota_iva_centimos: d.cuotaIvaCentimos, total_centimos: d.totalCentimos, fecha: d.fecha,
      })
      .onConflict('id_cargo').ignore();
  },
};
