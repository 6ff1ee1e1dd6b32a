import { expect } from 'chai';
import { createKnex } from '../../src/platform/database.ts';
import { CheckpointWatcher } from '../../src/projections/watcher.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';

// With N instances, every batch any of them commits is announced to all: read at every
// announcement, the checkpoints were read N × (everyone's commits) times, waited for or not.

const compare = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('checkpoint watcher: reads another process’s commits only for a waiter', function () {
  this.timeout(30_000);
  let db: TestDatabase;
  let other: ReturnType<typeof createKnex>;

  before(async () => {
    db = await createTestDatabase();
    other = createKnex(db.url, 2);
  });
  after(async () => {
    await other?.destroy();
    await db?.drop();
  });

  it('reads nothing while nobody waits, reads once when a wait begins, and the wait sees the commit', async () => {
    const here = new CheckpointWatcher(db.knex, 'projection_checkpoints', compare);
    const there = new CheckpointWatcher(other, 'projection_checkpoints', compare);
    let reads = 0;
    here.onRefresh.add(() => void (reads += 1));
    here.listen();
    try {
      await sleep(500); // the LISTEN connection is up (its first read counts as one)
      const before = reads;
      // Another process commits ten batches of `diario` and announces each.
      for (let i = 1; i <= 10; i++) {
        await other('projection_checkpoints').insert({ name: 'diario', position: `0/${i}` }).onConflict('name').merge();
        there.announce();
        await sleep(30);
      }
      await sleep(300);
      expect(reads - before, 'no read while nobody waits').to.equal(0);
      // A wait for the last commit reads the table once and is over at once.
      const t0 = Date.now();
      expect(await here.wait(['diario'], '0/10', 5_000, false, () => false)).to.equal(true);
      expect(Date.now() - t0).to.be.below(500);
      expect(reads - before).to.equal(1);
    } finally {
      here.close();
    }
  });

  it('ends a wait true when its consumer is adopted as inline meanwhile (its checkpoint row is gone), false when it is excused for failing', async () => {
    const watcher = new CheckpointWatcher(db.knex, 'projection_checkpoints', compare);
    await db.knex('projection_checkpoints').insert({ name: 'adoptado', position: '0/1' }).onConflict('name').merge();
    try {
      let adopted = false;
      const waiting = watcher.wait(['adoptado'], '0/5', 10_000, true, () => false, () => adopted);
      await sleep(100);
      // The adoption drops the checkpoint and writes the read model with each append from now on.
      await db.knex('projection_checkpoints').where({ name: 'adoptado' }).delete();
      await watcher.refresh();
      adopted = true;
      watcher.settle();
      const t0 = Date.now();
      expect(await waiting).to.equal(true);
      expect(Date.now() - t0, 'woken, not at the 10 s timeout').to.be.below(5_000);
      let failing = false;
      const excused = watcher.wait(['otro'], '0/5', 10_000, true, () => failing);
      await sleep(100);
      failing = true;
      watcher.settle();
      expect(await excused).to.equal(false);
    } finally {
      watcher.close();
    }
  });
});
