import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { expect } from 'chai';
import { GENERATED } from '../../client/codegen/files.ts';
import { render, type GeneratedFiles } from '../../client/codegen/render.ts';
import { fetchServedDocument } from '../../client/codegen/served.ts';

/** Where two texts first part, to point at the change without printing thousands of lines. */
function firstDifference(committed: string, fresh: string): string {
  const a = committed.split('\n');
  const b = fresh.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) return `line ${i + 1}: committed ${JSON.stringify(a[i] ?? '<end>')}, served ${JSON.stringify(b[i] ?? '<end>')}`;
  }
  return 'identical';
}

describe('typed client: generated files match the served document', () => {
  let fresh: GeneratedFiles;

  before(async () => {
    fresh = await render(await fetchServedDocument());
  });

  for (const file of ['document', 'schema'] as const) {
    it(`client/${file === 'document' ? 'openapi.json' : 'src/schema.d.ts'} is up to date`, async () => {
      const committed = await readFile(GENERATED[file], 'utf8').catch(() => '');
      const same = committed === fresh[file];
      expect(same, `${relative(process.cwd(), GENERATED[file])} differs from what the server serves (${firstDifference(committed, fresh[file])}). `
        + 'Run `npm run client:generate` and commit the result.').to.equal(true);
    });
  }
});
