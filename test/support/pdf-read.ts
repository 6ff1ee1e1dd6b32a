// Just enough of a PDF reader for the invoice tests, pure JS: the cross-reference table (does the
// file parse), and from uncompressed content streams (pdfkit's `compress: false`) the text of each
// text object and the filled rectangles of the QR code. Not a general PDF parser.

const latin = (b: Buffer) => b.toString('latin1');

/** Checks startxref -> xref -> every in-use object at its offset; returns the number of objects. */
export function checkXref(pdf: Buffer): number {
  const s = latin(pdf);
  if (!s.startsWith('%PDF-1.')) throw new Error('no %PDF header');
  if (!s.trimEnd().endsWith('%%EOF')) throw new Error('no %%EOF');
  const start = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(s)?.[1]);
  if (!s.startsWith('xref', start)) throw new Error(`startxref ${start} does not point to xref`);
  const [, first, count] = /^xref\s+(\d+)\s+(\d+)\s/.exec(s.slice(start))!.map(Number);
  const entries = s.slice(start).split(/\r?\n/).slice(2, 2 + count);
  entries.forEach((e, i) => {
    const [offset, , kind] = e.trim().split(' ');
    if (kind === 'n' && !s.startsWith(`${first + i} 0 obj`, Number(offset))) throw new Error(`object ${first + i} is not at ${offset}`);
  });
  return count;
}

/** The content streams of an uncompressed PDF, in file order (one per page here). */
export function contentStreams(pdf: Buffer): string[] {
  return [...latin(pdf).matchAll(/stream\n([\s\S]*?)\nendstream/g)].map((m) => m[1]).filter((c) => /\bBT\b|\bre\b/.test(c));
}

export interface TextRun {
  text: string;
  /** Baseline position in PDF space (y grows upwards). */
  x: number;
  y: number;
}

// WinAnsi is Latin-1 but for 0x80–0x9F (€, curly quotes, dashes…). Node's TextDecoder('windows-1252')
// decodes those bytes as Latin-1 control characters, so they are mapped here.
const C1 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const winAnsi = (bytes: Buffer) => [...bytes].map((b) => (b >= 0x80 && b <= 0x9f ? C1[b - 0x80] : String.fromCharCode(b))).join('');

/** Each BT…ET object's text, its hex strings decoded as WinAnsi (the standard fonts' encoding). */
export function textRuns(stream: string): TextRun[] {
  return [...stream.matchAll(/BT\n1 0 0 1 (\S+) (\S+) Tm\n[\s\S]*?ET/g)].map((m) => {
    const hex = [...m[0].matchAll(/<([0-9a-f]*)>/g)].map((h) => h[1]).join('');
    return { text: winAnsi(Buffer.from(hex, 'hex')), x: Number(m[1]), y: Number(m[2]) };
  });
}

/** All the text of a PDF, one run per line. */
export const pdfLines = (pdf: Buffer) => contentStreams(pdf).flatMap((c) => textRuns(c).map((r) => r.text));

export interface DrawnMatrix {
  size: number;
  dark: boolean[][];
  /** Side of the symbol in points, and its top edge in pdfkit's top-down page space. */
  side: number;
  top: number;
}

/** The QR symbol rebuilt from the `x y w h re` runs of a content stream (the QR's only rectangles). */
export function drawnMatrix(stream: string): DrawnMatrix {
  const rects = [...stream.matchAll(/^(\S+) (\S+) (\S+) (\S+) re$/gm)].map((m) => m.slice(1, 5).map(Number));
  if (rects.length === 0) throw new Error('no rectangles drawn');
  const modulo = Math.min(...rects.map((r) => r[3]));
  const x0 = Math.min(...rects.map((r) => r[0]));
  const y0 = Math.min(...rects.map((r) => r[1]));
  const side = Math.max(...rects.map((r) => r[0] + r[2])) - x0;
  const size = Math.round(side / modulo);
  const dark = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  for (const [x, y, w] of rects) {
    const row = Math.round((y - y0) / modulo);
    const col = Math.round((x - x0) / modulo);
    for (let k = 0; k < Math.round(w / modulo); k++) dark[row][col + k] = true;
  }
  return { size, dark, side, top: y0 };
}

/**
 * The error correction level the symbol's format information says (ISO/IEC 18004 7.9): the 15
 * bits beside the top-left finder (column 8), unmasked with 0x5412 and checked against their
 * BCH(15,5) code (generator 0x537). Read straight from the drawing, independently of any encoder.
 */
export function formatLevel(m: DrawnMatrix): 'L' | 'M' | 'Q' | 'H' {
  let bits = 0;
  for (let i = 0; i < 15; i++) {
    const row = i < 6 ? i : i < 8 ? i + 1 : m.size - 15 + i;
    if (m.dark[row][8]) bits |= 1 << i;
  }
  const raw = bits ^ 0x5412;
  const data = raw >> 10;
  let rem = data << 10;
  for (let d = 14; d >= 10; d--) if (rem & (1 << d)) rem ^= 0x537 << (d - 10);
  if (((data << 10) | rem) !== raw) throw new Error('format information fails its BCH check');
  return (['M', 'L', 'H', 'Q'] as const)[data >> 3];
}
