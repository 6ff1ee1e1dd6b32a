import type { Decider } from './decider.ts';
import { AppError, errors } from '../platform/errors.ts';
import { localDateTime } from '../platform/time.ts';
import {
  evolveHistorial, type Autoria, type Historial, type HistorialCampos, type HistorialEvent,
} from '../events/historial.ts';

export type HistorialCommand =
  | { type: 'CrearHistorial'; data: HistorialCampos & { idHistory: number; idPaciente: number; autoria: Autoria } }
  /** `idPaciente`: the patient the caller may act for; `por`: the caller's kind of author. */
  | { type: 'CorregirHistorial'; data: HistorialCampos & { idHistory: number; idPaciente: number; por: Autoria } }
  | { type: 'EliminarHistorial'; data: { idHistory: number; idPaciente: number; por: Autoria } };

export const historialNotFound = () => new AppError(404, { es: 'Historial clínico no encontrado', en: 'Clinical history record not found' });

const otherAuthor = () =>
  new AppError(403, {
    es: 'Solo quien escribió el registro (paciente o psicólogo) puede corregirlo o eliminarlo',
    en: 'Only the kind of author who wrote the record (patient or psychologist) may correct or delete it',
  });

function campos(c: HistorialCampos): HistorialCampos {
  const titulo = c.titulo.trim();
  if (!titulo) throw errors.invalid('El título no puede estar vacío', 'titulo must not be empty');
  return { titulo, diagnostico: c.diagnostico ?? null, tratamiento: c.tratamiento ?? null, observaciones: c.observaciones ?? null };
}

/** The live record of this patient, written by this kind of author; anything else reads as missing or forbidden. */
function editable(state: Historial, idPaciente: number, por: Autoria) {
  if (state.status !== 'activo' || state.idPaciente !== idPaciente) throw historialNotFound();
  if (state.autoria !== por) throw otherAuthor();
  return state;
}

export const historialDecider: Decider<Historial, HistorialCommand, HistorialEvent> = {
  initialState: () => ({ status: 'nuevo' }),
  evolve: evolveHistorial,
  decide(command, state, ctx) {
    switch (command.type) {
      case 'CrearHistorial': {
        if (state.status !== 'nuevo') throw errors.conflict('El registro ya existe', 'Record already exists');
        const { idHistory, idPaciente, autoria } = command.data;
        const creadoEn = localDateTime(ctx.now, ctx.timezone);
        return [{ type: 'HistorialCreado', data: { idHistory, idPaciente, autoria, ...campos(command.data), creadoEn } }];
      }
      case 'CorregirHistorial': {
        const s = editable(state, command.data.idPaciente, command.data.por);
        const corregidoEn = localDateTime(ctx.now, ctx.timezone);
        return [{ type: 'HistorialCorregido', data: { idHistory: s.idHistory, idPaciente: s.idPaciente, ...campos(command.data), corregidoEn } }];
      }
      case 'EliminarHistorial': {
        const s = editable(state, command.data.idPaciente, command.data.por);
        return [{ type: 'HistorialEliminado', data: { idHistory: s.idHistory, idPaciente: s.idPaciente } }];
      }
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
