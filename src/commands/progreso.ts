import type { Decider } from './decider.ts';
import { errors } from '../platform/errors.ts';
import { isValidDate, localDate } from '../platform/time.ts';
import { evolveProgreso, type Progreso, type ProgresoEvent, type ProgresoNiveles } from '../events/progreso.ts';

export type ProgresoCommand = { type: 'RegistrarProgreso'; data: ProgresoNiveles & { idProgress: number; idPaciente: number; fecha: string } };

const NIVELES = ['nivelEstres', 'nivelAnsiedad', 'nivelAnimo'] as const;

export const progresoDecider: Decider<Progreso, ProgresoCommand, ProgresoEvent> = {
  initialState: () => ({ status: 'nuevo' }),
  evolve: evolveProgreso,
  decide(command, state, ctx) {
    switch (command.type) {
      case 'RegistrarProgreso': {
        const d = command.data;
        if (state.status !== 'nuevo') throw errors.conflict('El registro ya existe', 'Record already exists');
        if (!isValidDate(d.fecha)) throw errors.invalid('fecha: se esperaba una fecha AAAA-MM-DD que exista', 'fecha: expected a date YYYY-MM-DD that exists');
        // "Today" is the practice's day: an evening entry in Madrid is not tomorrow in UTC.
        if (d.fecha > localDate(ctx.now, ctx.timezone)) throw errors.invalid('La fecha no puede ser futura', 'The date cannot be in the future');
        for (const n of NIVELES) {
          if (!Number.isInteger(d[n]) || d[n] < 0 || d[n] > 10) throw errors.invalid(`${n} debe estar entre 0 y 10`, `${n} must be between 0 and 10`);
        }
        const { idProgress, idPaciente, fecha, nivelEstres, nivelAnsiedad, nivelAnimo } = d;
        return [{ type: 'ProgresoRegistrado', data: { idProgress, idPaciente, fecha, nivelEstres, nivelAnsiedad, nivelAnimo } }];
      }
      default: {
        const unknown: never = command.type;
        return unknown;
      }
    }
  },
};
