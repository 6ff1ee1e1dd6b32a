import type { Knex } from 'knex';
import type { LineaPedida } from '../../commands/factura.ts';
import { servicioNotFound } from '../../commands/servicio.ts';
import { errors } from '../../platform/errors.ts';
import type { PacienteView } from '../../queries/pacientes.ts';
import { precioDe } from '../../queries/precio-sesion.ts';
import { findServicio, findTarifaPsicologo, tarifaPaciente } from '../../queries/tarifas.ts';

/** A line as the API takes it: a service (priced by the fees), or a description and an amount. */
export interface LineaBody {
  idServicio?: number;
  cantidad?: number;
  descripcion?: string;
  precioCentimos?: number;
  iva?: 'EXENTO' | 21 | 10 | 4;
}

/**
 * The lines priced: a service's unit price is precioDe's (the patient's psychologist's own price,
 * the patient's discount or fixed fee), its description the service's name; a hand-written line
 * brings its amount and VAT (EXENTO by default). 400 for a line with both or neither.
 */
export async function lineasPedidas(knex: Knex, paciente: PacienteView, lineas: readonly LineaBody[]): Promise<LineaPedida[]> {
  const out: LineaPedida[] = [];
  for (const [i, l] of lineas.entries()) {
    const cantidad = l.cantidad ?? 1;
    if ((l.idServicio === undefined) === (l.precioCentimos === undefined)) {
      throw errors.invalid(`lineas[${i}]: idServicio o precioCentimos, uno de los dos`, `lineas[${i}]: idServicio or precioCentimos, exactly one`);
    }
    if (l.idServicio === undefined) {
      out.push({ descripcion: l.descripcion, idServicio: null, cantidad, precioUnitarioCentimos: l.precioCentimos!, iva: l.iva ?? 'EXENTO' });
      continue;
    }
    if (l.iva !== undefined) throw errors.invalid(`lineas[${i}].iva: el IVA de un servicio es el del servicio`, `lineas[${i}].iva: a service's VAT is the service's`);
    const servicio = await findServicio(knex, l.idServicio);
    if (!servicio || !servicio.activo) throw servicioNotFound();
    const propio = paciente.idPsicologo === null ? null : await findTarifaPsicologo(knex, paciente.idPsicologo, servicio.idServicio);
    const regla = await tarifaPaciente(knex, paciente.idPaciente);
    const tieneRegla = regla.descuentoPorcentaje !== null || regla.precioFijoCentimos !== null;
    const precio = precioDe({ servicio, precioPsicologoCentimos: propio?.precioCentimos ?? null, reglaPaciente: tieneRegla ? regla : null });
    out.push({ descripcion: l.descripcion ?? servicio.nombre, idServicio: servicio.idServicio, cantidad, precioUnitarioCentimos: precio.precioCentimos, iva: servicio.iva });
  }
  return out;
}
