import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { BACKWARDS, END, KurrentDBClient, START, jsonEvent } from '@kurrent/kurrentdb-client';
import { KurrentEventStore } from '../../src/eventstore/kurrentdb.ts';
import type { NewEvent, StoredEvent } from '../../src/eventstore/port.ts';
import { startKurrentStandIn, type KurrentStandIn } from '../kurrentdb-wire/server.ts';
import { eventStoreContract } from './contract.ts';

// The KurrentDB adapter with the real client library, over gRPC, against the in-memory stand-in
// server (test/kurrentdb-wire/): every call the adapter makes is encoded and decoded by the client
// itself (its grpc-js half and its native read bridge), which the in-memory client object of
// kurrentdb.test.ts cannot show. A real server is still the judge: KURRENTDB_URL runs the same
// contract against it (kurrentdb.test.ts).

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ev = (type: string, data: Record<string, unknown> = {}): NewEvent => ({
  type,
  data,
  metadata: { eventId: randomUUID(), actor: { idUsuario: 1, rol: 'ADMIN' }, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
});

function onStandIn(options: Parameters<typeof startKurrentStandIn>[0], prefix: string | null = null) {
  return async () => {
    const server = await startKurrentStandIn(options);
    const store = new KurrentEventStore(prefix ? `${server.url}&streamPrefix=${prefix}` : server.url);
    return { store, cleanup: async () => { await store.close(); await server.close(); } };
  };
}

eventStoreContract('KurrentDB client over gRPC to the stand-in server (25.1: batch append, multi-stream append)', onStandIn({}));

eventStoreContract('KurrentDB client over gRPC to the stand-in server, with a stream prefix', onStandIn({}, 'practice_1'));

eventStoreContract(
  'KurrentDB client over gRPC to the stand-in server of an older version (Streams.Append, no multi-stream append, no CaughtUp)',
  onStandIn({ batchAppend: false, multiStreamAppend: false, caughtUp: false }),
);

describe('KurrentDB adapter over gRPC (stand-in server)', function () {
  let server: KurrentStandIn;
  let store: KurrentEventStore;

  beforeEach(async function () {
    server = await startKurrentStandIn();
    store = new KurrentEventStore(server.url);
  });
  afterEach(async function () {
    await store.close();
    await server.close();
  });

  it('sends what a real server serves: features, reads, batch and multi-stream appends; positions stay exact past 2^53', async function () {
    await store.append([{ streamId: 'a', events: [ev('A')], expected: 'noStream' }]);
    const r = await store.append([{ streamId: 'b', events: [ev('B')], expected: 'noStream' }], [{ scope: 'usuario.email', key: 'k' }]);
    expect([...server.calls.keys()].sort()).to.deep.equal([
      '/event_store.client.server_features.ServerFeatures/GetSupportedMethods',
      '/event_store.client.streams.Streams/BatchAppend',
      '/event_store.client.streams.Streams/Read',
      '/kurrentdb.protocol.v2.streams.StreamsService/AppendSession',
    ]);
    const last = server.log.all[server.log.all.length - 2]; // the last event of `b`; the claim follows it
    expect(last.stream).to.equal('b');
    expect(r.position).to.equal(`${last.position}/${last.position}`);
    expect(last.position > 2n ** 53n).to.equal(true);
    expect((await store.readAll(null, 10)).events.map((e) => e.position)).to.include(r.position);
  });

  it('a subscription dropped by the server (UNAVAILABLE) resumes after the last handled event, nothing lost or repeated', async function () {
    const seen: StoredEvent[] = [];
    const errors: unknown[] = [];
    for (let i = 0; i < 3; i++) await store.append([{ streamId: 'a', events: [ev('E', { i })], expected: i === 0 ? 'noStream' : BigInt(i - 1) }]);
    const sub = store.subscribe(null, async (batch) => { seen.push(...batch); }, { batchSize: 2, onError: (e) => errors.push(e) });
    try {
      while (seen.length < 3) await sleep(5);
      expect(server.dropSubscriptions()).to.be.greaterThan(0);
      await store.append([{ streamId: 'a', events: [ev('E', { i: 3 })], expected: 2n }]);
      await store.append([{ streamId: 'b', events: [ev('E', { i: 4 })], expected: 'noStream' }]);
      const deadline = Date.now() + 5000;
      while (seen.length < 5 && Date.now() < deadline) await sleep(10);
      await sleep(100);
      expect(seen.map((e) => e.data.i)).to.deep.equal([0, 1, 2, 3, 4]);
      expect(errors.map((e) => String(e))).to.satisfy((m: string[]) => m.some((x) => /unavailable|restarting/i.test(x)));
    } finally {
      await sub.stop();
    }
  });

  it('serves what the adapter does not use yet: stream subscriptions (catch-up, then live) and backward stream reads', async function () {
    const client = KurrentDBClient.connectionString(server.url);
    try {
      await client.appendToStream('s', [0, 1].map((i) => jsonEvent({ type: 'E', data: { i } })), { streamState: 'no_stream' });
      const got: unknown[] = [];
      const sub = client.subscribeToStream('s', { fromRevision: START });
      sub.on('data', (r) => got.push((r.event?.data as { i: number }).i));
      while (got.length < 2) await sleep(5);
      await client.appendToStream('s', jsonEvent({ type: 'E', data: { i: 2 } }), { streamState: 1n });
      while (got.length < 3) await sleep(5);
      await sub.unsubscribe();
      expect(got).to.deep.equal([0, 1, 2]);
      const back = [];
      for await (const r of client.readStream('s', { direction: BACKWARDS, fromRevision: END, maxCount: 2 })) back.push(r.event?.revision);
      expect(back).to.deep.equal([2n, 1n]);
    } finally {
      await client.dispose();
    }
  });
});
