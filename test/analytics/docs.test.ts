import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';

// docs/read-models.md documents every table, view and column of the analysts' schema: checked
// against the catalog of a migrated database, so a new column without a line fails here.
describe('docs/read-models.md and the analitica schema', () => {
  let db: TestDatabase;
  before(async () => { db = await createTestDatabase(); });
  after(async () => db?.drop());

  /** Column names of the markdown tables under the heading that names `relation`. */
  function documented(doc: string, relation: string): Set<string> {
    const headings = [...doc.matchAll(/^#### (.*)$/gm)].filter((m) => m[1].includes(`\`${relation}\``));
    expect(headings, `a heading for ${relation}`).to.have.length.greaterThan(0);
    const names = new Set<string>();
    for (const h of headings) {
      const rest = doc.slice(h.index! + h[0].length);
      const section = rest.slice(0, rest.search(/^#{2,4} /m) >= 0 ? rest.search(/^#{2,4} /m) : undefined);
      for (const line of section.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Column'))) {
        for (const name of line.split('|')[1].split(',')) names.add(name.trim());
      }
    }
    return names;
  }

  it('has a section for every table and view, listing every column', async () => {
    const doc = readFileSync('docs/read-models.md', 'utf8');
    const { rows } = await db.knex.raw(
      `select c.relname as rel, array_agg(a.attname::text order by a.attnum) as cols
         from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where c.relnamespace = 'analitica'::regnamespace and c.relkind in ('r', 'v') group by c.relname order by 1`,
    );
    expect(rows.length).to.be.greaterThan(5);
    for (const { rel, cols } of rows as { rel: string; cols: string[] }[]) {
      const names = documented(doc, `analitica.${rel}`);
      // The view `citas` documents only what it adds to hechos_citas.
      const expected = rel === 'citas' ? ['no_asistio'] : cols;
      expect(expected.filter((c) => !names.has(c)), `undocumented columns of analitica.${rel}`).to.deep.equal([]);
    }
  });
});
