import type { Projection } from './runner.ts';
import type { PacienteRegistrado } from '../events/paciente.ts';

/** Patients' addresses: those given at registration, then each address's own events. */
export const direccionesProjection: Projection = {
  name: 'direcciones',
  tables: ['direcciones'],
  async apply(trx, stored) {
    if (stored.type !== 'PacienteRegistrado') return;
    const d = (stored as unknown as PacienteRegistrado).data;
    for (const a of d.direcciones ?? []) {
      await trx('direcciones')
        .insert({
          id_direccion: a.idDireccion, id_paciente: d.idPaciente, calle: a.calle, ciudad: a.ciudad,
          provincia: a.provincia, codigo_postal: a.codigoPostal, pais: a.pais, descripcion: a.descripcion,
        })
        .onConflict('id_direccion').ignore();
    }
  },
};
