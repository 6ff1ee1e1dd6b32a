import type { Schema } from './generator.ts';

const PREFIX = '#/components/schemas/';

/**
 * The document with every `#/components/schemas/...` reference replaced by the schema it names, so
 * the generator reads request bodies and parameters as plain schemas (the named ones do not nest
 * themselves, so this ends).
 */
export function inlineRefs(doc: Schema): Schema {
  const components: Record<string, Schema> = doc.components?.schemas ?? {};
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith(PREFIX)) {
      const { $ref: _, ...siblings } = node as Schema;
      return { ...(walk(components[ref.slice(PREFIX.length)]) as Schema), ...siblings };
    }
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
  };
  return walk(doc) as Schema;
}
