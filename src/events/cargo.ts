import type { DomainEvent } from './domain-event.ts';
import type { Iva } from './servicio.ts';

// Charges (cargos, docs/billing.md "Charges"): what an appointment costs the patient, recorded once
// per appointment and left for invoicing. Ids and amounts only, no personal or clinical data.

/**
 * Why the appointment is charged: it was held (completed, or its session recorded by the
 * psychologist), the patient cancelled it too late, or it was cancelled once its start had passed
 * (the codebase has no "no-show" state: that is how a no-show is recorded).
 */
export const CONCEPTOS_CARGO = ['SESION', 'CANCELACION_TARDIA', 'NO_PRESENTADO'] as const;
export type ConceptoCargo = (typeof CONCEPTOS_CARGO)[number];

export interface CargoDatos {
  /** One charge per appointment: its id is the appointment's. */
  idCargo: number;
  idCita: number;
  idPaciente: number;
  idPsicologo: number;
  concepto: ConceptoCargo;
  /** The service priced (null for a cancellation fee, which no service names). */
  idServicio: number | null;
  /** Before VAT: the invoice line's base. */
  precioCentimos: number;
  iva: Iva;
  cuotaIvaCentimos: number;
  totalCentimos: number;
  /** The date of the service: the appointment's start day, practice-local `YYYY-MM-DD`. */
  fecha: string;
  /** The prepaid pack that covers it (BonoSesionUsada in the same append): never invoiced. Absent or null: none. */
  idBono?: number | null;
}

export type CargoRegistrado = DomainEvent<'CargoRegistrado', CargoDatos>;
/** The charge is a line of that invoice: written in the invoice's own atomic append, expecting the charge stream's revision. */
export type CargoFacturado = DomainEvent<'CargoFacturado', { idCargo: number; idFactura: number }>;
export type CargoEvent = CargoRegistrado | CargoFacturado;

export type Cargo = { status: 'nuevo' } | ({ status: 'registrado'; idFactura: number | null } & CargoDatos);

/** Whether invoicing takes the charge: recorded, not yet invoiced, not covered by a pack, and not free (a 0 total is not invoiced). */
export const cargoFacturable = (c: Cargo): c is Extract<Cargo, { status: 'registrado' }> =>
  c.status === 'registrado' && c.idFactura === null && !c.idBono && c.totalCentimos > 0;

/** Deterministic per appointment: appended expecting no stream, a second charge of it cannot be recorded. */
export const cargoCitaStream = (idCita: number) => `cargo-cita-${idCita}`;

export function evolveCargo(state: Cargo, event: CargoEvent): Cargo {
  switch (event.type) {
    case 'CargoRegistrado':
      return state.status === 'nuevo' ? { status: 'registrado', idFactura: null, ...event.data } : state;
    case 'CargoFacturado':
      return state.status === 'registrado' ? { ...state, idFactura: event.data.idFactura } : state;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
