import { createHash } from 'node:crypto';
import { fechaAeat } from './fecha.ts';
import { importe } from './importe.ts';
import type { RegistroAlta, RegistroAnulacion } from './tipos.ts';

// The huella (fingerprint) of a billing record, exactly as AEAT's "Detalle de las especificaciones
// técnicas para generación de la huella o hash de los registros de facturación" (v0.1.x) defines
// it: fixed fields in a fixed order as `Name=value` joined by `&`, each value trimmed of leading
// and trailing spaces, the previous record's huella empty for the first record, SHA-256 of the UTF-8
// text in uppercase hexadecimal. It covers the invoice's identity, type and totals and the chain,
// never the recipient (no patient data): docs/billing.md.

type Campos = ReadonlyArray<readonly [string, string]>;

const cadena = (campos: Campos) => campos.map(([nombre, valor]) => `${nombre}=${valor.trim()}`).join('&');

const sha256Mayusculas = (texto: string) => createHash('sha256').update(texto, 'utf8').digest('hex').toUpperCase();

/** The text hashed for a registro de alta (exposed so tests and billing:verify can show it). */
export function cadenaHuellaAlta(r: RegistroAlta): string {
  return cadena([
    ['IDEmisorFactura', r.factura.idEmisor],
    ['NumSerieFactura', r.factura.numSerie],
    ['FechaExpedicionFactura', fechaAeat(r.factura.fechaExpedicion)],
    ['TipoFactura', r.tipoFactura],
    ['CuotaTotal', importe(r.cuotaTotalCentimos)],
    ['ImporteTotal', importe(r.importeTotalCentimos)],
    ['Huella', r.anterior?.huella ?? ''],
    ['FechaHoraHusoGenRegistro', r.fechaHoraHusoGenRegistro],
  ]);
}

/** The text hashed for a registro de anulación. */
export function cadenaHuellaAnulacion(r: RegistroAnulacion): string {
  return cadena([
    ['IDEmisorFacturaAnulada', r.anulada.idEmisor],
    ['NumSerieFacturaAnulada', r.anulada.numSerie],
    ['FechaExpedicionFacturaAnulada', fechaAeat(r.anulada.fechaExpedicion)],
    ['Huella', r.anterior?.huella ?? ''],
    ['FechaHoraHusoGenRegistro', r.fechaHoraHusoGenRegistro],
  ]);
}

export const huellaAlta = (r: RegistroAlta) => sha256Mayusculas(cadenaHuellaAlta(r));

export const huellaAnulacion = (r: RegistroAnulacion) => sha256Mayusculas(cadenaHuellaAnulacion(r));
