// The invoice's layout on A4 portrait, top to bottom: AEAT's QR centred at the top with
// "VERI*FACTU" under it (AEAT: the QR first, before the invoice's content, near the top margin),
// the title, number, series and dates; issuer and recipient side by side; for a rectifying invoice
// its kind and the invoices it corrects; the lines; the totals; the legal mentions. Each function
// draws from `y` and returns the y below what it drew.
import { dibujarQr, LADO_QR_MM, matrizQr, mm, ZONA_SILENCIO_MODULOS } from './qr.ts';
import { esRectificativa, fecha, textoImprimible as t, TIPOS_RECTIFICATIVA, tituloFactura } from './textos.ts';
import type { FacturaVista, ParteFactura } from './tipos.ts';

type Doc = PDFKit.PDFDocument;

export const MARGEN = mm(20);
export const MARGEN_SUPERIOR = mm(12);
const NORMAL = 'Helvetica';
const NEGRITA = 'Helvetica-Bold';

export const anchoUtil = (doc: Doc) => doc.page.width - 2 * MARGEN;

/** Writes `texto` at (x, y) within `ancho` and returns its height. */
export function escribir(doc: Doc, texto: string, x: number, y: number, ancho: number, o: { fuente?: string; cuerpo?: number; alinear?: 'left' | 'right' | 'center' } = {}): number {
  doc.font(o.fuente ?? NORMAL).fontSize(o.cuerpo ?? 9);
  const opciones = { width: ancho, align: o.alinear ?? 'left' } as const;
  const limpio = t(texto);
  doc.text(limpio, x, y, opciones);
  return doc.heightOfString(limpio, opciones);
}

/** The QR (its quiet zone kept clear) and "VERI*FACTU" centred under it. */
export function cabeceraQr(doc: Doc, url: string, y: number): number {
  const lado = mm(LADO_QR_MM);
  const matriz = matrizQr(url);
  const silencio = (lado / matriz.size) * ZONA_SILENCIO_MODULOS;
  const x = (doc.page.width - lado) / 2;
  dibujarQr(doc, matriz, x, y + silencio, lado);
  const bajo = y + silencio + lado + mm(1.5);
  const alto = escribir(doc, 'VERI*FACTU', MARGEN, bajo, anchoUtil(doc), { fuente: NEGRITA, cuerpo: 9, alinear: 'center' });
  return bajo + alto + mm(5);
}

/** Title on the left; number, series and dates on the right. */
export function cabeceraFactura(doc: Doc, vista: FacturaVista, y: number): number {
  const ancho = anchoUtil(doc);
  const titulo = escribir(doc, tituloFactura(vista.tipoFactura), MARGEN, y, ancho / 2, { fuente: NEGRITA, cuerpo: 16 });
  const datos: string[] = [`Factura nº ${vista.numSerie}`];
  if (vista.serie) datos.push(`Serie: ${vista.serie}`);
  datos.push(`Fecha de expedición: ${fecha(vista.fechaExpedicion)}`);
  if (vista.fechaOperacion && vista.fechaOperacion !== vista.fechaExpedicion) datos.push(`Fecha de la operación: ${fecha(vista.fechaOperacion)}`);
  let alto = 0;
  datos.forEach((linea, i) => {
    alto += escribir(doc, linea, MARGEN + ancho / 2, y + alto, ancho / 2, { fuente: i === 0 ? NEGRITA : NORMAL, cuerpo: i === 0 ? 11 : 9, alinear: 'right' });
  });
  return y + Math.max(titulo, alto) + mm(6);
}

function parte(doc: Doc, rotulo: string, p: ParteFactura | undefined, x: number, y: number, ancho: number): number {
  let alto = escribir(doc, rotulo, x, y, ancho, { fuente: NEGRITA, cuerpo: 8 });
  if (!p) return alto + escribir(doc, 'Factura simplificada: sin destinatario identificado', x, y + alto, ancho);
  alto += escribir(doc, p.nombre, x, y + alto, ancho, { fuente: NEGRITA, cuerpo: 10 });
  alto += escribir(doc, `NIF: ${p.nif}`, x, y + alto, ancho);
  for (const linea of p.domicilio) alto += escribir(doc, linea, x, y + alto, ancho);
  return alto;
}

export function partes(doc: Doc, vista: FacturaVista, y: number): number {
  const columna = (anchoUtil(doc) - mm(10)) / 2;
  const emisor = parte(doc, 'EMISOR', vista.emisor, MARGEN, y, columna);
  const destinatario = parte(doc, 'DESTINATARIO', vista.destinatario, MARGEN + columna + mm(10), y, columna);
  return y + Math.max(emisor, destinatario) + mm(6);
}

/** For R1–R5: the kind of rectification and each invoice it corrects (art. 15 RD 1619/2012). */
export function rectificacion(doc: Doc, vista: FacturaVista, y: number): number {
  if (!esRectificativa(vista.tipoFactura)) return y;
  const ancho = anchoUtil(doc);
  let alto = escribir(doc, `Factura rectificativa ${TIPOS_RECTIFICATIVA[vista.tipoFactura]}. Rectificación por diferencias.`, MARGEN, y, ancho, { fuente: NEGRITA });
  for (const r of vista.rectificadas ?? []) {
    alto += escribir(doc, `Rectifica la factura nº ${r.numSerie}, de fecha ${fecha(r.fechaExpedicion)}.`, MARGEN, y + alto, ancho);
  }
  if (vista.motivoRectificacion?.trim()) alto += escribir(doc, `Motivo: ${vista.motivoRectificacion.trim()}`, MARGEN, y + alto, ancho);
  return y + alto + mm(6);
}

/** A horizontal rule across the page (a line, not a rectangle: rectangles are the QR's alone). */
export function raya(doc: Doc, y: number, grosor = 0.5): void {
  doc.save().lineWidth(grosor).moveTo(MARGEN, y).lineTo(MARGEN + anchoUtil(doc), y).stroke('#000000').restore();
}
