import type { DomainEvent } from './domain-event.ts';

// Fees that depart from a service's price: a psychologist's own price for a service (set by the
// administrator) and a patient's sliding-scale rule (a discount or a fixed fee). They hold ids and
// amounts only, no personal data (docs/billing.md "Fees").

export type TarifaPsicologoFijada = DomainEvent<'TarifaPsicologoFijada', { idPsicologo: number; idServicio: number; precioCentimos: number }>;
export type TarifaPsicologoRetirada = DomainEvent<'TarifaPsicologoRetirada', { idPsicologo: number; idServicio: number }>;
export type TarifaPsicologoEvent = TarifaPsicologoFijada | TarifaPsicologoRetirada;

/** One psychologist's prices, by idServicio. */
export type TarifasPsicologo = { precios: Map<number, number> };

/** One stream per psychologist: all their overrides. */
export const tarifasPsicologoStream = (idPsicologo: number) => `tarifas-psicologo-${idPsicologo}`;

export function evolveTarifasPsicologo(state: TarifasPsicologo, event: TarifaPsicologoEvent): TarifasPsicologo {
  // The handler folds from a fresh initial state each time, so updating the map in place is safe.
  switch (event.type) {
    case 'TarifaPsicologoFijada':
      state.precios.set(event.data.idServicio, event.data.precioCentimos);
      return state;
    case 'TarifaPsicologoRetirada':
      state.precios.delete(event.data.idServicio);
      return state;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** Exactly one of the two is set: a discount in percent on the session's price, or a fixed fee that replaces it. */
export interface ReglaPaciente {
  descuentoPorcentaje: number | null;
  precioFijoCentimos: number | null;
}

export type TarifaPacienteFijada = DomainEvent<'TarifaPacienteFijada', ReglaPaciente & { idPaciente: number }>;
export type TarifaPacienteRetirada = DomainEvent<'TarifaPacienteRetirada', { idPaciente: number }>;
export type TarifaPacienteEvent = TarifaPacienteFijada | TarifaPacienteRetirada;

export type TarifaPaciente = { status: 'sin' } | ({ status: 'fijada' } & ReglaPaciente);

export const tarifaPacienteStream = (idPaciente: number) => `tarifa-paciente-${idPaciente}`;

export function evolveTarifaPaciente(_state: TarifaPaciente, event: TarifaPacienteEvent): TarifaPaciente {
  switch (event.type) {
    case 'TarifaPacienteFijada':
      return { status: 'fijada', descuentoPorcentaje: event.data.descuentoPorcentaje, precioFijoCentimos: event.data.precioFijoCentimos };
    case 'TarifaPacienteRetirada':
      return { status: 'sin' };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
