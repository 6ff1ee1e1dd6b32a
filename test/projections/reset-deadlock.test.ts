import { expect } from 'chai';
import pg from 'pg';
import { APPENDERS_LOCK } from '../../src/eventstore/postgres-sql.ts';
import { resetProjections } from '../../src/projections/reset.ts';
import type { Projection } from '../../src/projections/runner.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';

// projections:rebuild --in-place beside a transaction that read a read model and then appends: the
// append waits for the appenders' lock the reset holds, the reset's truncate waits for the read's
// lock, and PostgreSQL ends one of them (the reset, which waited first). The reset tries again.
describe('resetProjections beside a reader that then appends', function () {
  this.timeout(30_000);
  let db: TestDatabase;
  const probe: Projection = { name: 'reset_probe', tables: ['reset_probe'], readYourWrites: true, apply: async () => {} };

  before(async () => {
    db = await createTestDatabase();
    await db.knex.raw('create table reset_probe (n int)');
    await db.knex.raw('insert into reset_probe values (1)');
  });
  after(async () => db?.drop());

  it('goes through when PostgreSQL ends it for a deadlock, and empties the table', async () => {
    const reader = new pg.Client({ connectionString: db.url });
    await reader.connect();
    try {
      await reader.query('begin');
      await reader.query('select count(*) from reset_probe'); // holds its AccessShare lock to the end
      const reset = resetProjections(db.knex, [probe]);
      // The reset now holds the appenders' lock and waits to truncate; the reader then asks for the lock as an append does.
      for (let i = 0; i < 100; i++) {
        const { rows } = await db.knex.raw(`select count(*)::int as n from pg_locks where locktype = 'relation' and mode = 'AccessExclusiveLock' and not granted`);
        if (rows[0].n > 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      // PostgreSQL ends the one whose deadlock check runs first: the reset, which waited first (on a
      // slow machine it may be the reader; the reset must go through either way).
      const append = reader.query('select pg_advisory_xact_lock_shared($1)', [APPENDERS_LOCK]).then(
        () => reader.query('commit'),
        async (err: { code?: string }) => {
          if (err.code !== '40P01') throw err;
          await reader.query('rollback');
        },
      );
      await Promise.all([reset, append]);
      expect((await db.knex('reset_probe').count({ n: '*' }).first())!.n).to.equal('0');
    } finally {
      await reader.end();
    }
  });
});
