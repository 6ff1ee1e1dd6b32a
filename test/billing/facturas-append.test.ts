import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { PostgresEventStore } from '../../src/eventstore/postgres.ts';
import type { NewEvent, StoredEvent, StreamWrite } from '../../src/eventstore/port.ts';
import { numerarEnLote, type Puntas } from '../../src/commands/facturas-lote.ts';
import { numeracion } from '../../src/commands/facturas-append.ts';

// The lots of an issuer's numberings (src/commands/facturas-lote.ts) on a real store: the
// numberings waiting in one process go in one append, each numbered after the one before it; a
// refused one takes no number; one touching a stream another of the lot writes waits for the next
// lot; two processes racing renumber without gaps or repeats.
const ev = (type: string, data: Record<string, unknown>): NewEvent => ({
  type, data, metadata: { eventId: randomUUID(), actor: { idUsuario: null, rol: 'SYSTEM' }, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
});
const expectedOf = (e: StoredEvent | null) => (e ? e.revision : ('noStream' as const));

describe('numbering an issuer\'s invoices in lots', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;

  before(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.knex, db.url);
  });
  after(async () => {
    await db.drop();
  });

  /** A numbering like an invoice's: the next number of `serie`, and a private stream of its own. */
  const numerar = (serie: string, propio: string, fallar = false) => async (puntas: Puntas): Promise<StreamWrite[]> => {
    const [ultimo] = await puntas([serie]);
    if (fallar) throw new Error('409: refused');
    const numero = ((ultimo?.data.numero as number | undefined) ?? 0) + 1;
    return [
      { streamId: serie, expected: expectedOf(ultimo), events: [ev('NumeroAsignado', { numero, propio })] },
      { streamId: propio, expected: 'any', events: [ev('Numerada', { numero })] },
    ];
  };
  const numeros = async (serie: string) => (await store.readStream(serie)).map((e) => e.data.numero);

  it('appends the numberings waiting together, in order; a refused one takes no number and stops no other', async () => {
    const serie = `serie-${randomUUID()}`;
    const antes = numeracion.intentos;
    const pedidos = Array.from({ length: 12 }, (_, i) => numerarEnLote(store, 'NIF-A', numerar(serie, `propio-${randomUUID()}`, i === 5)));
    const r = await Promise.allSettled(pedidos);
    expect(r.filter((x) => x.status === 'rejected')).to.have.length(1);
    expect(await numeros(serie)).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    // The first went alone; the ten after it waited and went in one append.
    expect(numeracion.intentos - antes).to.equal(2);
  });

  it('leaves for the next lot a numbering that writes a stream another of the lot already writes', async () => {
    const serie = `serie-${randomUUID()}`;
    const comun = `cargo-${randomUUID()}`;
    await Promise.all([
      numerarEnLote(store, 'NIF-B', numerar(serie, `propio-${randomUUID()}`)),
      numerarEnLote(store, 'NIF-B', numerar(serie, comun)),
      numerarEnLote(store, 'NIF-B', numerar(serie, comun)),
    ]);
    expect(await numeros(serie)).to.deep.equal([1, 2, 3]);
    // The second and third each wrote it, one lot after the other.
    expect((await store.readStream(comun)).map((e) => e.data.numero)).to.deep.equal([2, 3]);
  });

  it('numbers without gaps or repeats when two stores (two instances) race for one series', async () => {
    const serie = `serie-${randomUUID()}`;
    const otro = new PostgresEventStore(db.knex, db.url);
    // Different keys stand for the two processes: each has its own lots, and they race in the store.
    const pedidos = Array.from({ length: 40 }, (_, i) => numerarEnLote(i % 2 ? otro : store, i % 2 ? 'NIF-C-2' : 'NIF-C-1', numerar(serie, `propio-${randomUUID()}`)));
    await Promise.all(pedidos);
    expect(await numeros(serie)).to.deep.equal(Array.from({ length: 40 }, (_, i) => i + 1));
  });
});
