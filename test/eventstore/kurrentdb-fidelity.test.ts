import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import {
  AppendRecordSizeExceededError, KurrentDBClient, MaxAppendSizeExceededError, START, TransactionMaxSizeExceededError, UnknownError, WrongExpectedVersionError, eventTypeFilter, jsonEvent, type EventData,
} from '@kurrent/kurrentdb-client';
import { appendInParts } from '../../src/eventstore/append-parts.ts';
import { KurrentEventStore } from '../../src/eventstore/kurrentdb.ts';
import { AppendTooLargeError, type NewEvent, type StoredEvent } from '../../src/eventstore/port.ts';
import { startKurrentStandIn, type KurrentStandIn } from '../kurrentdb-wire/server.ts';

// Where the stand-in used to differ from a real KurrentDB (found by driving it with another client,
// Python's kurrentdbclient, whose own tests run against real servers): appends over MaxAppendSize are
// refused, a retried append is idempotent, $all starts with the server's own $-typed events, and
// filtered subscriptions hear checkpoints. Each is checked here with the client library itself, then
// through the adapter. KurrentDB 26.1 takes 256 MiB per append and 16 MiB per event by default; these
// tests configure smaller limits (1 MiB per append, 200 KiB per event) so that a refusal costs little.
const LIMITS = { maxAppendSize: 1024 * 1024, maxEventSize: 200 * 1024 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const KIB = 1024;
const blob = (kib: number) => 'x'.repeat(kib * KIB);
const ev = (type: string, data: Record<string, unknown> = {}): NewEvent => ({
  type, data,
  metadata: { eventId: randomUUID(), actor: { idUsuario: 1, rol: 'ADMIN' }, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
});
/** `n` events of about `kib` KiB each: 15 × 100 KiB is about 1.5 MiB, over the 1 MiB the tests set. */
const big = (n: number, kib = 100) => Array.from({ length: n }, (_, i) => ev('Grande', { i, relleno: blob(kib) }));
const raw = (n: number, kib = 100): EventData[] => Array.from({ length: n }, (_, i) => jsonEvent({ type: 'Grande', data: { i, relleno: blob(kib) } }));

for (const variant of [{ name: 'batch append', options: { ...LIMITS, batchAppend: true } }, { name: 'Streams.Append (older server)', options: { ...LIMITS, batchAppend: false, multiStreamAppend: false } }]) {
  describe(`stand-in fidelity over ${variant.name}`, function () {
    this.timeout(30_000);
    let server: KurrentStandIn;
    let client: KurrentDBClient;

    beforeEach(async () => {
      server = await startKurrentStandIn(variant.options);
      client = KurrentDBClient.connectionString(server.url);
    });
    afterEach(async () => {
      await client.dispose();
      await server.close();
    });

    it('refuses an append over 1 MiB with the maximum-append-size error, writing nothing; 0.9 MiB is taken', async () => {
      const before = server.log.all.length;
      const err = await client.appendToStream('s', raw(15), { streamState: 'no_stream' }).then(() => null, (e: unknown) => e);
      expect(err).to.be.instanceOf(MaxAppendSizeExceededError);
      expect((err as MaxAppendSizeExceededError).maxAppendSize).to.equal(1024 * 1024);
      expect(server.log.all.length).to.equal(before);
      await client.appendToStream('s', raw(9), { streamState: 'no_stream' });
      expect(server.log.current('s')).to.equal(8n);
    });

    it('refuses one event over MaxAppendEventSize as a 26.1 server does (an error the client does not recognise), writing nothing', async () => {
      const before = server.log.all.length;
      const err = await client.appendToStream('s', raw(1, 250), { streamState: 'no_stream' }).then(() => null, (e: unknown) => e);
      expect(err).to.be.instanceOf(UnknownError);
      expect((err as Error).message).to.match(variant.options.batchAppend === false ? /MaximumAppendEventSizeExceeded/ : /^Could not recognize MaximumAppendEventSizeExceeded$/);
      expect(server.log.all.length).to.equal(before);
    });

    it('answers a retried append (same ids, same expected revision) with the original result, writing nothing', async () => {
      await client.appendToStream('s', jsonEvent({ type: 'A', data: {} }), { streamState: 'no_stream' });
      const events = [jsonEvent({ type: 'B', data: { n: 1 } }), jsonEvent({ type: 'B', data: { n: 2 } })];
      const first = await client.appendToStream('s', events, { streamState: 0n });
      const count = server.log.all.length;
      const again = await client.appendToStream('s', events, { streamState: 0n });
      expect(server.log.all.length).to.equal(count);
      expect(again.nextExpectedRevision).to.equal(2n);
      expect(again.position).to.deep.equal(first.position);
      // Other ids at that revision are a conflict, as before.
      const other = await client.appendToStream('s', jsonEvent({ type: 'B', data: {} }), { streamState: 0n }).then(() => null, (e: unknown) => e);
      expect(other).to.be.instanceOf(WrongExpectedVersionError);
    });

    it('starts $all with the server\'s own $-typed events', async () => {
      const types: string[] = [];
      for await (const r of client.readAll({ fromPosition: START, maxCount: 10 })) if (r.event) types.push(r.event.type);
      expect(types.length).to.be.greaterThan(0);
      expect(types.every((t) => t.startsWith('$'))).to.equal(true);
    });
  });
}

describe('stand-in fidelity: multi-stream appends and filtered subscriptions', function () {
  this.timeout(30_000);
  let server: KurrentStandIn;
  let client: KurrentDBClient;

  beforeEach(async () => {
    server = await startKurrentStandIn(LIMITS);
    client = KurrentDBClient.connectionString(server.url);
  });
  afterEach(async () => {
    await client.dispose();
    await server.close();
  });

  it('refuses a multi-stream append over 1 MiB with the transaction-size error, writing nothing', async () => {
    const before = server.log.all.length;
    const err = await client.multiStreamAppend([
      { streamName: 'a', events: raw(8), expectedState: 'no_stream' },
      { streamName: 'b', events: raw(8), expectedState: 'no_stream' },
    ]).then(() => null, (e: unknown) => e);
    expect(err).to.be.instanceOf(TransactionMaxSizeExceededError);
    expect((err as TransactionMaxSizeExceededError).maxSize).to.equal(1024 * 1024);
    expect(server.log.all.length).to.equal(before);
  });

  it('sends checkpoints on a filtered subscription every 32 events searched, catching up and live', async () => {
    for (let i = 0; i < 40; i++) await client.appendToStream(`otro-${i}`, jsonEvent({ type: 'Ajeno', data: {} }));
    const checkpoints: bigint[] = [];
    const sub = client.subscribeToAll({
      fromPosition: START,
      filter: eventTypeFilter({ prefixes: ['Nuestro'], checkpointReached: (_s, p) => { checkpoints.push(p.commit); } }),
    });
    sub.on('data', () => {});
    try {
      for (let t = 0; checkpoints.length < 1 && t < 200; t++) await sleep(10);
      expect(checkpoints.length, 'caught up over 40+ events').to.equal(1);
      for (let i = 0; i < 40; i++) await client.appendToStream(`otro-b-${i}`, jsonEvent({ type: 'Ajeno', data: {} }));
      for (let t = 0; checkpoints.length < 2 && t < 200; t++) await sleep(10);
      expect(checkpoints.length, 'live').to.be.at.least(2);
      expect(checkpoints[1] > checkpoints[0]).to.equal(true);
    } finally {
      await sub.unsubscribe();
    }
  });
});

describe('stand-in fidelity: size limits', function () {
  it('defaults to KurrentDB 26.1\'s limits: 256 MiB per append, 16 MiB per event', async () => {
    const server = await startKurrentStandIn();
    try {
      expect([server.log.maxAppendSize, server.log.maxEventSize]).to.deep.equal([256 * 1024 * 1024, 16 * 1024 * 1024]);
    } finally {
      await server.close();
    }
  });

  it('refuses one record over MaxAppendEventSize in a multi-stream append with AppendRecordSizeExceededError', async () => {
    const server = await startKurrentStandIn(LIMITS);
    const client = KurrentDBClient.connectionString(server.url);
    try {
      const err = await client.multiStreamAppend([
        { streamName: 'a', events: raw(1, 10), expectedState: 'no_stream' },
        { streamName: 'b', events: raw(1, 250), expectedState: 'no_stream' },
      ]).then(() => null, (e: unknown) => e);
      expect(err).to.be.instanceOf(AppendRecordSizeExceededError);
      expect(err).to.include({ stream: 'b', maxSize: 200 * 1024 });
      expect(server.log.current('a')).to.equal(null);
    } finally {
      await client.dispose();
      await server.close();
    }
  });
});

describe('the KurrentDB adapter against what a real server does (stand-in)', function () {
  this.timeout(30_000);
  let server: KurrentStandIn;
  let store: KurrentEventStore;

  beforeEach(async () => {
    server = await startKurrentStandIn(LIMITS);
    store = new KurrentEventStore(server.url);
  });
  afterEach(async () => {
    await store.close();
    await server.close();
  });

  it('maps an append over the server\'s size to AppendTooLargeError (one stream and several), nothing written', async () => {
    const one = await store.append([{ streamId: 'a', events: big(15), expected: 'noStream' }]).then(() => null, (e: unknown) => e);
    expect(one).to.be.instanceOf(AppendTooLargeError);
    expect((one as AppendTooLargeError).maxBytes).to.equal(1024 * 1024);
    const many = await store.append([
      { streamId: 'a', events: big(8), expected: 'noStream' },
      { streamId: 'b', events: big(8), expected: 'noStream' },
    ]).then(() => null, (e: unknown) => e);
    expect(many).to.be.instanceOf(AppendTooLargeError);
    expect(await store.readStream('a')).to.deep.equal([]);
  });

  it('maps one event over the server\'s MaxAppendEventSize to AppendTooLargeError on every append path, nothing written', async () => {
    const paths = [
      { name: 'batch append', server },
      { name: 'Streams.Append', server: await startKurrentStandIn({ ...LIMITS, batchAppend: false, multiStreamAppend: false }) },
    ];
    for (const p of paths) {
      const s = p.server === server ? store : new KurrentEventStore(p.server.url);
      try {
        const err = await s.append([{ streamId: 'a', events: big(1, 250), expected: 'noStream' }]).then(() => null, (e: unknown) => e);
        expect(err, p.name).to.be.instanceOf(AppendTooLargeError);
        expect(await s.readStream('a'), p.name).to.deep.equal([]);
      } finally {
        if (s !== store) { await s.close(); await p.server.close(); }
      }
    }
    // Several streams (AppendSession): the record's own refusal, not the transaction's.
    const many = await store.append([
      { streamId: 'a', events: big(1, 10), expected: 'noStream' },
      { streamId: 'b', events: big(1, 250), expected: 'noStream' },
    ]).then(() => null, (e: unknown) => e);
    expect(many).to.be.instanceOf(AppendTooLargeError);
    expect((many as AppendTooLargeError).maxBytes).to.equal(200 * 1024);
    expect(await store.readStream('a')).to.deep.equal([]);
  });

  it('maps a request over the server\'s gRPC message limit (RESOURCE_EXHAUSTED) to AppendTooLargeError', async () => {
    const small = await startKurrentStandIn({ maxMessageSize: 64 * 1024 });
    const s = new KurrentEventStore(small.url);
    try {
      const err = await s.append([
        { streamId: 'a', events: big(1, 10), expected: 'noStream' },
        { streamId: 'b', events: big(1, 100), expected: 'noStream' },
      ]).then(() => null, (e: unknown) => e);
      expect(err).to.be.instanceOf(AppendTooLargeError);
      expect(small.log.all.filter((r) => r.stream === 'a')).to.deep.equal([]);
    } finally {
      await s.close();
      await small.close();
    }
  });

  it('appendInParts splits a 1.5 MiB append under the limit: every event once, in order, streams continuing', async () => {
    const writes = [
      { streamId: 'a', events: big(10), expected: 'noStream' as const },
      { streamId: 'b', events: big(6), expected: 'noStream' as const },
      { streamId: 'marca', events: [ev('Marca')], expected: 'noStream' as const },
    ];
    const r = await appendInParts(store, writes);
    expect(r.revisions).to.deep.equal({ a: 9n, b: 5n, marca: 0n });
    expect((await store.readStream('a')).map((e) => e.data.i)).to.deep.equal([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const all = (await store.readAll(null, 100)).events;
    expect(all.map((e) => e.streamId)).to.deep.equal([...Array(10).fill('a'), ...Array(6).fill('b'), 'marca']);
    expect(all[all.length - 1].position).to.equal(r.position);
  });

  it('a retried append with the same event ids is idempotent: the same revisions and position, nothing doubled', async () => {
    const events = [ev('A'), ev('B')];
    const first = await store.append([{ streamId: 's', events, expected: 'noStream' }]);
    const again = await store.append([{ streamId: 's', events, expected: 'noStream' }]);
    expect(again).to.deep.equal(first);
    expect((await store.readStream('s')).map((e) => e.type)).to.deep.equal(['A', 'B']);
  });

  it('shows none of the server\'s $ events: reads, head and subscriptions start at our first event', async () => {
    expect(await store.head()).to.equal(null);
    expect((await store.readAll(null, 10)).events).to.deep.equal([]);
    await store.append([{ streamId: 's', events: [ev('Nuestro')], expected: 'noStream' }]);
    server.log.system('$epochs', '$epoch-information'); // a new epoch after ours
    const seen: StoredEvent[] = [];
    const sub = store.subscribe(null, async (b) => { seen.push(...b); });
    try {
      for (let t = 0; seen.length < 1 && t < 200; t++) await sleep(10);
      await sleep(100);
      expect(seen.map((e) => e.type)).to.deep.equal(['Nuestro']);
      expect((await store.readAll(null, 10)).events.map((e) => e.type)).to.deep.equal(['Nuestro']);
      expect(await store.head()).to.equal(seen[0].position);
    } finally {
      await sub.stop();
    }
  });

  it('a subscription through checkpoints (most events filtered out) hands over every event of ours once', async () => {
    const client = KurrentDBClient.connectionString(server.url);
    try {
      for (let i = 0; i < 100; i++) {
        await client.appendToStream(`ajeno-${i}`, jsonEvent({ type: '$Ajeno', data: {} }));
        if (i % 10 === 0) await store.append([{ streamId: `s-${i}`, events: [ev('Nuestro', { i })], expected: 'noStream' }]);
      }
      const seen: StoredEvent[] = [];
      const sub = store.subscribe(null, async (b) => { seen.push(...b); }, { batchSize: 3 });
      try {
        for (let t = 0; seen.length < 10 && t < 300; t++) await sleep(10);
        await store.append([{ streamId: 's-live', events: [ev('Nuestro', { i: 100 })], expected: 'noStream' }]);
        for (let t = 0; seen.length < 11 && t < 300; t++) await sleep(10);
        await sleep(100);
        expect(seen.map((e) => e.data.i)).to.deep.equal([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
      } finally {
        await sub.stop();
      }
    } finally {
      await client.dispose();
    }
  });
});
