import { readdirSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { expect } from 'chai';

// The command side decides from the event streams (and the reservations) only: nothing under
// src/commands imports the read side (src/queries, src/projections), the side effects that react
// to events (src/reactors) or a transport (src/http, src/realtime). What a command needs from the read side it declares as a port of its own
// (src/commands/lookups.ts) that the composition root fills in (docs/architecture.md "Layering").

const ROOT = resolve(import.meta.dirname, '../..');
const FORBIDDEN = ['src/queries', 'src/projections', 'src/reactors', 'src/http', 'src/realtime'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|mts|js|mjs)$/.test(e.name))
    .map((e) => resolve(e.parentPath, e.name));
}

/** Every module specifier: static imports and re-exports (type-only too, over several lines) and dynamic imports. */
export function specifiers(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const fromClauses = [...code.matchAll(/\b(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);
  const bare = [...code.matchAll(/\bimport\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);
  const dynamic = [...code.matchAll(/\bimport\s*\(\s*['"`]([^'"`]+)['"`]/g)].map((m) => m[1]);
  return [...fromClauses, ...bare, ...dynamic];
}

/** The forbidden layer a relative specifier of `file` lands in, if any. */
function forbiddenLayer(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = relative(ROOT, resolve(dirname(file), specifier)).split('\\').join('/');
  return FORBIDDEN.find((layer) => target === layer || target.startsWith(`${layer}/`));
}

describe('layering: src/commands imports no read model and no transport', () => {
  it('finds the import forms a violation could take', () => {
    const file = resolve(ROOT, 'src/commands/x.ts');
    const source = [
      "import { a } from '../queries/a.ts';",
      "import type {\n  B,\n} from '../projections/runner.ts';",
      "export { c } from '../http/c.ts';",
      "const d = await import('../realtime/d.ts');",
      "import '../queries/side-effect.ts';",
      "// import { e } from '../queries/commented.ts';",
      "import { ok } from './deps.ts';",
    ].join('\n');
    const hits = specifiers(source).filter((s) => forbiddenLayer(file, s));
    expect(hits).to.deep.equal(['../queries/a.ts', '../projections/runner.ts', '../http/c.ts', '../queries/side-effect.ts', '../realtime/d.ts']);
  });

  it('no file under src/commands imports src/queries, src/projections, src/reactors, src/http or src/realtime', () => {
    const files = sources(resolve(ROOT, 'src/commands'));
    expect(files.length).to.be.greaterThan(20);
    const violations = files.flatMap((file) => specifiers(readFileSync(file, 'utf8'))
      .filter((s) => forbiddenLayer(file, s))
      .map((s) => `${relative(ROOT, file)} imports ${s}`));
    expect(violations).to.deep.equal([]);
  });
});
