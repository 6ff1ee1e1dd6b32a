// Selling a prepaid pack (docs/billing.md "Packs"): the pack (BonoVendido, stream bono-{id}) and its
// invoice are ONE atomic append, so there is never a pack without its invoice nor an invoice of a
// pack that was not recorded; a refused invoice (the issuer's data missing: 409) sells nothing.
import { bonoStream, MAX_SESIONES_BONO, type BonoVendidoData } from '../events/bono.ts';
import { MAX_CENTIMOS, type Iva } from '../events/servicio.ts';
import { errors } from '../platform/errors.ts';
import { formatDate, wall, atInstant } from '../platform/zone-clock.ts';
import type { Actor } from './decider.ts';
import type { CommandDeps } from './deps.ts';
import { emitirFactura, nuevo, type EmitirFactura } from './facturas.ts';

export interface VenderBono {
  idPaciente: number;
  sesiones: number;
  precioCentimos: number;
  validoHasta: string;
  idServicio: number | null;
  iva: Iva;
  destinatario: EmitirFactura['destinatario'];
}

const entero = (campo: string, v: number, min: number, max: number) => {
  if (!Number.isSafeInteger(v) || v < min || v > max) throw errors.invalid(`${campo}: se esperaba un entero de ${min} a ${max}`, `${campo}: expected a whole number from ${min} to ${max}`);
};

/** A real calendar day, not before today in the practice's zone: 400 naming validoHasta otherwise. */
function validoHastaValido(validoHasta: string, hoy: string) {
  const d = /^\d{4}-\d{2}-\d{2}$/.test(validoHasta) ? new Date(`${validoHasta}T00:00:00Z`) : null;
  if (!d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== validoHasta) {
    throw errors.invalid('validoHasta: se esperaba una fecha AAAA-MM-DD', 'validoHasta: expected a YYYY-MM-DD date');
  }
  if (validoHasta < hoy) throw errors.invalid('validoHasta: no puede ser anterior a hoy', 'validoHasta: cannot be before today');
}

/** The line of the pack's invoice: what was sold, never what it is for. */
export const descripcionBono = (sesiones: number) => `Bono de ${sesiones} ${sesiones === 1 ? 'sesión' : 'sesiones'}`;

export async function venderBono(deps: CommandDeps, actor: Actor, pedido: VenderBono) {
  entero('sesiones', pedido.sesiones, 1, MAX_SESIONES_BONO);
  entero('precioCentimos', pedido.precioCentimos, 1, MAX_CENTIMOS);
  const now = deps.clock.now();
  validoHastaValido(pedido.validoHasta, formatDate(wall(atInstant(now.getTime(), deps.config.practiceTimezone))));
  const idBono = await deps.ids('bono');
  let vendido: BonoVendidoData | undefined;
  const linea = { descripcion: descripcionBono(pedido.sesiones), idServicio: pedido.idServicio, cantidad: 1, precioUnitarioCentimos: pedido.precioCentimos, iva: pedido.iva };
  const r = await emitirFactura(deps, actor, 'todos', { idPaciente: pedido.idPaciente, lineas: [linea], destinatario: pedido.destinatario }, async (idFactura, ctx) => {
    const { idPaciente, sesiones, precioCentimos, iva, validoHasta, idServicio } = pedido;
    vendido = { idBono, idPaciente, sesiones, precioCentimos, iva, validoHasta, idServicio, idFactura };
    return { streamId: bonoStream(idBono), expected: 'noStream', events: [nuevo({ type: 'BonoVendido', data: vendido }, ctx)] };
  });
  return { ...r, bono: vendido! };
}
