import { renderFacturaPdf } from '../../platform/factura-pdf/render.ts';
import type { FacturaVista } from '../../platform/factura-pdf/tipos.ts';
import type { MailMessage } from './mailer.ts';

/**
 * What a mail outbox row holds: the message, and for an invoice's mail the printable view its PDF
 * is drawn from. The PDF is made when the mail is sent, not queued: a view is a kilobyte or two, the
 * PDF tens of them, and the renderer is pure, so every attempt attaches the same bytes.
 */
export interface CorreoPendiente {
  to: string;
  subject: string;
  text: string;
  html?: string;
  facturaPdf?: FacturaVista;
}

/** The file name of an invoice's PDF, as GET /api/facturas/{id}/pdf names it. */
export const nombrePdf = (numSerie: string) => `factura-${numSerie.replace(/[^0-9A-Za-z-]/g, '_')}.pdf`;

/** The message of a mail outbox row, its invoice PDF attached when it names one. */
export async function correoDe(payload: CorreoPendiente): Promise<MailMessage> {
  const { facturaPdf, ...mensaje } = payload;
  if (!facturaPdf) return mensaje;
  const pdf = await renderFacturaPdf(facturaPdf);
  return { ...mensaje, attachments: [{ filename: nombrePdf(facturaPdf.numSerie), content: pdf, contentType: 'application/pdf' }] };
}
