import { PostgresEventStore } from '../../src/eventstore/postgres.ts';
import { CheckpointRunner, projectionHandlers, type Projection } from '../../src/projections/runner.ts';
import { createTestDatabase } from '../support/db.ts';
import { newEvent, sleep } from './support.ts';

it('latency', async function () {
  this.timeout(60000);
  const db = await createTestDatabase();
  const store = new PostgresEventStore(db.knex, db.url);
  for (const t of ['a', 'b', 'c', 'd']) await db.knex.raw(`create table l_${t} (id uuid)`);
  const proj = (t: string): Projection => ({ name: t, tables: [`l_${t}`], apply: async (trx, e) => { await trx(`l_${t}`).insert({ id: e.metadata.eventId }); } });
  const p = new CheckpointRunner(db.knex, store, projectionHandlers(['a', 'b', 'c'].map(proj)), { table: 'projection_checkpoints' });
  const r = new CheckpointRunner(db.knex, store, projectionHandlers([proj('d')]), { table: 'reactor_checkpoints' });
  p.start(); r.start();
  const lat: number[] = [];
  let k = 0;
  await Promise.all(Array.from({ length: Number(process.env.LANES ?? 6) }, async () => {
    while (k < Number(process.env.N ?? 150)) {
      k++;
      const res = await store.append([{ streamId: `s-${k}-${Math.random()}`, expected: 'noStream', events: [newEvent('T', {})] }]);
      const t0 = Date.now();
      await p.waitFor(res.position, 5000);
      lat.push(Date.now() - t0);
      await sleep(Math.random() * Number(process.env.GAP ?? 10));
    }
  }));
  lat.sort((a, b) => a - b);
  console.log('p50', lat[lat.length >> 1], 'p95', lat[Math.floor(lat.length * 0.95)], 'max', lat[lat.length - 1], 'n>=400', lat.filter((x) => x >= 400).length);
  await p.stop(); await r.stop(); await store.close(); await db.drop();
});
