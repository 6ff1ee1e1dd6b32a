// The little XML writing the records need: escaped text, and elements with a namespace prefix.
// Hand-written rather than a builder so the output is exactly what AEAT's schema wants, in order.

// XML 1.0 allows tab, newline, carriage return and everything from U+0020 but U+FFFE/U+FFFF and
// unpaired surrogates. A string with anything else cannot be sent at all.
const NO_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

const ENTIDADES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text as XML character data; throws on characters XML 1.0 cannot carry. */
export function escapar(texto: string): string {
  if (NO_XML.test(texto) || !texto.isWellFormed()) throw new RangeError('text contains a character XML 1.0 does not allow');
  return texto.replace(/[&<>"']/g, (c) => ENTIDADES[c]);
}

/** `<name>escaped text</name>`. */
export const texto = (nombre: string, valor: string) => `<${nombre}>${escapar(valor)}</${nombre}>`;

/** `<name>children</name>`; the children are already XML. */
export const nodo = (nombre: string, hijos: ReadonlyArray<string | false | undefined>) =>
  `<${nombre}>${hijos.filter((h): h is string => typeof h === 'string').join('')}</${nombre}>`;
