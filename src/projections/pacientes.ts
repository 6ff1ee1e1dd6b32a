import type { Knex } from 'knex';
import type { Projection } from './runner.ts';
import { insertBuffer } from './deferred.ts';
import type { StoredEvent } from '../eventstore/port.ts';
import type { PacienteActualizado, PacienteEvent, PacienteRegistrado } from '../events/paciente.ts';
import type { PsicologoEliminado } from '../events/psicologo.ts';

const COLUMN: Record<string, string> = {
  fechaNacimiento: 'fecha_nacimiento', genero: 'genero', telefono: 'telefono', metodoPago: 'metodo_pago', estadoPago: 'estado_pago',
};

async function registrado(trx: Knex.Transaction, d: PacienteRegistrado['data'], erased: string[]) {
  // Read after the person's erasure the fields are gone, and PacienteEliminado follows in the log:
  // no row at all, so a rebuild ends where the live read model did.
  if (erased.length > 0) return;
  nuevos.add(trx, {
    id_paciente: d.idPaciente, id_usuario: d.idUsuario, id_psicologo: d.idPsicologo,
    fecha_nacimiento: d.fechaNacimiento, genero: d.genero, telefono: d.telefono,
    metodo_pago: d.metodoPago, estado_pago: d.estadoPago, acepta_terminos: d.aceptaTerminos,
    acepta_videoconferencia: d.aceptaVideoconferencia, acepta_comunicacion: d.aceptaComunicacion, activo: true,
  });
}

// Patients registered in a batch are inserted together at its end; a change in the same batch is
// made to the pending row.
const nuevos = insertBuffer('pacientes', 'id_paciente');

async function cambiar(trx: Knex.Transaction, idPaciente: number, changes: Record<string, unknown>): Promise<void> {
  const pendiente = nuevos.pending(trx, idPaciente);
  if (pendiente) Object.assign(pendiente, changes);
  else await trx('pacientes').where({ id_paciente: idPaciente }).update(changes);
}

async function actualizado(trx: Knex.Transaction, d: PacienteActualizado['data'], erased: string[]) {
  const changes: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMN)) {
    const value = (d as unknown as Record<string, unknown>)[field];
    if (value !== undefined && !erased.includes(field)) changes[column] = value;
  }
  if (Object.keys(changes).length > 0) await cambiar(trx, d.idPaciente, changes);
}

/** Patients (their addresses: src/projections/direcciones.ts). An erased patient's row goes. */
export const pacientesProjection: Projection = {
  name: 'pacientes',
  tables: ['pacientes'],
  readYourWrites: true,
  handles: ['PacienteRegistrado', 'PacienteDadoDeBaja', 'PacienteActualizado', 'PsicologoAsignado', 'PacienteEliminado', 'PsicologoEliminado'],
  async apply(trx, stored: StoredEvent) {
    const event = stored as unknown as PacienteEvent | PsicologoEliminado;
    const erased = stored.erased ?? [];
    switch (event.type) {
      case 'PacienteRegistrado':
        return registrado(trx, event.data, erased);
      case 'PacienteDadoDeBaja':
        return cambiar(trx, event.data.idPaciente, { activo: false });
      case 'PacienteActualizado':
        return actualizado(trx, event.data, erased);
      case 'PsicologoAsignado':
        return cambiar(trx, event.data.idPaciente, { id_psicologo: event.data.idPsicologo });
      case 'PacienteEliminado':
        await nuevos.flush(trx);
        await trx('pacientes').where({ id_paciente: event.data.idPaciente }).delete();
        return;
      case 'PsicologoEliminado':
        // Their patients keep everything else; they simply have no psychologist until reassigned.
        await nuevos.flush(trx);
        await trx('pacientes').where({ id_psicologo: event.data.idPsicologo }).update({ id_psicologo: null });
        return;
      default:
        return; // not an event of this read model
    }
  },
  flush: (trx) => nuevos.flush(trx),
};
