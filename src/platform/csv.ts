import { importe } from './verifactu/importe.ts';

// The billing reports' CSV (docs/billing.md "Reports"): made for a Spanish spreadsheet, so `;`
// between cells and amounts in euros with a decimal comma (`1234,56`, `-12,50`), written from
// integer cents without floating point. UTF-8 with a byte-order mark (how Excel tells UTF-8 from
// the system's code page), CRLF line ends and RFC 4180 quoting.

export const CSV_BOM = '\uFEFF';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** A cell the program computed (a number, a date, an amount): quoted only when it must be. */
export type Celda = string | number | null;

/** `12345` → `"123,45"`, `-5` → `"-0,05"`. */
export const eurosCsv = (centimos: number): string => importe(centimos).replace('.', ',');

/**
 * Text someone typed (a name): a spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` (or
 * a tab or carriage return before one) as a formula, so such a cell gets a leading `'`, which
 * spreadsheets show as text (CSV injection, OWASP).
 */
export function textoCsv(texto: string | null): string | null {
  if (texto === null) return null;
  return /^[=+\-@\t\r]/.test(texto) ? `'${texto}` : texto;
}

const cell = (c: Celda): string => {
  if (c === null) return '';
  const s = String(c);
  return /[;"\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** One CSV line (with its CRLF) from cells already made safe: amounts by eurosCsv, text by textoCsv. */
export const lineaCsv = (cells: Celda[]): string => `${cells.map(cell).join(';')}\r\n`;
