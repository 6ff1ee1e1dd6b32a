import type { Projection } from './runner.ts';
import type { PacienteEliminado, PacienteRegistrado } from '../events/paciente.ts';
import type { DireccionEvent } from '../events/direccion.ts';

/** Patients' addresses: those given at registration, then each address's own events. */
export const direccionesProjection: Projection = {
  name: 'direcciones',
  tables: ['direcciones'],
  handles: ['DireccionAnadida', 'DireccionEliminada', 'PacienteRegistrado', 'PacienteEliminado'],
  async apply(trx, stored) {
    if (stored.type === 'PacienteRegistrado') {
      const d = (stored as unknown as PacienteRegistrado).data;
      for (const a of d.direcciones ?? []) {
        await trx('direcciones')
          .insert({
            id_direccion: a.idDireccion, id_paciente: d.idPaciente, calle: a.calle, ciudad: a.ciudad,
            provincia: a.provincia, codigo_postal: a.codigoPostal, pais: a.pais, descripcion: a.descripcion,
          })
          .onConflict('id_direccion').ignore();
      }
      return;
    }
    if (stored.type === 'PacienteEliminado') {
      // Erasure: the person's addresses go with them (replays find them unreadable anyway).
      await trx('direcciones').where({ id_paciente: (stored as unknown as PacienteEliminado).data.idPaciente }).delete();
      return;
    }
    const event = stored as unknown as DireccionEvent;
    switch (event.type) {
      case 'DireccionAnadida': {
        // An erased person's address (key destroyed) has nothing left to show.
        if (stored.erased?.length) return;
        const d = event.data;
        await trx('direcciones')
          .insert({
            id_direccion: d.idDireccion, id_paciente: d.idPaciente, calle: d.calle, ciudad: d.ciudad,
            provincia: d.provincia, codigo_postal: d.codigoPostal, pais: d.pais, descripcion: d.descripcion,
          })
          .onConflict('id_direccion').ignore();
        return;
      }
      case 'DireccionEliminada':
        await trx('direcciones').where({ id_direccion: event.data.idDireccion }).delete();
        return;
      default:
        return; // not an event of this read model
    }
  },
};
