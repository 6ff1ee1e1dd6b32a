import type { Decider } from './decider.ts';
import { errors } from '../platform/errors.ts';
import { localDateTime } from '../platform/time.ts';
import { evolveDiario, type Diario, type DiarioEvent } from '../events/diario.ts';

export interface DiarioCampos {
  emocion: string;
  intensidad: number;
  nota: string | null;
}

export type DiarioCommand =
  | { type: 'RegistrarDiario'; data: DiarioCampos & { idDiario: number; idPaciente: number } }
  /** `idPaciente`: the caller's patient; the entry must be theirs. */
  | { type: 'EliminarDiario'; data: { idDiario: number; idPaciente: number } };

export const diarioNotFound = () => errors.notFound('Entrada del diario', 'Diary entry');

export const diarioDecider: Decider<Diario, DiarioCommand, DiarioEvent> = {
  initialState: () => ({ status: 'nuevo' }),
  evolve: evolveDiario,
  decide(command, state, ctx) {
    switch (command.type) {
      case 'RegistrarDiario': {
        const d = command.data;
        if (state.status !== 'nuevo') throw errors.conflict('La entrada ya existe', 'Entry already exists');
        const emocion = d.emocion.trim();
        if (!emocion) throw errors.invalid('La emoción no puede estar vacía', 'emocion must not be empty');
        if (!Number.isInteger(d.intensidad) || d.intensidad < 1 || d.intensidad > 10) {
          throw errors.invalid('La intensidad debe estar entre 1 y 10', 'intensidad must be between 1 and 10');
        }
        const fecha = localDateTime(ctx.now, ctx.timezone);
        return [{ type: 'DiarioRegistrado', data: { idDiario: d.idDiario, idPaciente: d.idPaciente, fecha, emocion, intensidad: d.intensidad, nota: d.nota ?? null } }];
      }
      case 'EliminarDiario':
        if (state.status !== 'activo' || state.idPaciente !== command.data.idPaciente) throw diarioNotFound();
        return [{ type: 'DiarioEliminado', data: { idDiario: state.idDiario, idPaciente: state.idPaciente } }];
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
