import type { DomainEvent } from './domain-event.ts';

// Payments of issued invoices (docs/billing.md "Payments"). One stream per invoice,
// `pagos-factura-{idFactura}`, holds every payment, failed online payment and refund of it: its
// revision serializes them, so two payments racing cannot together pay more than is due. Ids and
// amounts only (integer cents), no personal or clinical data.

/** How a payment was made: at the desk (EFECTIVO, TARJETA with a terminal), by bank, or online (STRIPE). */
export const METODOS_PAGO = ['EFECTIVO', 'TARJETA', 'TRANSFERENCIA', 'BIZUM', 'STRIPE'] as const;
export type MetodoPago = (typeof METODOS_PAGO)[number];
/** What staff may record by hand: an online payment is recorded by its provider's webhook only. */
export const METODOS_PAGO_MANUAL = ['EFECTIVO', 'TARJETA', 'TRANSFERENCIA', 'BIZUM'] as const;

export interface PagoRegistradoData {
  idPago: number;
  idFactura: number;
  idPaciente: number;
  /** Positive integer cents. */
  importeCentimos: number;
  metodo: MetodoPago;
  /** ISO instant the payment was made (what staff say, or now). */
  fecha: string;
  /** Staff's note (a transfer's reference, 'ajuste administrativo'...); null if none. */
  referencia: string | null;
  /** The provider's id (Stripe's PaymentIntent): a payment is recorded once per idExterno. */
  idExterno: string | null;
  /** The user who recorded it; null for the provider's webhook or the system. */
  registradoPor: number | null;
}
export type PagoRegistrado = DomainEvent<'PagoRegistrado', PagoRegistradoData>;

/** An online payment attempt that failed (the provider's webhook); it moves no money. */
export type PagoFallido = DomainEvent<'PagoFallido', { idFactura: number; idPaciente: number; idExterno: string | null; motivo: string; fecha: string }>;

export interface PagoReembolsadoData {
  idPago: number;
  idFactura: number;
  idPaciente: number;
  /** Positive integer cents, at most what is left unrefunded of that payment. */
  importeCentimos: number;
  /** The provider's refund id (Stripe's Refund): a refund is recorded once per idExterno. */
  idExterno: string | null;
  fecha: string;
  /** Why, in staff's words (optional: absent in a refund recorded from the provider). */
  motivo?: string | null;
}
export type PagoReembolsado = DomainEvent<'PagoReembolsado', PagoReembolsadoData>;

export type PagoEvent = PagoRegistrado | PagoFallido | PagoReembolsado;
export const pagosFacturaStream = (idFactura: number) => `pagos-factura-${idFactura}`;

/** One payment as the stream has it, with what has been refunded of it. */
export interface PagoEstado extends PagoRegistradoData { reembolsadoCentimos: number }

/** The invoice's payments: what was paid and refunded, and the external ids already seen. */
export interface PagosFactura {
  pagos: PagoEstado[];
  pagadoCentimos: number;
  reembolsadoCentimos: number;
  /** The last failure, cleared by a later payment (the patient's estadoPago FALLIDO). */
  fallidoPendiente: boolean;
  /** PagoRegistrado's and PagoReembolsado's idExterno: a repeat of one records nothing. */
  externos: string[];
  /** PagoFallido's idExterno: a webhook's retry of one failure records it once. */
  fallidos: string[];
}

export const pagosFacturaInicial = (): PagosFactura => ({ pagos: [], pagadoCentimos: 0, reembolsadoCentimos: 0, fallidoPendiente: false, externos: [], fallidos: [] });

export function evolvePagos(state: PagosFactura, event: PagoEvent): PagosFactura {
  switch (event.type) {
    case 'PagoRegistrado': {
      const d = event.data;
      return {
        ...state,
        pagos: [...state.pagos, { ...d, reembolsadoCentimos: 0 }],
        pagadoCentimos: state.pagadoCentimos + d.importeCentimos,
        reembolsadoCentimos: state.reembolsadoCentimos,
        fallidoPendiente: false,
        externos: d.idExterno ? [...state.externos, d.idExterno] : state.externos,
      };
    }
    case 'PagoFallido':
      return { ...state, fallidoPendiente: true, fallidos: event.data.idExterno ? [...state.fallidos, event.data.idExterno] : state.fallidos };
    case 'PagoReembolsado': {
      const d = event.data;
      return {
        ...state,
        pagos: state.pagos.map((p) => (p.idPago === d.idPago ? { ...p, reembolsadoCentimos: p.reembolsadoCentimos + d.importeCentimos } : p)),
        reembolsadoCentimos: state.reembolsadoCentimos + d.importeCentimos,
        externos: d.idExterno ? [...state.externos, d.idExterno] : state.externos,
      };
    }
    default: { const unknown: never = event; return unknown; }
  }
}
