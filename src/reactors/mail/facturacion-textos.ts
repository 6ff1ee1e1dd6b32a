import { euros, fecha } from '../../platform/factura-pdf/textos.ts';
import type { MetodoPago } from '../../events/pago.ts';
import type { Idioma, Rendered } from './templates.ts';

// Billing mails (docs/billing.md "Mail"): the invoice, the receipt of a payment and the reminder of
// an unpaid invoice. They name the invoice's number, dates and amounts, never a line's description
// nor anything else of the sessions: a mail is read on shared screens and forwarded.

const FIRMA = { es: '\n\nEl equipo de la consulta', en: '\n\nThe practice team' };
const linea = (s: string) => s.replace(/[\r\n]+/g, ' ');
const saludo = (idioma: Idioma, nombre: string) => (idioma === 'en' ? `Hello ${linea(nombre)},` : `Hola ${linea(nombre)}:`);

export interface AvisoFactura {
  /** The patient's first name. */
  nombre: string;
  numSerie: string;
  /** YYYY-MM-DD. */
  fechaExpedicion: string;
  importeTotalCentimos: number;
  rectificativa: boolean;
  /** Who issues it: the practice or the psychologist as a professional. */
  emisor: string;
}

/** The issued invoice, its PDF attached: "Factura 2026-A/000001". */
export function facturaMail(idioma: Idioma, v: AvisoFactura): Rendered {
  const [num, dia, total] = [v.numSerie, fecha(v.fechaExpedicion), euros(v.importeTotalCentimos)];
  if (idioma === 'en') {
    const que = v.rectificativa ? 'corrective invoice' : 'invoice';
    return {
      subject: `${v.rectificativa ? 'Corrective invoice' : 'Invoice'} ${num}`,
      text: `${saludo(idioma, v.nombre)}\n\nAttached is your ${que} ${num} of ${dia} from ${linea(v.emisor)}, for ${total}. You can also see it in the app.${FIRMA.en}`,
    };
  }
  const que = v.rectificativa ? 'la factura rectificativa' : 'la factura';
  return {
    subject: `${v.rectificativa ? 'Factura rectificativa' : 'Factura'} ${num}`,
    text: `${saludo(idioma, v.nombre)}\n\nLe enviamos adjunta ${que} ${num} del ${dia}, emitida por ${linea(v.emisor)}, por importe de ${total}. También puede consultarla en la aplicación.${FIRMA.es}`,
  };
}

const METODOS: Record<MetodoPago, { es: string; en: string }> = {
  EFECTIVO: { es: 'en efectivo', en: 'in cash' },
  TARJETA: { es: 'con tarjeta', en: 'by card' },
  TRANSFERENCIA: { es: 'por transferencia', en: 'by bank transfer' },
  BIZUM: { es: 'por Bizum', en: 'by Bizum' },
  STRIPE: { es: 'con tarjeta en línea', en: 'by card online' },
};

export interface AvisoPago {
  nombre: string;
  numSerie: string;
  importeCentimos: number;
  metodo: MetodoPago;
  /** The day of the payment (YYYY-MM-DD, in the practice's zone). */
  fecha: string;
  /** What is still due on the invoice after this payment. */
  pendienteCentimos: number;
}

/** The receipt of a payment: amount, method, invoice and what remains due. */
export function reciboMail(idioma: Idioma, v: AvisoPago): Rendered {
  const [importe, pendiente, dia, metodo] = [euros(v.importeCentimos), euros(v.pendienteCentimos), fecha(v.fecha), METODOS[v.metodo]?.[idioma] ?? v.metodo];
  if (idioma === 'en') {
    const resto = v.pendienteCentimos > 0 ? `${pendiente} of it remains due.` : 'The invoice is paid in full.';
    return {
      subject: `Payment received: invoice ${v.numSerie}`,
      text: `${saludo(idioma, v.nombre)}\n\nWe have received your payment of ${importe} ${metodo} on ${dia} for invoice ${v.numSerie}. ${resto}${FIRMA.en}`,
    };
  }
  const resto = v.pendienteCentimos > 0 ? `Quedan pendientes ${pendiente}.` : 'La factura queda pagada en su totalidad.';
  return {
    subject: `Justificante de pago: factura ${v.numSerie}`,
    text: `${saludo(idioma, v.nombre)}\n\nHemos recibido su pago de ${importe} ${metodo} el ${dia} por la factura ${v.numSerie}. ${resto}${FIRMA.es}`,
  };
}

export interface AvisoImpago {
  nombre: string;
  numSerie: string;
  fechaExpedicion: string;
  pendienteCentimos: number;
}

/** The reminder of an invoice still unpaid. */
export function recordatorioPagoMail(idioma: Idioma, v: AvisoImpago): Rendered {
  const [dia, pendiente] = [fecha(v.fechaExpedicion), euros(v.pendienteCentimos)];
  if (idioma === 'en') {
    return {
      subject: `Payment reminder: invoice ${v.numSerie}`,
      text: `${saludo(idioma, v.nombre)}\n\nThis is a reminder that ${pendiente} of invoice ${v.numSerie} of ${dia} is still due. You can see it and pay in the app. If you have already paid, please disregard this message.${FIRMA.en}`,
    };
  }
  return {
    subject: `Recordatorio de pago: factura ${v.numSerie}`,
    text: `${saludo(idioma, v.nombre)}\n\nLe recordamos que de la factura ${v.numSerie} del ${dia} quedan pendientes de pago ${pendiente}. Puede consultarla y pagarla en la aplicación. Si ya la ha pagado, no tenga en cuenta este mensaje.${FIRMA.es}`,
  };
}
