// AEAT's verification QR on the invoice: the cotejo URL (../verifactu/qr.ts) as an ISO/IEC 18004
// symbol at error correction level M, drawn as vector rectangles (one per run of dark modules in a
// row) so it prints sharp at any size and costs no image encoding.
import QRCode from 'qrcode';

/** Millimetres to PDF points. */
export const mm = (n: number) => (n * 72) / 25.4;

/** AEAT: between 30×30 and 40×40 mm. The symbol is drawn at 35 mm. */
export const LADO_QR_MM = 35;

/** The quiet zone ISO/IEC 18004 asks around the symbol, in modules: nothing is drawn there. */
export const ZONA_SILENCIO_MODULOS = 4;

export interface MatrizQr {
  size: number;
  oscuro(fila: number, columna: number): boolean;
}

export function matrizQr(texto: string): MatrizQr {
  const { modules } = QRCode.create(texto, { errorCorrectionLevel: 'M' });
  return { size: modules.size, oscuro: (fila, columna) => Boolean(modules.get(fila, columna)) };
}

/** The runs of dark modules of one row, as [first column, length]. */
function tramos(matriz: MatrizQr, fila: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let c = 0; c < matriz.size; c++) {
    if (!matriz.oscuro(fila, c)) continue;
    const inicio = c;
    while (c + 1 < matriz.size && matriz.oscuro(fila, c + 1)) c++;
    out.push([inicio, c - inicio + 1]);
  }
  return out;
}

/** Draws the symbol with its top-left corner at (x, y), `lado` points wide. */
export function dibujarQr(doc: PDFKit.PDFDocument, matriz: MatrizQr, x: number, y: number, lado: number): void {
  const modulo = lado / matriz.size;
  doc.save();
  for (let fila = 0; fila < matriz.size; fila++) {
    for (const [columna, largo] of tramos(matriz, fila)) doc.rect(x + columna * modulo, y + fila * modulo, largo * modulo, modulo);
  }
  doc.fill('#000000').restore();
}
