import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Position, ReadAllResult, StoredEvent } from '../../src/eventstore/port.ts';
import { catchUpSubscription, type SubscriptionSource } from '../../src/eventstore/subscription.ts';

// The catch-up loop on its own, against an in-memory source whose timing the tests control.

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function stored(n: number): StoredEvent {
  return {
    type: 'E',
    data: { n },
    metadata: {
      eventId: randomUUID(),
      actor: { idUsuario: null, rol: null },
      correlationId: randomUUID(),
      causationId: null,
      occurredAt: new Date().toISOString(),
    },
    streamId: 's',
    revision: BigInt(n),
    position: String(n + 1),
  };
}

class FakeSource implements SubscriptionSource {
  log: StoredEvent[] = [];
  wakeCount = 0;
  waiters: (() => void)[] = [];
  onHeldBack: () => void = () => {};
  readDelay = 0;
  reads = 0;

  async readAll(from: Position | null, limit: number): Promise<ReadAllResult> {
    this.reads++;
    const after = from === null ? 0 : Number(from);
    const events = this.log.filter((e) => Number(e.position) > after).slice(0, limit);
    if (this.readDelay) await sleep(this.readDelay);
    return { events, last: events.length ? events[events.length - 1].position : from };
  }
  waitForEvents(ms: number): Promise<void> {
    return new Promise((r) => {
      const t = setTimeout(r, ms);
      this.waiters.push(() => {
        clearTimeout(t);
        r();
      });
    });
  }
  wakeups(): number {
    return this.wakeCount;
  }
  async heldBack(): Promise<boolean> {
    this.onHeldBack();
    return false;
  }
  /** A new event and its notification. */
  publish(): void {
    this.log.push(stored(this.log.length));
    this.wakeCount++;
    for (const w of this.waiters.splice(0)) w();
  }
}

describe('catch-up subscription loop', function () {
  it('does not lose a wake-up that arrives while it checks for held-back events', async function () {
    const source = new FakeSource();
    let once = true;
    source.onHeldBack = () => {
      if (once) {
        once = false;
        source.publish(); // the notification lands between the empty read and the wait
      }
    };
    const seen: StoredEvent[] = [];
    const sub = catchUpSubscription(source, null, async (b) => void seen.push(...b), { pollMs: 5000 });
    try {
      const t0 = Date.now();
      while (seen.length === 0 && Date.now() - t0 < 2000) await sleep(5);
      expect(seen, 'delivered without waiting for the 5 s poll').to.have.length(1);
    } finally {
      await sub.stop();
    }
  });

  it('reads the log once per announced event, not again to find it empty (a round trip per subscriber and write)', async function () {
    const source = new FakeSource();
    const seen: StoredEvent[] = [];
    const sub = catchUpSubscription(source, null, async (b) => void seen.push(...b), { pollMs: 5000 });
    try {
      while (source.reads === 0) await sleep(1);
      for (let i = 1; i <= 5; i++) {
        source.publish();
        const t0 = Date.now();
        while (seen.length < i && Date.now() - t0 < 2000) await sleep(2);
        await sleep(20);
      }
      expect(seen.map((e) => e.data)).to.deep.equal([0, 1, 2, 3, 4].map((n) => ({ n })));
      expect(source.reads, 'the start, then one read per event').to.equal(6);
    } finally {
      await sub.stop();
    }
  });

  it('reads again at once after a full batch, and delivers everything in order', async function () {
    const source = new FakeSource();
    for (let i = 0; i < 7; i++) source.publish();
    const seen: StoredEvent[] = [];
    const sub = catchUpSubscription(source, null, async (b) => void seen.push(...b), { pollMs: 5000, batchSize: 3 });
    try {
      const t0 = Date.now();
      while (seen.length < 7 && Date.now() - t0 < 2000) await sleep(2);
      expect(seen.map((e) => (e.data as { n: number }).n)).to.deep.equal([0, 1, 2, 3, 4, 5, 6]);
      expect(source.reads, 'two full batches and a short one').to.equal(3);
    } finally {
      await sub.stop();
    }
  });

  it('keeps going when the onError callback itself throws', async function () {
    const source = new FakeSource();
    source.publish();
    let calls = 0;
    const sub = catchUpSubscription(
      source,
      null,
      async () => {
        if (++calls === 1) throw new Error('handler failed');
      },
      {
        pollMs: 50,
        onError: () => {
          throw new Error('logger failed');
        },
      },
    );
    try {
      const t0 = Date.now();
      while (calls < 2 && Date.now() - t0 < 2000) await sleep(5);
      expect(calls, 'the batch was retried').to.equal(2);
    } finally {
      await sub.stop();
    }
  });

  it('does not hand a batch read during stop() to the handler', async function () {
    const source = new FakeSource();
    source.readDelay = 100;
    source.publish();
    let calls = 0;
    const sub = catchUpSubscription(source, null, async () => void calls++, { pollMs: 50 });
    await sleep(20); // the first read is in flight
    await sub.stop();
    expect(calls).to.equal(0);
  });

  it('stop() returns promptly while idle', async function () {
    const source = new FakeSource();
    const sub = catchUpSubscription(source, null, async () => {}, { pollMs: 10000 });
    await sleep(50);
    const t0 = Date.now();
    await sub.stop();
    expect(Date.now() - t0).to.be.lessThan(100);
  });
});
