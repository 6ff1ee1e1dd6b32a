import type { Projection } from './runner.ts';
import type { PacienteEvent } from '../events/paciente.ts';

/** Patients (their addresses: src/projections/direcciones.ts). */
export const pacientesProjection: Projection = {
  name: 'pacientes',
  tables: ['pacientes'],
  async apply(trx, stored) {
    const event = stored as unknown as PacienteEvent;
    switch (event.type) {
      case 'PacienteRegistrado': {
        const d = event.data;
        await trx('pacientes')
          .insert({
            id_paciente: d.idPaciente, id_usuario: d.idUsuario, id_psicologo: d.idPsicologo,
            fecha_nacimiento: d.fechaNacimiento, genero: d.genero, telefono: d.telefono,
            metodo_pago: d.metodoPago, estado_pago: d.estadoPago, acepta_terminos: d.aceptaTerminos,
            acepta_videoconferencia: d.aceptaVideoconferencia, acepta_comunicacion: d.aceptaComunicacion,
          })
          .onConflict('id_paciente').ignore();
        return;
      }
      case 'PacienteDadoDeBaja':
        await trx('pacientes').where({ id_paciente: event.data.idPaciente }).update({ activo: false });
        return;
      default:
        return;
    }
  },
};
