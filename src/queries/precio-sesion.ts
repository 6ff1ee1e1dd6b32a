// The fee of a session, pure: which service, its price, the psychologist's own price, the patient's
// rule, and the amounts that result (docs/billing.md "Fees"). Integer cents throughout.
import type { Iva } from '../events/servicio.ts';
import type { ReglaPaciente } from '../events/tarifa.ts';
import { porcentajeDe } from '../platform/importe.ts';

export interface ServicioView {
  idServicio: number;
  nombre: string;
  precioCentimos: number;
  duracionMinutos: number | null;
  iva: Iva;
  activo: boolean;
}

/** Which rule set the final price. */
export type Origen = 'SERVICIO' | 'TARIFA_PSICOLOGO' | 'DESCUENTO_PACIENTE' | 'PRECIO_FIJO_PACIENTE';

export interface PrecioSesion {
  idServicio: number;
  nombreServicio: string;
  duracionMinutos: number | null;
  iva: Iva;
  /** The practice's price of the service. */
  precioServicioCentimos: number;
  /** The psychologist's own price of the service, when they have one. */
  precioPsicologoCentimos: number | null;
  /** The patient's rule, when they have one (one of the two is set). */
  descuentoPorcentaje: number | null;
  precioFijoCentimos: number | null;
  origen: Origen;
  /** The session's price before VAT: the invoice's taxable base. */
  precioCentimos: number;
  /** VAT on it (0 when EXENTO), rounded to the cent, halves up. */
  cuotaIvaCentimos: number;
  totalCentimos: number;
}


/**
 * The default service of an appointment's length: the active service whose duracionMinutos is that
 * length; of several, the oldest (lowest idServicio). Null when none is.
 */
export function servicioPorDefecto(servicios: readonly ServicioView[], duracionMinutos: number): ServicioView | null {
  let found: ServicioView | null = null;
  for (const s of servicios) {
    if (s.activo && s.duracionMinutos === duracionMinutos && (!found || s.idServicio < found.idServicio)) found = s;
  }
  return found;
}

/**
 * The fee of a session of `servicio`: the psychologist's own price replaces the service's; then a
 * patient's fixed fee replaces either, or the patient's discount comes off it (the discount rounded
 * to the cent, halves up, in the patient's favour). VAT, if the service is taxable, on top.
 */
export function precioDe(input: { servicio: ServicioView; precioPsicologoCentimos: number | null; reglaPaciente: ReglaPaciente | null }): PrecioSesion {
  const { servicio, precioPsicologoCentimos, reglaPaciente } = input;
  const base = precioPsicologoCentimos ?? servicio.precioCentimos;
  let origen: Origen = precioPsicologoCentimos === null ? 'SERVICIO' : 'TARIFA_PSICOLOGO';
  let precio = base;
  if (reglaPaciente?.precioFijoCentimos != null) {
    precio = reglaPaciente.precioFijoCentimos;
    origen = 'PRECIO_FIJO_PACIENTE';
  } else if (reglaPaciente?.descuentoPorcentaje != null) {
    precio = base - porcentajeDe(base, reglaPaciente.descuentoPorcentaje);
    origen = 'DESCUENTO_PACIENTE';
  }
  const cuota = servicio.iva === 'EXENTO' ? 0 : porcentajeDe(precio, servicio.iva);
  return {
    idServicio: servicio.idServicio, nombreServicio: servicio.nombre, duracionMinutos: servicio.duracionMinutos, iva: servicio.iva,
    precioServicioCentimos: servicio.precioCentimos, precioPsicologoCentimos,
    descuentoPorcentaje: reglaPaciente?.descuentoPorcentaje ?? null, precioFijoCentimos: reglaPaciente?.precioFijoCentimos ?? null,
    origen, precioCentimos: precio, cuotaIvaCentimos: cuota, totalCentimos: precio + cuota,
  };
}
