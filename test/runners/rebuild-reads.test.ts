import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { openEventStore } from '../../src/eventstore/open.ts';
import type { EventStore, ReadAllResult } from '../../src/eventstore/port.ts';
import type { KeyRing } from '../../src/platform/crypto/keyring.ts';
import { OffThreadReads } from '../../src/projections/rebuild-reads.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { testConfig } from './support.ts';

// A rebuild reads and opens the log on a worker thread (src/projections/rebuild-reads.ts): the read
// models must get exactly the events the sealing store gives on the main thread, in log order,
// erased fields included, and keep getting them when the worker is gone.

const meta = () => ({ eventId: randomUUID(), actor: { idUsuario: 1, rol: 'ADMIN' }, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() });

/** Every page of the whole log, `size` events at a time. */
async function pages(store: EventStore, size: number, after: string | null = null): Promise<ReadAllResult[]> {
  const out: ReadAllResult[] = [];
  let from = after;
  for (;;) {
    const page = await store.readAll(from, size);
    if (page.events.length === 0) return out;
    out.push(page);
    from = page.last;
  }
}

describe('rebuild reads on a worker thread', function () {
  this.timeout(60_000);
  let db: TestDatabase;
  let store: EventStore;
  let keys: KeyRing;
  let reads: OffThreadReads | null = null;

  beforeEach(async () => {
    db = await createTestDatabase();
    ({ store, keys } = await openEventStore(testConfig(db.url), db.knex, db.url));
    // Sealed personal fields of several people, one of them erased afterwards (its key destroyed).
    for (let i = 1; i <= 12; i++) {
      await store.append([{ streamId: `usuario-${i}`, expected: 'noStream', events: [{
        type: 'UsuarioRegistrado',
        data: { idUsuario: i, nombre: `Nombre ${i}`, apellido: `Ápellido ${i}`, email: `u${i}@example.com`, rol: 'PACIENTE', dni: null, passwordHash: 'x' },
        metadata: meta(),
      }] }]);
    }
    await keys.destroy('usuario-5', 'identity');
  });
  afterEach(async () => {
    await reads?.stopWorker();
    reads = null;
    await store.close();
    await db.drop();
  });

  const start = () => OffThreadReads.start(store, { ...testConfig(db.url), url: db.url }, undefined, true);

  it('gives every page exactly as the sealing store does, opened, in log order, erased fields included', async () => {
    reads = await start();
    expect(reads.offThread).to.equal(true);
    const here = await pages(store, 5);
    expect(await pages(reads, 5)).to.deep.equal(here);
    const all = here.flatMap((p) => p.events);
    expect(all.map((e) => (e.data as { idUsuario: number }).idUsuario)).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(all[0].data).to.include({ nombre: 'Nombre 1', email: 'u1@example.com' });
    expect(all[4].erased).to.include('nombre');
    expect(all[4].data).to.include({ nombre: null });
  });

  it('reads on the main thread when the worker is gone, with the same events', async () => {
    reads = await start();
    const first = await reads.readAll(null, 4);
    // A crashed worker: its exit is seen and the reads go on here.
    await (reads as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    const rest = await pages(reads, 4, first.last);
    expect(reads.offThread).to.equal(false);
    expect([first, ...rest]).to.deep.equal(await pages(store, 4));
  });
});
