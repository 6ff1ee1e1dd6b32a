import { expect } from 'chai';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

// Reading the charts back as a client would: the SVG as XML (its marks by the layer names of
// src/platform/charts/especificacion.ts), the PNG by its signature and IHDR chunk.

type Node = Record<string, unknown>;
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', isArray: () => true, preserveOrder: false });

function* elements(node: unknown): Generator<Node> {
  if (Array.isArray(node)) for (const n of node) yield* elements(n);
  else if (node && typeof node === 'object') {
    yield node as Node;
    for (const [k, v] of Object.entries(node)) if (!k.startsWith('@_')) yield* elements(v);
  }
}

/** The SVG, checked to be well-formed XML with an <svg> root. */
export function svgDoc(text: string): Node {
  expect(XMLValidator.validate(text), 'well-formed XML').to.equal(true);
  const doc = parser.parse(text) as Node;
  expect(doc).to.have.property('svg');
  return doc;
}

/** The root <svg>'s width and height attributes. */
export function svgSize(doc: Node): { ancho: number; alto: number } {
  const svg = (doc.svg as Node[])[0];
  return { ancho: Number(svg['@_width']), alto: Number(svg['@_height']) };
}

/** How many items the mark layer of that name drew (Vega draws each as one child element; a line per series in a group of its own). */
export function marks(doc: Node, layer: string): number {
  const groups = [...elements(doc)].filter((n) => String(n['@_class'] ?? '').split(' ').includes(`${layer}_marks`));
  const items = (g: Node) => Object.entries(g).filter(([k]) => !k.startsWith('@_') && k !== '#text').reduce((n, [, v]) => n + (v as unknown[]).length, 0);
  return groups.reduce((n, g) => n + items(g), 0);
}

/** Every text the SVG shows. */
export function texts(doc: Node): string[] {
  const out: string[] = [];
  for (const n of elements(doc)) {
    for (const t of (n.text as unknown[] | undefined) ?? []) out.push(typeof t === 'object' ? String((t as Node)['#text'] ?? '') : String(t));
  }
  return out;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The PNG's size from its IHDR chunk, after checking the signature. */
export function pngSize(png: Buffer): { ancho: number; alto: number } {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE), 'PNG signature').to.equal(true);
  expect(png.subarray(12, 16).toString('latin1')).to.equal('IHDR');
  return { ancho: png.readUInt32BE(16), alto: png.readUInt32BE(20) };
}
