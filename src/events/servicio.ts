import type { DomainEvent } from './domain-event.ts';

/**
 * VAT of a service: EXENTO (psychotherapy by a health professional, art. 20.Uno.3º Ley 37/1992,
 * the default) or one of the rates of Ley 37/1992 arts. 90–91 in percent (general 21, reduced 10,
 * super-reduced 4) for what is taxable (a report for a court, a course).
 */
export const IVAS = ['EXENTO', 21, 10, 4] as const;
export type Iva = (typeof IVAS)[number];

/** Amounts are integer cents of EUR, never floating point; the cap keeps products inside int32 and doubles exact. */
export const MAX_CENTIMOS = 99_999_999;
/** An appointment lasts 1 to 600 minutes (docs/api-choices.md), so a service's duration too. */
export const MAX_DURACION_MINUTOS = 600;

export interface ServicioCampos {
  nombre: string;
  /** The price before VAT (the invoice's taxable base), integer EUR cents ≥ 0. */
  precioCentimos: number;
  /** The appointment length this service is the default for; null: chosen only by its id. */
  duracionMinutos: number | null;
  iva: Iva;
  activo: boolean;
}

/** The whole service after each change: a projection needs no earlier event. */
export type ServicioCreado = DomainEvent<'ServicioCreado', ServicioCampos & { idServicio: number }>;
export type ServicioModificado = DomainEvent<'ServicioModificado', ServicioCampos & { idServicio: number }>;
/** Services are never deleted: charges and invoices will name them. A deactivated one is offered no more. */
export type ServicioDesactivado = DomainEvent<'ServicioDesactivado', { idServicio: number }>;

export type ServicioEvent = ServicioCreado | ServicioModificado | ServicioDesactivado;

export type Servicio =
  | { status: 'nuevo' }
  | ({ status: 'existente'; idServicio: number } & ServicioCampos);

export const servicioStream = (idServicio: number) => `servicio-${idServicio}`;

export function evolveServicio(state: Servicio, event: ServicioEvent): Servicio {
  switch (event.type) {
    case 'ServicioCreado':
    case 'ServicioModificado': {
      const { idServicio, nombre, precioCentimos, duracionMinutos, iva, activo } = event.data;
      return { status: 'existente', idServicio, nombre, precioCentimos, duracionMinutos, iva, activo };
    }
    case 'ServicioDesactivado':
      return state.status === 'existente' ? { ...state, activo: false } : state;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
