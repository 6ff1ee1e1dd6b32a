import type { Decider } from './decider.ts';
import { errors } from '../platform/errors.ts';
import { evolveDispositivos, type DispositivoEvent, type Dispositivos, type MotivoBaja } from '../events/dispositivo.ts';

export type DispositivoCommand =
  /** `max`: how many devices the user may keep (MAX_DEVICE_TOKENS_PER_USER); the oldest make room. */
  | { type: 'RegistrarDispositivo'; data: { idUsuario: number; token: string }; max: number }
  | { type: 'EliminarDispositivo'; data: { idUsuario: number; token: string; motivo: MotivoBaja } };

export const dispositivoDecider: Decider<Dispositivos, DispositivoCommand, DispositivoEvent> = {
  initialState: () => ({ tokens: [] }),
  evolve: evolveDispositivos,
  decide(command, state) {
    const has = state.tokens.includes(command.data.token);
    switch (command.type) {
      case 'RegistrarDispositivo': {
        // Registering a token twice is not an error: apps re-send theirs at every start.
        if (has) return [];
        // Each notice is one push per device: a user's devices are bounded, the oldest evicted as
        // a removal (apps re-register when they start, so a device still in use comes back).
        const evicted = state.tokens.slice(0, Math.max(0, state.tokens.length + 1 - command.max));
        return [
          ...evicted.map((token): DispositivoEvent => ({ type: 'DispositivoEliminado', data: { idUsuario: command.data.idUsuario, token, motivo: 'SUSTITUIDO' } })),
          { type: 'DispositivoRegistrado', data: command.data },
        ];
      }
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
