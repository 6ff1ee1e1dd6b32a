import type { Decider } from './decider.ts';
import { errors } from '../platform/errors.ts';
import {
  evolveTarifaPaciente, evolveTarifasPsicologo,
  type ReglaPaciente, type TarifaPaciente, type TarifaPacienteEvent, type TarifaPsicologoEvent, type TarifasPsicologo,
} from '../events/tarifa.ts';

export const tarifaNotFound = () => errors.notFound('Tarifa', 'Fee');

const centimos = (field: string, v: number) => {
  if (!Number.isSafeInteger(v) || v < 0) throw errors.invalid(`${field}: se esperaba un número entero de céntimos mayor o igual que 0`, `${field}: expected a whole number of cents, at least 0`);
};

export type TarifaPsicologoCommand =
  | { type: 'FijarTarifaPsicologo'; data: { idPsicologo: number; idServicio: number; precioCentimos: number } }
  | { type: 'RetirarTarifaPsicologo'; data: { idPsicologo: number; idServicio: number } };

/** A psychologist's own prices: one per service; setting the same price again records nothing. */
export const tarifasPsicologoDecider: Decider<TarifasPsicologo, TarifaPsicologoCommand, TarifaPsicologoEvent> = {
  initialState: () => ({ precios: new Map() }),
  evolve: evolveTarifasPsicologo,
  decide(command, state) {
    switch (command.type) {
      case 'FijarTarifaPsicologo': {
        const d = command.data;
        centimos('precioCentimos', d.precioCentimos);
        if (state.precios.get(d.idServicio) === d.precioCentimos) return [];
        return [{ type: 'TarifaPsicologoFijada', data: d }];
      }
      case 'RetirarTarifaPsicologo':
        if (!state.precios.has(command.data.idServicio)) throw tarifaNotFound();
        return [{ type: 'TarifaPsicologoRetirada', data: command.data }];
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};

export type TarifaPacienteCommand =
  | { type: 'FijarTarifaPaciente'; data: { idPaciente: number; descuentoPorcentaje?: number; precioFijoCentimos?: number } }
  | { type: 'RetirarTarifaPaciente'; data: { idPaciente: number } };

/** Exactly one of discount and fixed fee; the message names neither field, since neither value is wrong. */
function regla(d: { descuentoPorcentaje?: number; precioFijoCentimos?: number }): ReglaPaciente {
  const descuento = d.descuentoPorcentaje ?? null;
  const fijo = d.precioFijoCentimos ?? null;
  if ((descuento === null) === (fijo === null)) {
    throw errors.invalid('La tarifa de un paciente es un descuento en porcentaje o un precio fijo: indique uno de los dos, no ambos', 'A patient\'s fee is either a percentage discount or a fixed fee: give one of them, not both');
  }
  if (descuento !== null && (!Number.isInteger(descuento) || descuento < 0 || descuento > 100)) {
    throw errors.invalid('descuentoPorcentaje: se esperaba un número entero entre 0 y 100', 'descuentoPorcentaje: expected a whole number between 0 and 100');
  }
  if (fijo !== null) centimos('precioFijoCentimos', fijo);
  return { descuentoPorcentaje: descuento, precioFijoCentimos: fijo };
}

/** A patient's sliding-scale rule: a new rule replaces the previous one whole. */
export const tarifaPacienteDecider: Decider<TarifaPaciente, TarifaPacienteCommand, TarifaPacienteEvent> = {
  initialState: () => ({ status: 'sin' }),
  evolve: evolveTarifaPaciente,
  decide(command, state) {
    switch (command.type) {
      case 'FijarTarifaPaciente': {
        const r = regla(command.data);
        if (state.status === 'fijada' && state.descuentoPorcentaje === r.descuentoPorcentaje && state.precioFijoCentimos === r.precioFijoCentimos) return [];
        return [{ type: 'TarifaPacienteFijada', data: { idPaciente: command.data.idPaciente, ...r } }];
      }
      case 'RetirarTarifaPaciente':
        if (state.status !== 'fijada') throw tarifaNotFound();
        return [{ type: 'TarifaPacienteRetirada', data: command.data }];
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
