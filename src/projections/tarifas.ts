import type { Projection } from './runner.ts';
import type { ServicioEvent } from '../events/servicio.ts';
import type { TarifaPacienteEvent, TarifaPsicologoEvent } from '../events/tarifa.ts';
import type { PacienteEliminado } from '../events/paciente.ts';
import type { PsicologoEliminado } from '../events/psicologo.ts';

type Handled = ServicioEvent | TarifaPsicologoEvent | TarifaPacienteEvent | PacienteEliminado | PsicologoEliminado;

/** Fees (docs/billing.md "Fees"): services, psychologists' own prices, patients' rules; what GET /api/tarifas/precio reads. */
export const tarifasProjection: Projection = {
  name: 'tarifas',
  tables: ['servicios', 'tarifas_psicologo', 'tarifas_paciente'],
  readYourWrites: true,
  handles: [
    'ServicioCreado', 'ServicioModificado', 'ServicioDesactivado', 'TarifaPsicologoFijada', 'TarifaPsicologoRetirada',
    'TarifaPacienteFijada', 'TarifaPacienteRetirada', 'PacienteEliminado', 'PsicologoEliminado',
  ],
  async apply(trx, stored) {
    const event = stored as unknown as Handled;
    switch (event.type) {
      case 'ServicioCreado':
      case 'ServicioModificado': {
        const d = event.data;
        await trx('servicios')
          .insert({
            id_servicio: d.idServicio, nombre: d.nombre, precio_centimos: d.precioCentimos, duracion_minutos: d.duracionMinutos,
            iva_porcentaje: d.iva === 'EXENTO' ? null : d.iva, activo: d.activo,
          })
          .onConflict('id_servicio').merge();
        return;
      }
      case 'ServicioDesactivado':
        await trx('servicios').where({ id_servicio: event.data.idServicio }).update({ activo: false });
        return;
      case 'TarifaPsicologoFijada': {
        const d = event.data;
        await trx('tarifas_psicologo')
          .insert({ id_psicologo: d.idPsicologo, id_servicio: d.idServicio, precio_centimos: d.precioCentimos })
          .onConflict(['id_psicologo', 'id_servicio']).merge();
        return;
      }
      case 'TarifaPsicologoRetirada':
        await trx('tarifas_psicologo').where({ id_psicologo: event.data.idPsicologo, id_servicio: event.data.idServicio }).delete();
        return;
      case 'TarifaPacienteFijada': {
        const d = event.data;
        await trx('tarifas_paciente')
          .insert({ id_paciente: d.idPaciente, descuento_porcentaje: d.descuentoPorcentaje, precio_fijo_centimos: d.precioFijoCentimos })
          .onConflict('id_paciente').merge();
        return;
      }
      case 'TarifaPacienteRetirada':
      case 'PacienteEliminado':
        // An erased patient's fee serves nobody any more (the events hold only ids and amounts).
        await trx('tarifas_paciente').where({ id_paciente: event.data.idPaciente }).delete();
        return;
      case 'PsicologoEliminado':
        await trx('tarifas_psicologo').where({ id_psicologo: event.data.idPsicologo }).delete();
        return;
      default:
        return; // not an event of this read model
    }
  },
};
