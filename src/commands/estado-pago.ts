// An administrator's estadoPago (PUT /api/pacientes/{id}), once the patient has invoices: the state is
// derived from the account (docs/billing.md "estadoPago"), so a change of it must be something the
// account records, never an overwrite. PAGADO records a payment of what is due on each invoice;
// anything else that differs from the derived state cannot be recorded as such and is 409.
import type { EstadoPago } from '../events/paciente.ts';
import type { Position } from '../eventstore/port.ts';
import { errors } from '../platform/errors.ts';
import type { Actor } from './decider.ts';
import type { CommandDeps } from './deps.ts';
import { registrarPago } from './pagos.ts';

export const REFERENCIA_AJUSTE = 'ajuste administrativo';

export interface AjustarEstadoPago {
  pedido: EstadoPago;
  /** The derived state now. */
  actual: EstadoPago;
  /** Each invoice still due, as the account reads it. */
  pendientes: { idFactura: number; pendienteCentimos: number }[];
  actor: Actor;
}

const porQue: Record<EstadoPago, { es: string; en: string }> = {
  PENDIENTE: { es: 'no hay nada pendiente de pago: emita una factura', en: 'nothing is due: issue an invoice' },
  PAGADO: { es: 'no hay nada pendiente de pago', en: 'nothing is due' },
  FALLIDO: { es: 'un pago fallido lo registra la pasarela de pago', en: 'a failed payment is recorded by the payment provider' },
  REEMBOLSADO: { es: 'reembolse los pagos (POST /api/pagos/{idPago}/reembolso)', en: 'refund the payments (POST /api/pagos/{idPago}/reembolso)' },
};

/** Records what makes `pedido` true, or 409 saying why it cannot. Setting the state it already has records nothing. */
export async function ajustarEstadoPago(deps: CommandDeps, cmd: AjustarEstadoPago): Promise<{ position: Position | null }> {
  if (cmd.pedido === cmd.actual) return { position: null };
  if (cmd.pedido !== 'PAGADO' || cmd.pendientes.length === 0) {
    const m = porQue[cmd.pedido];
    throw errors.conflict(
      `estadoPago se deriva de los pagos del paciente (es ${cmd.actual}) y no se puede fijar a ${cmd.pedido}: ${m.es}`,
      `estadoPago is derived from the patient's payments (it is ${cmd.actual}) and cannot be set to ${cmd.pedido}: ${m.en}`,
    );
  }
  let position: Position | null = null;
  for (const f of cmd.pendientes) {
    const r = await registrarPago(deps, {
      idFactura: f.idFactura, importeCentimos: f.pendienteCentimos, metodo: 'EFECTIVO', referencia: REFERENCIA_AJUSTE, actor: cmd.actor,
    });
    position = r.position ?? position;
  }
  return { position };
}
