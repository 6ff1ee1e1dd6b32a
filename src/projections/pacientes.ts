import type { Projection } from './runner.ts';
import type { PacienteEvent } from '../events/paciente.ts';

/** Patients and their addresses. */
export const pacientesProjection: Projection = {
  name: 'pacientes',
  tables: ['pacientes', 'direcciones'],
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
        for (const a of d.direcciones) {
          await trx('direcciones')
            .insert({
              id_direccion: a.idDireccion, id_paciente: d.idPaciente, calle: a.calle, ciudad: a.ciudad,
              provincia: a.provincia, codigo_postal: a.codigoPostal, pais: a.pais, descripcion: a.descripcion,
            })
            .onConflict('id_direccion').ignore();
        }
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
