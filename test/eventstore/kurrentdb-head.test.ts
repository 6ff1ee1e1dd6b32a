import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { KurrentDBClient, jsonEvent } from '@kurrent/kurrentdb-client';
import { KurrentEventStore } from '../../src/eventstore/kurrentdb.ts';
import type { NewEvent } from '../../src/eventstore/port.ts';
import { startKurrentStandIn, type KurrentStandIn } from '../kurrentdb-wire/server.ts';

// The log's head with a streamPrefix, in a cluster other practices share: it used to be found by a
// backward read of $all filtered by the prefix, which a server answers by searching every other
// practice's events back to our last one (the whole log for a new prefix, 1.26 s on a real shared
// server, on every call). Now each prefix keeps a marker (kurrentdb-head.ts): the whole log is
// searched once per prefix, then only what was written since. `log.searched` counts the records of
// $all the stand-in searched for reads, as a server would.

const ev = (type: string): NewEvent => ({
  type, data: {},
  metadata: { eventId: randomUUID(), actor: { idUsuario: 1, rol: 'ADMIN' }, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
});

describe('KurrentDB: the log head of a streamPrefix in a shared cluster (stand-in)', function () {
  this.timeout(60_000);
  let server: KurrentStandIn;
  let client: KurrentDBClient;
  const stores: KurrentEventStore[] = [];
  const open = (prefix: string) => {
    const s = new KurrentEventStore(`${server.url}&streamPrefix=${prefix}`);
    stores.push(s);
    return s;
  };
  /** `n` events of another practice, 100 per append. */
  const others = async (n: number) => {
    for (let i = 0; i < n; i += 100) {
      await client.appendToStream(`otra/s-${randomUUID()}`, Array.from({ length: 100 }, () => jsonEvent({ type: 'Ajeno', data: {} })));
    }
  };

  beforeEach(async () => {
    server = await startKurrentStandIn();
    client = KurrentDBClient.connectionString(server.url);
  });
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close();
    await client.dispose();
    await server.close();
  });

  it('a new prefix searches the shared log once; later calls, and other instances, only what came since', async () => {
    await others(5000);
    const a = open('nueva');
    expect(await a.head()).to.equal(null);
    await others(200);
    let before = server.log.searched;
    expect(await a.head()).to.equal(null);
    expect(server.log.searched - before, 'the same instance again').to.be.lessThan(300);
    // Another instance of the same practice (a restart): from the marker the first one left.
    before = server.log.searched;
    expect(await open('nueva').head()).to.equal(null);
    expect(server.log.searched - before, 'a second instance').to.be.lessThan(300);
  });

  it('is our last event, whoever wrote it and whatever other practices wrote after it', async () => {
    const a = open('p1');
    const b = open('p1');
    await others(300);
    expect(await a.head()).to.equal(null);
    const first = await a.append([{ streamId: 's', events: [ev('A')], expected: 'noStream' }]);
    await others(300);
    expect(await b.head()).to.equal(first.position);
    const second = await b.append([{ streamId: 's', events: [ev('B'), ev('C')], expected: 0n }]);
    await others(300);
    expect(await a.head()).to.equal(second.position);
    expect(await open('p1').head()).to.equal(second.position);
    expect(await open('p2').head()).to.equal(null);
    const all = await a.readAll(null, 10);
    expect(all.events.map((e) => e.type)).to.deep.equal(['A', 'B', 'C']);
  });
});
