import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { KurrentEventStore } from '../../src/eventstore/kurrentdb.ts';
import type { NewEvent, Position, StoredEvent } from '../../src/eventstore/port.ts';
import { startKurrentCluster, type KurrentCluster } from '../kurrentdb-wire/cluster.ts';
import { eventStoreContract } from './contract.ts';

// The adapter on a three-node cluster (test/kurrentdb-wire/cluster.ts): discovered through gossip seeds
// (kurrentdb+discover://), writes at the leader, and leaders stepping down mid-run. No acknowledged
// event may be lost or doubled, and subscriptions resume from their checkpoint.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ev = (type: string, data: Record<string, unknown> = {}): NewEvent => ({
  type, data,
  metadata: { eventId: randomUUID(), actor: { idUsuario: 1, rol: 'ADMIN' }, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
});

// The whole contract while the leader steps down every 150 ms (an election of up to 40 ms each time).
eventStoreContract('KurrentDB three-node cluster (stand-in), the leader stepping down every 150 ms', async () => {
  const cluster = await startKurrentCluster();
  const store = new KurrentEventStore(cluster.url);
  let stopping = false;
  const changes = (async () => {
    for (let i = 0; !stopping; i++) {
      await sleep(150);
      if (!stopping) await cluster.stepDown(i % 2 ? 40 : 0);
    }
  })();
  return {
    store,
    cleanup: async () => {
      stopping = true;
      await changes;
      await store.close();
      await cluster.close();
    },
  };
});

describe('KurrentDB adapter on a three-node cluster (stand-in)', function () {
  this.timeout(60_000);
  let cluster: KurrentCluster;
  const stores: KurrentEventStore[] = [];
  const open = (url: string) => { const s = new KurrentEventStore(url); stores.push(s); return s; };

  beforeEach(async () => { cluster = await startKurrentCluster(); });
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close();
    await cluster.close();
  });

  it('finds the leader through the gossip seeds; started at a follower, its writes get NotLeader and go to the leader', async () => {
    const store = open(cluster.urlWith('follower'));
    const r = await store.append([{ streamId: 'a', events: [ev('A')], expected: 'noStream' }], [{ scope: 'usuario.email', key: 'x@y' }]);
    expect(r.revisions.a).to.equal(0n);
    const leader = cluster.nodes[cluster.leader()!];
    expect(leader.calls.get('/event_store.client.gossip.Gossip/Read') ?? 0, 'gossip asked').to.be.at.least(0);
    expect(cluster.calls().get('/event_store.client.gossip.Gossip/Read')).to.be.greaterThan(0);
    expect((await store.readStream('a')).map((e) => e.type)).to.deep.equal(['A']);
    expect(await open(cluster.url).readStream('a')).to.have.length(1);
  });

  it('writes and a subscription through three leader changes: every acknowledged event once, in order; the subscription resumes from its checkpoint', async () => {
    const store = open(cluster.url);
    const seen: StoredEvent[] = [];
    const errors: unknown[] = [];
    let checkpoint: Position | null = null;
    const sub = store.subscribe(null, async (b) => { seen.push(...b); checkpoint = b[b.length - 1].position; }, { batchSize: 7, onError: (e) => errors.push(e) });
    const acknowledged: string[] = [];
    const changes: Promise<number>[] = [];
    for (let i = 0; i < 120; i++) {
      if (i === 30 || i === 60 || i === 90) changes.push(cluster.stepDown(i === 60 ? 100 : 0)); // mid-run, not awaited
      const e = ev('Movimiento', { i });
      // Two streams in one append every tenth time (the multi-stream path), else one.
      const writes = i % 10 === 5
        ? [{ streamId: 'cuenta', events: [e], expected: BigInt(i - 1) }, { streamId: `extra-${i}`, events: [ev('Extra', { i })], expected: 'noStream' as const }]
        : [{ streamId: 'cuenta', events: [e], expected: i === 0 ? ('noStream' as const) : BigInt(i - 1) }];
      await store.append(writes, i % 10 === 5 ? [{ scope: 'nombre', key: `n${i}` }] : []);
      acknowledged.push(e.metadata.eventId);
    }
    await Promise.all(changes);
    expect(cluster.leader()).to.equal(0); // three changes: 0 → 1 → 2 → 0
    const stored = await store.readStream('cuenta');
    expect(stored.map((e) => e.metadata.eventId)).to.deep.equal(acknowledged);
    for (let t = 0; seen.filter((e) => e.streamId === 'cuenta').length < 120 && t < 500; t++) await sleep(10);
    await sleep(200);
    await sub.stop();
    const mine = seen.filter((e) => e.streamId === 'cuenta').map((e) => e.metadata.eventId);
    expect(mine, 'the subscription: each once, in order').to.deep.equal(acknowledged);
    expect(new Set(seen.map((e) => e.metadata.eventId)).size).to.equal(seen.length);
    expect(errors.map(String).some((m) => /unavailable|not ready|restarting/i.test(m)), 'it was dropped').to.equal(true);

    // A new subscription from the checkpoint, after another change: only what came after it.
    await cluster.stepDown();
    await store.append([{ streamId: 'cuenta', events: [ev('Movimiento', { i: 120 })], expected: 119n }]);
    const later: StoredEvent[] = [];
    const again = store.subscribe(checkpoint, async (b) => { later.push(...b); });
    for (let t = 0; later.length < 1 && t < 300; t++) await sleep(10);
    await sleep(150);
    await again.stop();
    expect(later.map((e) => e.data.i)).to.deep.equal([120]);
  });

  it('an append whose answer was lost in the change is sent again and not doubled (the server answers the original)', async () => {
    const store = open(cluster.url);
    await store.append([{ streamId: 's', events: [ev('A')], expected: 'noStream' }]);
    // The leader writes the next append, then steps down before answering: the client sees the call fail.
    const leader = cluster.nodes[cluster.leader()!];
    const stop = cluster.log.listen(() => { stop(); void cluster.stepDown(); leader.dropAppends(); });
    const e = ev('B');
    const r = await store.append([{ streamId: 's', events: [e], expected: 0n }, { streamId: 't', events: [ev('C')], expected: 'noStream' }], [{ scope: 'usuario.email', key: 'b@c' }]);
    expect(r.revisions).to.include({ s: 1n, t: 0n });
    expect((await store.readStream('s')).map((x) => x.type)).to.deep.equal(['A', 'B']);
    expect(cluster.log.all.filter((x) => x.id === e.metadata.eventId)).to.have.length(1);
  });
});
