import type { Decider } from './decider.ts';
import { errors } from '../platform/errors.ts';
import { evolvePsicologo, type Psicologo, type PsicologoEvent, type PsicologoRegistrado } from '../events/psicologo.ts';

export type PsicologoCommand = { type: 'RegistrarPsicologo'; data: PsicologoRegistrado['data'] };

export const psicologoDecider: Decider<Psicologo, PsicologoCommand, PsicologoEvent> = {
  initialState: () => ({ status: 'nuevo' }),
  evolve: evolvePsicologo,
  decide(command, state) {
    switch (command.type) {
      case 'RegistrarPsicologo':
        if (state.status !== 'nuevo') throw errors.conflict('El psicólogo ya existe', 'Psychologist already exists');
        if (command.data.experiencia < 0) {
          throw errors.invalid('La experiencia no puede ser negativa', 'experiencia must not be negative');
        }
        return [{ type: 'PsicologoRegistrado', data: command.data }];
      default: {
        const unknown: never = command.type;
        return unknown;
      }
    }
  },
};
