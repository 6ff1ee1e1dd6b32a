import { fechaAeat } from './fecha.ts';
import { importe } from './importe.ts';
import type { IdFactura } from './tipos.ts';

// The URL of AEAT's verification (cotejo) service that the invoice's QR code carries, per AEAT's
// "Detalle de las especificaciones técnicas del código «QR» de la factura y de la URL del servicio
// de cotejo o remisión de información por parte del receptor de la factura": the ValidarQR service
// of the production or the test host, with nif, numserie, fecha (dd-mm-yyyy) and importe, each
// value percent-encoded as UTF-8 (so an `&` in a series becomes %26). The importe is the record's
// ImporteTotal text. The image (ISO/IEC 18004, level M, 30–40 mm) is drawn from this URL elsewhere.

export const VALIDAR_QR = {
  produccion: 'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR',
  pruebas: 'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR',
} as const;

export type EntornoAeat = keyof typeof VALIDAR_QR;

/** RFC 3986 percent-encoding: only the unreserved characters stay as they are. */
const codificar = (valor: string) =>
  encodeURIComponent(valor).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export function urlQr(factura: IdFactura, importeTotalCentimos: number, entorno: EntornoAeat): string {
  const parametros: Array<[string, string]> = [
    ['nif', factura.idEmisor],
    ['numserie', factura.numSerie],
    ['fecha', fechaAeat(factura.fechaExpedicion)],
    ['importe', importe(importeTotalCentimos)],
  ];
  return `${VALIDAR_QR[entorno]}?${parametros.map(([k, v]) => `${k}=${codificar(v.trim())}`).join('&')}`;
}
