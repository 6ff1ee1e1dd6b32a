import type { Decider } from './decider.ts';
import { errors } from '../platform/errors.ts';
import { ageOn } from '../platform/time.ts';
import { evolvePaciente, type Paciente, type PacienteEvent, type PacienteRegistrado } from '../events/paciente.ts';

export const LEGAL_AGE = 18;

export type PacienteCommand =
  | { type: 'RegistrarPaciente'; data: PacienteRegistrado['data'] }
  | { type: 'DarDeBajaPaciente' };

export const pacienteDecider: Decider<Paciente, PacienteCommand, PacienteEvent> = {
  initialState: () => ({ status: 'nuevo' }),
  evolve: evolvePaciente,
  decide(command, state, ctx) {
    switch (command.type) {
      case 'RegistrarPaciente': {
        if (state.status !== 'nuevo') throw errors.conflict('El paciente ya existe', 'Patient already exists');
        if (ageOn(command.data.fechaNacimiento, ctx.now, ctx.timezone) < LEGAL_AGE) {
          throw errors.invalid('El paciente debe ser mayor de edad', 'The patient must be of legal age');
        }
        return [{ type: 'PacienteRegistrado', data: command.data }];
      }
      case 'DarDeBajaPaciente':
        if (state.status === 'nuevo') throw errors.notFound('Paciente', 'Patient');
        if (state.status === 'baja') return [];
        return [{ type: 'PacienteDadoDeBaja', data: { idPaciente: state.idPaciente, idUsuario: state.idUsuario } }];
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
