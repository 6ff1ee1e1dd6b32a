import type { CommandContext, Decider } from './decider.ts';
import { errors } from '../platform/errors.ts';
import { ageOn, localDate } from '../platform/time.ts';
import {
  evolvePaciente, type CambiosPaciente, type Paciente, type PacienteEvent, type PacienteRegistrado,
} from '../events/paciente.ts';

export const LEGAL_AGE = 18;

export type PacienteCommand =
  | { type: 'RegistrarPaciente'; data: PacienteRegistrado['data'] }
  | { type: 'DarDeBajaPaciente' }
  | { type: 'ActualizarPaciente'; data: CambiosPaciente & { idPsicologo?: number } }
  | { type: 'AsignarPsicologo'; data: { idPsicologo: number } }
  | { type: 'EliminarPaciente' };

function checkLegalAge(fechaNacimiento: string, ctx: CommandContext): void {
  if (fechaNacimiento > localDate(ctx.now, ctx.timezone)) {
    throw errors.invalid('fechaNacimiento no puede ser una fecha futura', 'fechaNacimiento cannot be in the future');
  }
  if (ageOn(fechaNacimiento, ctx.now, ctx.timezone) < LEGAL_AGE) {
    throw errors.invalid('El paciente debe ser mayor de edad', 'The patient must be of legal age');
  }
}

type Existing = Exclude<Paciente, { status: 'nuevo' }>;

/** An erased patient is answered exactly like one that never existed. */
function existing(state: Paciente): Existing {
  if (state.status === 'nuevo' || state.status === 'eliminado') throw errors.notFound('Paciente', 'Patient');
  return state;
}

function assign(state: Existing, idPsicologo: number): PacienteEvent[] {
  if (state.idPsicologo === idPsicologo) return [];
  return [{ type: 'PsicologoAsignado', data: { idPaciente: state.idPaciente, idPsicologoAnterior: state.idPsicologo, idPsicologo } }];
}

function update(state: Existing, data: CambiosPaciente & { idPsicologo?: number }, ctx: CommandContext): PacienteEvent[] {
  const { idPsicologo, ...cambios } = data;
  if (cambios.fechaNacimiento !== undefined) checkLegalAge(cambios.fechaNacimiento, ctx);
  const events: PacienteEvent[] = [];
  if (Object.keys(cambios).length > 0) {
    events.push({ type: 'PacienteActualizado', data: { idPaciente: state.idPaciente, idUsuario: state.idUsuario, ...cambios } });
  }
  if (idPsicologo !== undefined) events.push(...assign(state, idPsicologo));
  return events;
}

export const pacienteDecider: Decider<Paciente, PacienteCommand, PacienteEvent> = {
  initialState: () => ({ status: 'nuevo' }),
  evolve: evolvePaciente,
  decide(command, state, ctx) {
    switch (command.type) {
      case 'RegistrarPaciente': {
        if (state.status !== 'nuevo') throw errors.conflict('El paciente ya existe', 'Patient already exists');
        checkLegalAge(command.data.fechaNacimiento, ctx);
        return [{ type: 'PacienteRegistrado', data: command.data }];
      }
      case 'DarDeBajaPaciente': {
        const s = existing(state);
        if (s.status === 'baja') return [];
        return [{ type: 'PacienteDadoDeBaja', data: { idPaciente: s.idPaciente, idUsuario: s.idUsuario } }];
      }
      case 'ActualizarPaciente':
        return update(existing(state), command.data, ctx);
      case 'AsignarPsicologo':
        return assign(existing(state), command.data.idPsicologo);
      case 'EliminarPaciente': {
        const s = existing(state);
        return [{ type: 'PacienteEliminado', data: { idPaciente: s.idPaciente, idUsuario: s.idUsuario } }];
      }
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
