import type { Decider } from './decider.ts';
import { AppError, errors } from '../platform/errors.ts';
import { localDateTime } from '../platform/time.ts';
import {
  evolveHistorial, type Autoria, type Historial, type HistorialCampos, type HistorialEvent,
} from '../events/historial.ts';
import { adenda, autoriaPaciente, firmar, noFirmado, otroAutor, type AdendaCommand, type FirmarData } from './firma.ts';

export type HistorialCommand =
  | { type: 'CrearHistorial'; data: HistorialCampos & { idHistory: number; idPaciente: number; autoria: Autoria } }
  /** `idPaciente`: the patient the caller may act for; `por`: the caller's kind of author. */
  | { type: 'CorregirHistorial'; data: HistorialCampos & { idHistory: number; idPaciente: number; por: Autoria } }
  | { type: 'EliminarHistorial'; data: { idHistory: number; idPaciente: number; por: Autoria } }
  /**
   * The psychologist who wrote the entry signs it (src/commands/firma.ts). `idUsuario`: the caller;
   * `creadoPor`: the user who recorded HistorialCreado (its metadata), read with the stored stream.
   */
  | { type: 'FirmarHistorial'; data: FirmarData & { idPaciente: number; idUsuario: number; creadoPor: number | null } }
  | { type: 'AgregarAdendaHistorial'; data: AdendaCommand & { idPaciente: number } };

export const historialNotFound = () => errors.notFound('Historial clínico', 'Clinical history record');

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

/** The live record of this patient; anything else reads as missing. */
function delPaciente(state: Historial, idPaciente: number) {
  if (state.status !== 'activo' || state.idPaciente !== idPaciente) throw historialNotFound();
  return state;
}

/** The live, unsigned record of this patient, written by this kind of author; anything else reads as missing, signed or forbidden. */
function editable(state: Historial, idPaciente: number, por: Autoria) {
  const s = delPaciente(state, idPaciente);
  noFirmado(s.firma);
  if (s.autoria !== por) throw otherAuthor();
  return s;
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
      case 'FirmarHistorial': {
        const d = command.data;
        const s = delPaciente(state, d.idPaciente);
        if (s.autoria !== 'PSICOLOGO') throw autoriaPaciente();
        if (d.creadoPor !== d.idUsuario) throw otroAutor();
        return [{ type: 'HistorialFirmado', data: { idHistory: s.idHistory, ...firmar(s.firma, s.idPaciente, d, ctx) } }];
      }
      case 'AgregarAdendaHistorial': {
        const s = delPaciente(state, command.data.idPaciente);
        return [{ type: 'HistorialAdendaAgregada', data: { idHistory: s.idHistory, ...adenda(s.firma, s.idPaciente, command.data, ctx) } }];
      }
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
