import type { DomainEvent } from './domain-event.ts';
import type { Iva } from './servicio.ts';

// Prepaid packs (bonos, docs/billing.md "Packs"): N sessions bought at once, invoiced when bought,
// valid until a day; each completed session the charges reactor covers with one uses a session.
// One stream per pack (`bono-{id}`): its sale and each use, so the revision of that stream
// serializes the uses and two sessions racing for the last one cannot both take it.
// Ids, amounts and dates only: no personal or clinical data.

export const MAX_SESIONES_BONO = 100;

export interface BonoVendidoData {
  idBono: number;
  idPaciente: number;
  sesiones: number;
  /** What the pack cost, before VAT (the invoice line's base). */
  precioCentimos: number;
  iva: Iva;
  /** The last day (practice-local `YYYY-MM-DD`) of a session the pack covers. */
  validoHasta: string;
  /** Only sessions of this service use the pack; null: any session. */
  idServicio: number | null;
  /** The invoice issued in the same append as the sale. */
  idFactura: number;
}
export type BonoVendido = DomainEvent<'BonoVendido', BonoVendidoData>;
/** A charge the pack covers: written in the same append as the charge (CargoRegistrado with idBono). */
export type BonoSesionUsada = DomainEvent<'BonoSesionUsada', { idBono: number; idCargo: number; idPaciente: number }>;
export type BonoEvent = BonoVendido | BonoSesionUsada;

export const bonoStream = (idBono: number) => `bono-${idBono}`;

export type Bono = { status: 'nuevo' } | ({ status: 'vendido'; usadas: number } & BonoVendidoData);

export function evolveBono(state: Bono, event: BonoEvent): Bono {
  switch (event.type) {
    case 'BonoVendido': return { status: 'vendido', usadas: 0, ...event.data };
    case 'BonoSesionUsada': return state.status === 'vendido' ? { ...state, usadas: state.usadas + 1 } : state;
    default: { const unknown: never = event; return unknown; }
  }
}

/** Whether the pack covers a session of `idServicio` on `fecha`: sessions left, not expired that day, and the service it names (if any). */
export function bonoCubre(b: Bono, fecha: string, idServicio: number | null): boolean {
  return b.status === 'vendido' && b.usadas < b.sesiones && fecha <= b.validoHasta && (b.idServicio === null || b.idServicio === idServicio);
}
