// Reading AEAT's answers: a small XML reader for the few, plain elements of a SOAP answer (no
// DTDs, no mixed content). Elements are named by their local name: AEAT's answers have used more
// than one prefix for the same namespace, and no two elements read here share a local name.
// Hand-written rather than a new dependency; it refuses what it does not understand.

export interface Elemento {
  nombre: string;
  hijos: Elemento[];
  texto: string;
}

const ENTIDADES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function desescapar(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (entera, e: string) => {
    if (e.startsWith('#x')) return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(parseInt(e.slice(1), 10));
    const c = ENTIDADES[e];
    if (c === undefined) throw new SyntaxError(`unknown XML entity ${entera}`);
    return c;
  });
}

const local = (nombre: string) => nombre.slice(nombre.indexOf(':') + 1);

/** The document's root element; throws SyntaxError on anything malformed. */
export function leerXml(xml: string): Elemento {
  const raiz: Elemento = { nombre: '#documento', hijos: [], texto: '' };
  const pila: Elemento[] = [raiz];
  const marca = /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[([\s\S]*?)\]\]>|<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w.:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|<|([^<]+)/g;
  for (const m of xml.matchAll(marca)) {
    const [todo, cdata, cierre, nombre, , vacio, texto] = m;
    const actual = pila[pila.length - 1];
    if (texto !== undefined) actual.texto += desescapar(texto);
    else if (cdata !== undefined) actual.texto += cdata;
    else if (nombre !== undefined && cierre === '/') {
      if (actual.nombre !== local(nombre) || pila.length === 1) throw new SyntaxError(`unexpected </${nombre}>`);
      pila.pop();
    } else if (nombre !== undefined) {
      const el: Elemento = { nombre: local(nombre), hijos: [], texto: '' };
      actual.hijos.push(el);
      if (vacio !== '/') pila.push(el);
    } else if (todo === '<') throw new SyntaxError('malformed tag');
  }
  if (pila.length !== 1) throw new SyntaxError(`<${pila[pila.length - 1].nombre}> is not closed`);
  const raices = raiz.hijos;
  if (raices.length !== 1 || raiz.texto.trim() !== '') throw new SyntaxError('not one root element');
  return raices[0];
}

/** The first descendant (depth first) named `nombre`, or null. */
export function buscar(el: Elemento, nombre: string): Elemento | null {
  for (const h of el.hijos) {
    if (h.nombre === nombre) return h;
    const dentro = buscar(h, nombre);
    if (dentro) return dentro;
  }
  return null;
}

/** The direct children named `nombre`. */
export const hijos = (el: Elemento, nombre: string) => el.hijos.filter((h) => h.nombre === nombre);

/** The trimmed text of the direct child `nombre`, or null when absent. */
export function textoDe(el: Elemento, nombre: string): string | null {
  const h = el.hijos.find((x) => x.nombre === nombre);
  return h ? h.texto.trim() : null;
}
