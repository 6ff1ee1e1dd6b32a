import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import {
  LOG_FILTER, StreamNames, compareKurrentPositions, parseKurrentPosition, positionToken, toEventData, toStored, toStreamState,
} from '../../src/eventstore/kurrentdb-codec.ts';
import { KurrentEventStore } from '../../src/eventstore/kurrentdb.ts';
import type { NewEvent, StoredEvent } from '../../src/eventstore/port.ts';
import { eventStoreContract } from './contract.ts';
import { FakeKurrentClient } from './kurrentdb-fake.ts';

// The KurrentDB adapter. Against a real server (KURRENTDB_URL, e.g. docker compose's) the shared
// contract runs unchanged; without one it is reported as skipped. The adapter's own logic (paging,
// filters, reservations, resubscription after a drop, the fallback for servers without multi-stream
// appends) also runs here against an in-memory client, so CI exercises it without a server.
const url = process.env.KURRENTDB_URL;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ev = (type: string, data: Record<string, unknown> = {}): NewEvent => ({
  type,
  data,
  metadata: { eventId: randomUUID(), actor: { idUsuario: 1, rol: 'ADMIN' }, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
});

describe('KurrentDB adapter: codec', function () {
  it('maps expected revisions to the client stream states (0-based revisions)', function () {
    expect(toStreamState('any')).to.equal('any');
    expect(toStreamState('noStream')).to.equal('no_stream');
    expect(toStreamState('streamExists')).to.equal('stream_exists');
    expect(toStreamState(0n)).to.equal(0n);
    expect(toStreamState(41n)).to.equal(41n);
    expect(() => toStreamState(-1n)).to.throw(/>= 0/);
  });

  it('keeps 64-bit positions exact as opaque "<commit>/<prepare>" tokens, ordered by commit then prepare', function () {
    const big = { commit: 18446744073709551614n, prepare: 18446744073709551613n };
    expect(positionToken(big)).to.equal('18446744073709551614/18446744073709551613');
    expect(parseKurrentPosition(positionToken(big))).to.deep.equal(big);
    const p = (c: bigint, q: bigint) => positionToken({ commit: c, prepare: q });
    const sorted = [p(2n ** 60n, 2n ** 60n + 7n), p(2n ** 60n, 2n ** 60n + 14n), p(2n ** 60n + 10n, 2n ** 60n + 3n)];
    expect([...sorted].reverse().sort(compareKurrentPositions)).to.deep.equal(sorted);
    expect(compareKurrentPositions(null, sorted[0])).to.be.lessThan(0);
    expect(compareKurrentPositions(sorted[0], sorted[0])).to.equal(0);
    for (const bad of ['x', '1/2/3', '-1/2', '1/']) expect(() => parseKurrentPosition(bad), bad).to.throw(/not a KurrentDB log position/);
  });

  it('writes metadata as one string-valued key, and reads it back with extra server keys or as a plain object', function () {
    const e = ev('PacienteRegistrado', { a: 1 });
    const written = toEventData(e);
    expect(written.id).to.equal(e.metadata.eventId);
    expect(Object.values(written.metadata as object).every((v) => typeof v === 'string')).to.equal(true);
    const base = { streamId: 's', id: e.metadata.eventId, type: e.type, revision: 0n, data: e.data, position: { commit: 5n, prepare: 5n } };
    expect(toStored({ ...base, metadata: { ...(written.metadata as object), '$schema.name': e.type } }).metadata).to.deep.equal(e.metadata);
    expect(toStored({ ...base, metadata: e.metadata }).metadata).to.deep.equal(e.metadata);
    expect(toStored({ ...base, metadata: Buffer.from(JSON.stringify(written.metadata)) }).metadata).to.deep.equal(e.metadata);
  });

  it('takes its own streamPrefix parameter off the connection string', function () {
    const cases: [string, string, string | null][] = [
      ['kurrentdb://h:2113?tls=false', 'kurrentdb://h:2113?tls=false', null],
      ['kurrentdb://h:2113?tls=false&streamPrefix=t_1', 'kurrentdb://h:2113?tls=false', 't_1'],
      ['kurrentdb://h:2113?streamPrefix=consulta-norte&tls=false', 'kurrentdb://h:2113?tls=false', 'consulta-norte'],
      ['kurrentdb://h:2113?streamPrefix=p', 'kurrentdb://h:2113', 'p'],
      ['kurrentdb://h?a=1&streamPrefix=p&b=2', 'kurrentdb://h?a=1&b=2', 'p'],
    ];
    for (const [url, connection, prefix] of cases) {
      const parsed = StreamNames.fromConnectionString(url);
      expect([parsed.connection, parsed.names.prefix], url).to.deep.equal([connection, prefix]);
    }
    expect(() => StreamNames.fromConnectionString('kurrentdb://h?streamPrefix=a/b')).to.throw(/streamPrefix/);
    const names = new StreamNames('p1');
    expect(names.out('usuario-1')).to.equal('p1/usuario-1');
    expect(names.in('p1/usuario-1')).to.equal('usuario-1');
    expect(names.in('p2/usuario-1')).to.equal(null);
    const re = new RegExp((names.filter as { regex: string }).regex);
    expect(names.filter.filterOn).to.equal('streamName');
    expect(['p1/usuario-1', 'p1/x'].map((n) => re.test(n))).to.deep.equal([true, true]);
    expect(['p1/reservation-usuario.email-k', 'p2/usuario-1', '$stats', 'usuario-1'].map((n) => re.test(n))).to.deep.equal([false, false, false, false]);
  });

  it('filters system and reservation events out of $all on the server', function () {
    const re = new RegExp((LOG_FILTER as { regex: string }).regex);
    expect(LOG_FILTER.filterOn).to.equal('eventType');
    for (const t of ['$metadata', '$>', 'ReservationClaimed', 'ReservationReleased']) expect(re.test(t), t).to.equal(false);
    for (const t of ['PacienteRegistrado', 'ReservationClaimedLater', 'CitaReservada']) expect(re.test(t), t).to.equal(true);
  });
});

eventStoreContract('KurrentDB adapter on an in-memory client', async () => {
  const store = new KurrentEventStore(new FakeKurrentClient().asClient());
  return { store, cleanup: () => store.close() };
});

eventStoreContract('KurrentDB adapter on an in-memory client, with a stream prefix shared with another store', async () => {
  const fake = new FakeKurrentClient();
  const neighbour = new KurrentEventStore(fake.asClient(), 'neighbour');
  // The neighbour's events, streams of the same names and the same reservations must never show.
  await neighbour.append([{ streamId: 'usuario-1', events: [ev('UsuarioRegistrado')], expected: 'noStream' }], [{ scope: 'usuario.email', key: 'k' }]);
  const store = new KurrentEventStore(fake.asClient(), 'practice_1');
  const noise = setInterval(() => void neighbour.append([{ streamId: 'ruido', events: [ev('Ruido')], expected: 'any' }]), 20);
  return { store, cleanup: async () => { clearInterval(noise); await store.close(); await neighbour.close(); } };
});

eventStoreContract('KurrentDB adapter on an in-memory client without multiStreamAppend (before 25.1)', async () => {
  const fake = new FakeKurrentClient();
  fake.multiStreamSupported = false;
  const store = new KurrentEventStore(fake.asClient());
  return { store, cleanup: () => store.close() };
});

describe('KurrentDB adapter specifics (in-memory client)', function () {
  let fake: FakeKurrentClient;
  let store: KurrentEventStore;

  beforeEach(function () {
    fake = new FakeKurrentClient();
    store = new KurrentEventStore(fake.asClient());
  });
  afterEach(async function () {
    await store.close();
  });

  it('resubscribes from the last handled position after the server drops the subscription', async function () {
    const seen: StoredEvent[] = [];
    const errors: unknown[] = [];
    await store.append([{ streamId: 'a', events: [ev('E', { i: 0 }), ev('E', { i: 1 }), ev('E', { i: 2 })], expected: 'noStream' }]);
    const sub = store.subscribe(null, async (b) => void seen.push(...b), { batchSize: 2, onError: (e) => errors.push(e) });
    try {
      while (seen.length < 3) await sleep(5);
      expect(fake.dropSubscriptions()).to.be.greaterThan(0);
      await store.append([{ streamId: 'a', events: [ev('E', { i: 3 })], expected: 2n }]);
      await store.append([{ streamId: 'b', events: [ev('E', { i: 4 })], expected: 'noStream' }]);
      const deadline = Date.now() + 3000;
      while (seen.length < 5 && Date.now() < deadline) await sleep(5);
      await sleep(100);
      expect(seen.map((e) => e.data.i)).to.deep.equal([0, 1, 2, 3, 4]);
      expect(errors.map((e) => (e as Error).message)).to.include('14 UNAVAILABLE: connection reset');
      for (let i = 1; i < seen.length; i++) expect(store.compare(seen[i - 1].position, seen[i].position)).to.be.lessThan(0);
    } finally {
      await sub.stop();
    }
  });

  it('uses one atomic multiStreamAppend for several streams or reservations, appendToStream for one stream', async function () {
    await store.append([{ streamId: 'u-1', events: [ev('A')], expected: 'noStream' }]);
    expect(fake.calls).to.deep.equal({ appendToStream: 1, multiStreamAppend: 0 });
    await store.append([{ streamId: 'u-2', events: [ev('A')], expected: 'noStream' }, { streamId: 'p-2', events: [ev('B')], expected: 'noStream' }]);
    await store.append([{ streamId: 'u-3', events: [ev('A')], expected: 'noStream' }], [{ scope: 'usuario.email', key: 'k3' }]);
    expect(fake.calls).to.deep.equal({ appendToStream: 1, multiStreamAppend: 2 });
    // The reservation stream is written with the events, expecting no stream.
    expect(fake.log.filter((e) => e.streamId === 'reservation-usuario.email-k3').map((e) => [e.type, e.revision])).to.deep.equal([['ReservationClaimed', 0n]]);
  });

  it('lists the reservations held, without released ones, and keeps them out of readAll', async function () {
    await store.append([{ streamId: 'u-1', events: [ev('A')], expected: 'noStream' }], [{ scope: 'usuario.email', key: 'k1' }]);
    await store.append([{ streamId: 'u-2', events: [ev('A')], expected: 'noStream' }], [{ scope: 'usuario.email', key: 'k2' }]);
    await store.append([{ streamId: 'u-2', events: [ev('B')], expected: 0n }], [{ scope: 'usuario.email', key: 'k2', release: true }]);
    const held = [];
    for await (const r of store.reservationsHeld()) held.push(r);
    expect(held).to.deep.equal([{ scope: 'usuario.email', key: 'k1', streamId: 'u-1' }]);
    expect((await store.readAll(null, 100)).events.map((e) => e.streamId)).to.deep.equal(['u-1', 'u-2', 'u-2']);
  });

  it('an append of an expectation without events checks it and writes nothing', async function () {
    await store.append([{ streamId: 'x', events: [ev('A')], expected: 'noStream' }]);
    const r = await store.append([{ streamId: 'x', events: [], expected: 0n }, { streamId: 'y', events: [ev('B')], expected: 'noStream' }]);
    expect(r.revisions).to.deep.equal({ x: 0n, y: 0n });
    let err: unknown = null;
    await store.append([{ streamId: 'x', events: [], expected: 'noStream' }]).catch((e) => (err = e));
    expect(String(err)).to.match(/expected noStream, actual 0/);
  });
});

if (url) {
  eventStoreContract('KurrentDB server', async () => {
    const store = new KurrentEventStore(url);
    return { store, cleanup: () => store.close() };
  });
} else {
  describe('event store contract: KurrentDB server', function () {
    before(function () {
      this.skip();
    });
    it('KurrentDB contract: skipped, KURRENTDB_URL not set', function () {});
  });
}
