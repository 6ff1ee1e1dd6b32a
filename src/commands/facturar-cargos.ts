// Invoicing charges (docs/billing.md "Invoicing charges"): a patient's pending charges become the
// lines of one invoice, and each charge's stream gets CargoFacturado in THE SAME atomic append as
// the invoice, expecting the revision read: of two runs racing for a charge (the monthly run and
// the per-charge reactor, two instances) one append wins and the other is refused as a whole, so a
// charge is never on two invoices.
import type { StoredEvent } from '../eventstore/port.ts';
import { cargoCitaStream, cargoFacturable, evolveCargo, type Cargo, type CargoDatos, type CargoEvent, type ConceptoCargo } from '../events/cargo.ts';
import { AppError, errors } from '../platform/errors.ts';
import type { Actor } from './decider.ts';
import type { CommandDeps } from './deps.ts';
import { DESCRIPCION_POR_DEFECTO, MAX_LINEAS, type LineaPedida } from './factura.ts';
import { emitirFactura, nuevo, type EmitirFactura } from './facturas.ts';

/** A charge's line never says more than what was charged: the service's name or the concept, nothing clinical. */
const CONCEPTOS: Record<ConceptoCargo, string> = { SESION: DESCRIPCION_POR_DEFECTO, CANCELACION_TARDIA: 'Cancelación tardía', NO_PRESENTADO: 'No presentado' };

export function descripcionCargo(c: Pick<CargoDatos, 'concepto' | 'idServicio'>, nombresServicio: ReadonlyMap<number, string>): string {
  return (c.concepto === 'SESION' && c.idServicio !== null && nombresServicio.get(c.idServicio)) || CONCEPTOS[c.concepto];
}

const fold = (events: StoredEvent[]) => events.reduce((s, e) => evolveCargo(s, e as unknown as CargoEvent), { status: 'nuevo' } as Cargo);
const expectedOf = (events: StoredEvent[]) => (events.length ? events[events.length - 1].revision : ('noStream' as const));

export interface FacturarCargos {
  idPaciente: number;
  /** The charges' ids (their appointments'); at most MAX_LINEAS (100). */
  idCargos: readonly number[];
  destinatario: EmitirFactura['destinatario'];
  /** The services' names, for the lines' descriptions. */
  nombresServicio: ReadonlyMap<number, string>;
}

/** Another run took one of the charges between the first read and the append: decide again from scratch. */
class CargoYaFacturado extends AppError {
  constructor() {
    super(409, { es: 'Un cargo de la factura ya está facturado', en: 'A charge of the invoice is already invoiced' });
  }
}
const INTENTOS = 5;

/**
 * Issues one invoice of the patient's charges that are still to invoice (as their streams say),
 * a line each dated on its day of service; null when none is. 409 (and nothing appended) when the
 * issuer's data are missing, or when another run took one of the charges meanwhile.
 */
export async function facturarCargos(deps: CommandDeps, actor: Actor, pedido: FacturarCargos) {
  if (pedido.idCargos.length > MAX_LINEAS) throw errors.invalid(`idCargos: como mucho ${MAX_LINEAS}`, `idCargos: at most ${MAX_LINEAS}`);
  for (let i = 1; ; i++) {
    try {
      return await facturarPendientes(deps, actor, pedido);
    } catch (err) {
      if (!(err instanceof CargoYaFacturado) || i >= INTENTOS) throw err;
    }
  }
}

async function facturarPendientes(deps: CommandDeps, actor: Actor, pedido: FacturarCargos) {
  const streams = pedido.idCargos.map(cargoCitaStream);
  const leidos = (await deps.store.readStreams(streams)).map(fold);
  const cargos = leidos.filter(cargoFacturable).filter((c) => c.idPaciente === pedido.idPaciente).sort((a, b) => a.fecha.localeCompare(b.fecha) || a.idCargo - b.idCargo);
  if (!cargos.length) return null;
  const lineas: LineaPedida[] = cargos.map((c) => ({
    descripcion: descripcionCargo(c, pedido.nombresServicio), idServicio: c.idServicio, cantidad: 1, precioUnitarioCentimos: c.precioCentimos, iva: c.iva, fechaOperacion: c.fecha,
  }));
  const r = await emitirFactura(deps, actor, 'todos', { idPaciente: pedido.idPaciente, lineas, destinatario: pedido.destinatario }, async (idFactura, ctx) => {
    const propios = cargos.map((c) => cargoCitaStream(c.idCita));
    const eventos = await deps.store.readStreams(propios);
    if (eventos.some((ev) => !cargoFacturable(fold(ev)))) throw new CargoYaFacturado();
    return cargos.map((c, i) => ({
      streamId: propios[i], expected: expectedOf(eventos[i]), events: [nuevo({ type: 'CargoFacturado', data: { idCargo: c.idCargo, idFactura } }, ctx)],
    }));
  });
  return { ...r, idCargos: cargos.map((c) => c.idCargo) };
}
