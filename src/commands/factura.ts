// The pure side of issuing (docs/billing.md "Invoices and numbering"): checking fiscal data and
// lines, the totals and the breakdown in integer cents, the invoice's number and its registro de
// alta. No I/O: src/commands/facturas.ts reads the streams and appends.
import type { DatosFiscales, FacturaEmitidaData, LineaFactura } from '../events/factura.ts';
import { MAX_CENTIMOS } from '../events/servicio.ts';
import { errors } from '../platform/errors.ts';
import { porcentajeDe } from '../platform/importe.ts';
import { validarNif } from '../platform/verifactu/nif.ts';
import type { LineaDesglose, RegistroAlta, RegistroAnterior } from '../platform/verifactu/tipos.ts';

/** The description of a line that brings none: never a diagnosis or clinical content. */
export const DESCRIPCION_POR_DEFECTO = 'Sesión de psicología';
/** A full invoice (F1) needs the recipient's NIF and address; without them, a simplified one (F2) up to this total (RD 1619/2012 art. 4.1). */
export const MAX_SIMPLIFICADA_CENTIMOS = 40_000;
export const MAX_LINEAS = 100;
export const MAX_CANTIDAD = 1000;

const limpio = (t: string) => t.trim().replace(/\s+/g, ' ');

/** Name, NIF (check character included) and 1–4 address lines; 400 naming the field. */
export function datosFiscalesValidos(d: DatosFiscales, campo = ''): DatosFiscales {
  const nombreRazon = limpio(d.nombreRazon);
  // AEAT's NombreRazon holds at most 120 characters.
  if (!nombreRazon || nombreRazon.length > 120) throw errors.invalid(`${campo}nombreRazon: entre 1 y 120 caracteres`, `${campo}nombreRazon: 1 to 120 characters`);
  const nif = validarNif(d.nif)?.nif;
  if (!nif) throw errors.invalid(`${campo}nif: no es un NIF o NIE español válido`, `${campo}nif: not a valid Spanish NIF or NIE`);
  const domicilio = d.domicilio.map(limpio).filter(Boolean);
  if (domicilio.length < 1 || domicilio.length > 4) throw errors.invalid(`${campo}domicilio: de 1 a 4 líneas`, `${campo}domicilio: 1 to 4 lines`);
  return { nombreRazon, nif, domicilio };
}

/** A line as the route priced it: from a service (precioDe) or written by hand. */
export interface LineaPedida {
  descripcion?: string;
  idServicio: number | null;
  cantidad: number;
  precioUnitarioCentimos: number;
  iva: LineaFactura['iva'];
  /** A charge's day of service (docs/billing.md "Invoicing charges"). */
  fechaOperacion?: string;
}

const entero = (campo: string, v: number, min: number, max: number) => {
  if (!Number.isSafeInteger(v) || v < min || v > max) throw errors.invalid(`${campo}: se esperaba un entero de ${min} a ${max}`, `${campo}: expected a whole number from ${min} to ${max}`);
};

/** VAT on a base, rounded as a session's fee is (a negative difference mirrors a positive one). */
const cuotaDe = (base: number, iva: LineaFactura['iva']) => (iva === 'EXENTO' ? 0 : porcentajeDe(base, iva));

/** `negativos`: a rectifying invoice's differences may be negative (within the original, checked by the caller). */
export function lineasFactura(pedidas: readonly LineaPedida[], negativos = false): LineaFactura[] {
  if (pedidas.length < 1 || pedidas.length > MAX_LINEAS) throw errors.invalid(`lineas: de 1 a ${MAX_LINEAS}`, `lineas: 1 to ${MAX_LINEAS}`);
  return pedidas.map((l, i) => {
    entero(`lineas[${i}].cantidad`, l.cantidad, 1, MAX_CANTIDAD);
    entero(`lineas[${i}].precioCentimos`, l.precioUnitarioCentimos, negativos ? -MAX_CENTIMOS : 0, MAX_CENTIMOS);
    const descripcion = limpio(l.descripcion ?? '') || DESCRIPCION_POR_DEFECTO;
    if (descripcion.length > 200) throw errors.invalid(`lineas[${i}].descripcion: como mucho 200 caracteres`, `lineas[${i}].descripcion: at most 200 characters`);
    const baseCentimos = l.precioUnitarioCentimos * l.cantidad;
    const linea: LineaFactura = { descripcion, idServicio: l.idServicio, cantidad: l.cantidad, precioUnitarioCentimos: l.precioUnitarioCentimos, baseCentimos, iva: l.iva, cuotaCentimos: cuotaDe(baseCentimos, l.iva) };
    return l.fechaOperacion ? { ...linea, fechaOperacion: l.fechaOperacion } : linea;
  });
}

export function totales(lineas: readonly LineaFactura[]) {
  const base = lineas.reduce((a, l) => a + l.baseCentimos, 0);
  const cuota = lineas.reduce((a, l) => a + l.cuotaCentimos, 0);
  return { baseTotalCentimos: base, cuotaTotalCentimos: cuota, importeTotalCentimos: base + cuota };
}

/** AEAT's Desglose: one E1 line with the exempt base, one S1 line per rate with its base and quota. */
export function desglose(lineas: readonly LineaFactura[]): LineaDesglose[] {
  const out: LineaDesglose[] = [];
  const exenta = lineas.filter((l) => l.iva === 'EXENTO');
  if (exenta.length) out.push({ tipo: 'exenta', causa: 'E1', baseCentimos: exenta.reduce((a, l) => a + l.baseCentimos, 0) });
  for (const tipo of [...new Set(lineas.map((l) => l.iva))].filter((t): t is 21 | 10 | 4 => t !== 'EXENTO').sort((a, b) => b - a)) {
    const de = lineas.filter((l) => l.iva === tipo);
    out.push({ tipo: 'sujeta', tipoImpositivo: tipo * 100, baseCentimos: de.reduce((a, l) => a + l.baseCentimos, 0), cuotaCentimos: de.reduce((a, l) => a + l.cuotaCentimos, 0) });
  }
  return out;
}

/** The series of an issuer's year (`2026-A`; rectifying invoices `2026-R`, RD 1619/2012 art. 15) and the number as registered: `2026-A/000001`. */
export const serieDe = (fechaExpedicion: string, letra: 'A' | 'R' = 'A') => `${fechaExpedicion.slice(0, 4)}-${letra}`;
export const numSerieDe = (serie: string, numero: number) => `${serie}/${String(numero).padStart(6, '0')}`;

/** The operation's description (AEAT: 1–500 characters): the lines' distinct descriptions. */
export const descripcionOperacion = (lineas: readonly LineaFactura[]) => [...new Set(lineas.map((l) => l.descripcion))].join('; ').slice(0, 500);

/** The invoice's registro de alta, minus its recipient (kept apart, sealed). */
export function registroAltaDe(f: FacturaEmitidaData, anterior: RegistroAnterior | null, fechaHoraHusoGenRegistro: string): Omit<RegistroAlta, 'destinatario'> {
  return {
    factura: { idEmisor: f.emisor.nif, numSerie: f.numSerie, fechaExpedicion: f.fechaExpedicion },
    nombreRazonEmisor: f.emisor.nombreRazon,
    tipoFactura: f.tipoFactura,
    ...(f.rectifica ? { rectificadas: [{ idEmisor: f.emisor.nif, numSerie: f.rectifica.numSerie, fechaExpedicion: f.rectifica.fechaExpedicion }] } : {}),
    descripcionOperacion: descripcionOperacion(f.lineas),
    desglose: desglose(f.lineas),
    cuotaTotalCentimos: f.cuotaTotalCentimos,
    importeTotalCentimos: f.importeTotalCentimos,
    anterior,
    fechaHoraHusoGenRegistro,
  };
}

/** The recipient as the patient's data give it, with the kind of invoice that allows (F1, or F2 without NIF or address). */
export function destinatarioYTipo(d: { nombreRazon: string; nif: string | null; domicilio: string[] }, importeTotalCentimos: number) {
  const nif = d.nif ? (validarNif(d.nif)?.nif ?? null) : null;
  const domicilio = d.domicilio.map(limpio).filter(Boolean).slice(0, 4);
  const nombreRazon = limpio(d.nombreRazon).slice(0, 120);
  if (nif && domicilio.length && nombreRazon) return { tipoFactura: 'F1' as const, destinatario: { nombreRazon, nif, domicilio } };
  if (importeTotalCentimos <= MAX_SIMPLIFICADA_CENTIMOS) return { tipoFactura: 'F2' as const, destinatario: null };
  const falta = [!nif && 'NIF (dni del usuario)', !domicilio.length && 'domicilio (una dirección)'].filter(Boolean).join(' y ');
  throw errors.conflict(
    `El paciente no tiene ${falta}: una factura completa los exige, y sin ellos solo cabe una simplificada de hasta 400,00 €`,
    `The patient has no valid ${falta}: a full invoice needs them, and a simplified one is allowed only up to 400.00 EUR`,
  );
}
