// The words and numbers printed on the invoice, in Spanish notation, from integer cents (money
// never passes through floating point) and YYYY-MM-DD dates.
import type { TipoFactura } from '../verifactu/tipos.ts';
import type { ImpuestoExento } from './tipos.ts';

/** The legal mention an exempt line needs (RD 1619/2012 art. 6.1): psychotherapy by a health professional. */
export const MENCION_EXENCION_PSICOLOGIA = 'Operación exenta de IVA en virtud del artículo 20.Uno.3º de la Ley 37/1992';

/** The kinds of rectifying invoice, as AEAT's TipoFactura list names them. */
export const TIPOS_RECTIFICATIVA: Record<Extract<TipoFactura, `R${number}`>, string> = {
  R1: 'R1, error fundado en derecho y artículo 80 Uno, Dos y Seis de la Ley 37/1992',
  R2: 'R2, artículo 80.Tres de la Ley 37/1992 (concurso)',
  R3: 'R3, artículo 80.Cuatro de la Ley 37/1992 (créditos incobrables)',
  R4: 'R4, resto de causas',
  R5: 'R5, rectificativa de factura simplificada',
};

export const esRectificativa = (tipo: TipoFactura): tipo is keyof typeof TIPOS_RECTIFICATIVA => tipo.startsWith('R');

export function tituloFactura(tipo: TipoFactura): string {
  if (esRectificativa(tipo)) return 'FACTURA RECTIFICATIVA';
  return tipo === 'F2' ? 'FACTURA SIMPLIFICADA' : 'FACTURA';
}

function enteroConMiles(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** `123456` -> `"1.234,56 €"`, `-500` -> `"-5,00 €"`. */
export function euros(centimos: number): string {
  if (!Number.isSafeInteger(centimos)) throw new RangeError(`euros: ${centimos} is not a whole number of cents`);
  const abs = Math.abs(centimos);
  const sign = centimos < 0 ? '-' : '';
  return `${sign}${enteroConMiles(Math.trunc(abs / 100))},${String(abs % 100).padStart(2, '0')} €`;
}

/** `2100` -> `"21 %"`, `1050` -> `"10,5 %"`. */
export function porcentaje(centesimas: number): string {
  if (!Number.isSafeInteger(centesimas) || centesimas < 0) throw new RangeError(`porcentaje: ${centesimas} is not a rate in hundredths of a percent`);
  const decimales = String(centesimas % 100).padStart(2, '0').replace(/0+$/, '');
  return `${Math.trunc(centesimas / 100)}${decimales ? `,${decimales}` : ''} %`;
}

/** `2025-03-10` -> `"10/03/2025"`. */
export function fecha(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new RangeError(`fecha: ${iso} is not YYYY-MM-DD`);
  return `${m[3]}/${m[2]}/${m[1]}`;
}

export function mencionExencion(impuesto: ImpuestoExento): string {
  const mencion = impuesto.mencionLegal?.trim();
  if (mencion) return mencion;
  if (impuesto.causa === 'E1') return MENCION_EXENCION_PSICOLOGIA;
  throw new RangeError(`exemption ${impuesto.causa} needs its legal mention`);
}

// The PDF's standard fonts (Helvetica) write Windows-1252: Spanish and Western European text as it
// is. A letter outside it prints as its base letter (ễ -> e) rather than as garbage; any other
// character (Ł, 李) as '?'. Embedding a Unicode font would lift that limit.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

const imprimible = (c: string) => (c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) <= 0xff && !(c >= '\x7f' && c <= '\x9f')) || WIN_ANSI_EXTRA.has(c);

export function textoImprimible(texto: string): string {
  let out = '';
  for (const c of texto.normalize('NFC')) {
    if (imprimible(c)) out += c;
    else if (c === '\n' || c === '\t') out += ' ';
    else {
      const base = c.normalize('NFD').replace(/\p{M}/gu, '');
      out += [...base].every(imprimible) && base ? base : '?';
    }
  }
  return out;
}
