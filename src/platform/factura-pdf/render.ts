// One invoice as a PDF (A4), pure: the same view gives the same bytes. No clock (the document's
// dates are the invoice's date of issue), no I/O, no fonts from disk (PDF's standard Helvetica,
// which every reader has). The layout is in maqueta.ts and importes.ts; docs/billing.md describes it.
import PDFDocument from 'pdfkit';
import { urlQr } from '../verifactu/qr.ts';
import { comprobarVista } from './comprobar.ts';
import { lineas, menciones, totales } from './importes.ts';
import { cabeceraFactura, cabeceraQr, escribir, MARGEN, MARGEN_SUPERIOR, partes, rectificacion } from './maqueta.ts';
import { mm } from './qr.ts';
import type { FacturaVista, OpcionesPdf } from './tipos.ts';

/** The cotejo URL the invoice's QR carries: the registered identity and total. */
export const urlQrDeFactura = (vista: FacturaVista) =>
  urlQr({ idEmisor: vista.emisor.nif, numSerie: vista.numSerie, fechaExpedicion: vista.fechaExpedicion }, vista.importeTotalCentimos, vista.entornoAeat);

function documento(vista: FacturaVista, opciones: OpcionesPdf): PDFKit.PDFDocument {
  const fechaDoc = new Date(`${vista.fechaExpedicion}T00:00:00Z`);
  return new PDFDocument({
    size: 'A4',
    margins: { top: MARGEN_SUPERIOR, bottom: mm(10), left: MARGEN, right: MARGEN },
    compress: opciones.comprimir ?? true,
    bufferPages: true,
    // The metadata name the invoice only: no recipient (a patient) in a field search tools index.
    info: { Title: `Factura ${vista.numSerie}`, Author: vista.emisor.nombre, Creator: 'practice-backend', Producer: 'PDFKit', CreationDate: fechaDoc, ModDate: fechaDoc },
  });
}

/** "Factura nº … · página n de N" at the foot of every page. */
function pies(doc: PDFKit.PDFDocument, vista: FacturaVista): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const margenInferior = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing below the margin must not open a new page
    escribir(doc, `Factura nº ${vista.numSerie} · página ${i - start + 1} de ${count}`, MARGEN, doc.page.height - mm(14), doc.page.width - 2 * MARGEN, { cuerpo: 8, alinear: 'center' });
    doc.page.margins.bottom = margenInferior;
  }
}

/** The PDF of one invoice; rejects with a RangeError when the view is not printable (comprobar.ts). */
export async function renderFacturaPdf(vista: FacturaVista, opciones: OpcionesPdf = {}): Promise<Buffer> {
  comprobarVista(vista);
  const doc = documento(vista, opciones);
  const partesPdf: Buffer[] = [];
  const hecho = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (b: Buffer) => partesPdf.push(b));
    doc.on('end', () => resolve(Buffer.concat(partesPdf)));
    doc.on('error', reject);
  });
  let y = cabeceraQr(doc, urlQrDeFactura(vista), MARGEN_SUPERIOR);
  y = cabeceraFactura(doc, vista, y);
  y = partes(doc, vista, y);
  y = rectificacion(doc, vista, y);
  y = lineas(doc, vista, y);
  y = totales(doc, vista, y);
  menciones(doc, vista, y);
  pies(doc, vista);
  doc.end();
  return await hecho;
}
