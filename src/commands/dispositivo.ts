import type { Decider } from './decider.ts';
import { errors } from '../platform/errors.ts';
import { evolveDispositivos, type DispositivoEvent, type Dispositivos, type MotivoBaja } from '../events/dispositivo.ts';

export type DispositivoCommand =
  | { type: 'RegistrarDispositivo'; data: { idUsuario: number; token: string } }
  | { type: 'EliminarDispositivo'; data: { idUsuario: number; token: string; motivo: MotivoBaja } };

export const dispositivoDecider: Decider<Dispositivos, DispositivoCommand, DispositivoEvent> = {
  initialState: () => ({ tokens: [] }),
  evolve: evolveDispositivos,
  decide(command, state) {
    const has = state.tokens.includes(command.data.token);
    switch (command.type) {
      case 'RegistrarDispositivo':
        // Registering a token twice is not an error: apps re-send theirs at every start.
        return has ? [] : [{ type: 'DispositivoRegistrado', data: command.data }];
      case 'EliminarDispositivo':
        if (has) return [{ type: 'DispositivoEliminado', data: command.data }];
        // Only the user's own request learns that the token was unknown; clean-ups just find it gone.
        if (command.data.motivo === 'USUARIO') throw errors.notFound('Dispositivo', 'Device');
        return [];
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
