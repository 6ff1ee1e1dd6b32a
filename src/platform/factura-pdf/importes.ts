// The money part of the invoice: one row per line (description, date, base, the rate or "Exenta",
// quota, amount), then the totals with the quota per rate, then the legal mention of each
// exemption. Rows that do not fit go on to a new page under the repeated column heads.
import { anchoUtil, escribir, MARGEN, MARGEN_SUPERIOR, raya } from './maqueta.ts';
import { mm } from './qr.ts';
import { euros, fecha, mencionExencion, porcentaje } from './textos.ts';
import { DESCRIPCION_POR_DEFECTO, type FacturaVista, type LineaFacturaVista } from './tipos.ts';

type Doc = PDFKit.PDFDocument;

/** Column widths as parts of the usable width; the first column left-aligned, the rest right. */
const COLUMNAS: Array<[string, number]> = [
  ['Concepto', 0.34], ['Fecha', 0.12], ['Base imponible', 0.15], ['IVA', 0.11], ['Cuota', 0.13], ['Importe', 0.15],
];

const FONDO = mm(20); // room kept at the bottom of each page for the page footer

function fila(doc: Doc, celdas: string[], y: number, negrita = false): number {
  let x = MARGEN;
  let alto = 0;
  celdas.forEach((celda, i) => {
    const ancho = COLUMNAS[i][1] * anchoUtil(doc);
    const hueco = mm(1.5); // between columns: on the right of the first, on the left of the others
    const o = { fuente: negrita ? 'Helvetica-Bold' : 'Helvetica', alinear: i ? ('right' as const) : ('left' as const) };
    const h = escribir(doc, celda, i ? x + hueco : x, y, ancho - hueco, o);
    alto = Math.max(alto, h);
    x += ancho;
  });
  return alto;
}

function cabecera(doc: Doc, y: number): number {
  const alto = fila(doc, COLUMNAS.map(([nombre]) => nombre), y, true);
  raya(doc, y + alto + mm(1));
  return y + alto + mm(2.5);
}

/** Only the line's own description: nothing else of the invoice's context can end up here. */
const descripcion = (l: LineaFacturaVista) => l.descripcion?.trim() || DESCRIPCION_POR_DEFECTO;

function celdas(l: LineaFacturaVista, vista: FacturaVista): string[] {
  const cuota = l.impuesto.tipo === 'sujeta' ? l.impuesto.cuotaCentimos : 0;
  return [
    descripcion(l),
    fecha(l.fechaOperacion ?? vista.fechaOperacion ?? vista.fechaExpedicion),
    euros(l.baseCentimos),
    l.impuesto.tipo === 'sujeta' ? porcentaje(l.impuesto.tipoImpositivo) : 'Exenta',
    l.impuesto.tipo === 'sujeta' ? euros(cuota) : '-',
    euros(l.baseCentimos + cuota),
  ];
}

export function lineas(doc: Doc, vista: FacturaVista, y: number): number {
  y = cabecera(doc, y);
  for (const l of vista.lineas) {
    const valores = celdas(l, vista);
    doc.font('Helvetica').fontSize(9);
    const alto = doc.heightOfString(valores[0], { width: COLUMNAS[0][1] * anchoUtil(doc) - mm(1.5) });
    if (y + alto > doc.page.height - FONDO) {
      doc.addPage();
      y = cabecera(doc, MARGEN_SUPERIOR);
    }
    y += fila(doc, valores, y) + mm(1.5);
  }
  raya(doc, y);
  return y + mm(3);
}

/** The totals' rows: base, the quota of each rate (with its base), the exempt base, the total. */
function filasTotales(vista: FacturaVista): Array<[string, string, boolean]> {
  const porTipo = new Map<number, { base: number; cuota: number }>();
  let exenta = 0;
  let base = 0;
  for (const l of vista.lineas) {
    base += l.baseCentimos;
    if (l.impuesto.tipo === 'exenta') exenta += l.baseCentimos;
    else {
      const g = porTipo.get(l.impuesto.tipoImpositivo) ?? { base: 0, cuota: 0 };
      porTipo.set(l.impuesto.tipoImpositivo, { base: g.base + l.baseCentimos, cuota: g.cuota + l.impuesto.cuotaCentimos });
    }
  }
  const filas: Array<[string, string, boolean]> = [['Base imponible', euros(base), false]];
  for (const [tipo, g] of [...porTipo].sort(([a], [b]) => a - b)) {
    filas.push([`IVA ${porcentaje(tipo)} sobre ${euros(g.base)}`, euros(g.cuota), false]);
  }
  if (exenta !== 0 || porTipo.size === 0) filas.push(['Base exenta de IVA', euros(exenta), false]);
  filas.push(['Cuota total de IVA', euros(vista.cuotaTotalCentimos), false]);
  filas.push(['TOTAL FACTURA', euros(vista.importeTotalCentimos), true]);
  return filas;
}

export function totales(doc: Doc, vista: FacturaVista, y: number): number {
  const filas = filasTotales(vista);
  if (y + filas.length * mm(5) > doc.page.height - FONDO) {
    doc.addPage();
    y = MARGEN_SUPERIOR;
  }
  const ancho = anchoUtil(doc);
  for (const [rotulo, valor, negrita] of filas) {
    const o = { fuente: negrita ? 'Helvetica-Bold' : 'Helvetica', cuerpo: negrita ? 11 : 9, alinear: 'right' as const };
    escribir(doc, rotulo, MARGEN + ancho * 0.3, y, ancho * 0.5, o);
    y += escribir(doc, valor, MARGEN + ancho * 0.8, y, ancho * 0.2, o) + mm(1);
  }
  return y + mm(4);
}

/** Each exemption's legal mention once (RD 1619/2012 art. 6.1). */
export function menciones(doc: Doc, vista: FacturaVista, y: number): number {
  const textos = new Set<string>();
  for (const l of vista.lineas) if (l.impuesto.tipo === 'exenta') textos.add(mencionExencion(l.impuesto));
  for (const texto of textos) {
    doc.font('Helvetica').fontSize(9);
    if (y + doc.heightOfString(texto, { width: anchoUtil(doc) }) > doc.page.height - FONDO) {
      doc.addPage();
      y = MARGEN_SUPERIOR;
    }
    y += escribir(doc, texto.endsWith('.') ? texto : `${texto}.`, MARGEN, y, anchoUtil(doc)) + mm(1);
  }
  return y;
}
