// What makes a view printable: the rules a caller breaks only by a programming error (billing
// validates what people type long before), so they throw instead of printing a wrong invoice. The
// totals must be the lines' own, because the QR carries the registered ImporteTotal and the paper
// must not disagree with it.
import { esRectificativa, mencionExencion } from './textos.ts';
import type { FacturaVista } from './tipos.ts';

const FECHA = /^\d{4}-\d{2}-\d{2}$/;

function comprobarCentimos(nombre: string, valor: number): void {
  if (!Number.isSafeInteger(valor)) throw new RangeError(`${nombre}: ${valor} is not a whole number of cents`);
}

export function comprobarVista(vista: FacturaVista): void {
  if (!vista.numSerie.trim()) throw new RangeError('numSerie is empty');
  for (const f of [vista.fechaExpedicion, vista.fechaOperacion, ...vista.lineas.map((l) => l.fechaOperacion)]) {
    if (f !== undefined && !FECHA.test(f)) throw new RangeError(`${f} is not YYYY-MM-DD`);
  }
  if (!vista.destinatario && vista.tipoFactura !== 'F2' && vista.tipoFactura !== 'R5') {
    throw new RangeError(`a ${vista.tipoFactura} invoice names its recipient`);
  }
  if (esRectificativa(vista.tipoFactura) !== Boolean(vista.rectificadas?.length)) {
    throw new RangeError('a rectifying invoice (R1–R5), and only one, names the invoices it rectifies');
  }
  if (vista.lineas.length === 0) throw new RangeError('an invoice has at least one line');
  let base = 0;
  let cuota = 0;
  for (const linea of vista.lineas) {
    comprobarCentimos('baseCentimos', linea.baseCentimos);
    base += linea.baseCentimos;
    if (linea.impuesto.tipo === 'sujeta') {
      comprobarCentimos('cuotaCentimos', linea.impuesto.cuotaCentimos);
      cuota += linea.impuesto.cuotaCentimos;
    } else mencionExencion(linea.impuesto);
  }
  if (cuota !== vista.cuotaTotalCentimos) throw new RangeError(`cuotaTotalCentimos ${vista.cuotaTotalCentimos} is not the lines' ${cuota}`);
  if (base + cuota !== vista.importeTotalCentimos) {
    throw new RangeError(`importeTotalCentimos ${vista.importeTotalCentimos} is not the lines' ${base + cuota}`);
  }
}
