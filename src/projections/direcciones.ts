import type { Projection } from './runner.ts';
import { insertBuffer } from './deferred.ts';
import type { PacienteEliminado, PacienteRegistrado } from '../events/paciente.ts';
import type { DireccionEvent } from '../events/direccion.ts';

/** Patients' addresses: those given at registration, then each address's own events. */
export const direccionesProjection: Projection = {
  name: 'direcciones',
  tables: ['direcciones'],
  readYourWrites: true,
  handles: ['DireccionAnadida', 'DireccionEliminada', 'PacienteRegistrado', 'PacienteEliminado'],
  async apply(trx, stored) {
    if (stored.type === 'PacienteRegistrado') {
      const d = (stored as unknown as PacienteRegistrado).data;
      for (const a of d.direcciones ?? []) {
        nuevas.add(trx, {
          id_direccion: a.idDireccion, id_paciente: d.idPaciente, calle: a.calle, ciudad: a.ciudad,
          provincia: a.provincia, codigo_postal: a.codigoPostal, pais: a.pais, descripcion: a.descripcion,
        });
      }
      return;
    }
    if (stored.type === 'PacienteEliminado') {
      // Erasure: the person's addresses go with them (replays find them unreadable anyway).
      await nuevas.flush(trx);
      await trx('direcciones').where({ id_paciente: (stored as unknown as PacienteEliminado).data.idPaciente }).delete();
      return;
    }
    const event = stored as unknown as DireccionEvent;
    switch (event.type) {
      case 'DireccionAnadida': {
        // An erased person's address (key destroyed) has nothing left to show.
        if (stored.erased?.length) return;
        const d = event.data;
        nuevas.add(trx, {
          id_direccion: d.idDireccion, id_paciente: d.idPaciente, calle: d.calle, ciudad: d.ciudad,
          provincia: d.provincia, codigo_postal: d.codigoPostal, pais: d.pais, descripcion: d.descripcion,
        });
        return;
      }
      case 'DireccionEliminada':
        await nuevas.flush(trx);
        await trx('direcciones').where({ id_direccion: event.data.idDireccion }).delete();
        return;
      default:
        return; // not an event of this read model
    }
  },
  flush: (trx) => nuevas.flush(trx),
};

// Addresses added in a batch are inserted together at its end.
const nuevas = insertBuffer('direcciones', 'id_direccion');
