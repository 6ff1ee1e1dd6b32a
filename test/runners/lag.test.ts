import { expect } from 'chai';
import type { StoredEvent } from '../../src/eventstore/port.ts';
import { LagTracker } from '../../src/projections/lag.ts';

// Positions as decimal strings, compared as numbers (null before all).
const compare = (a: string | null, b: string | null) => (a === null ? -1 : Number(a)) - (b === null ? -1 : Number(b));
const T0 = Date.parse('2025-01-01T00:00:00Z');

/** Events at positions from+1..to, the one at position p having occurred at T0 + p seconds. */
function events(from: number, to: number): StoredEvent[] {
  return Array.from({ length: to - from }, (_, i) => {
    const p = from + i + 1;
    return { position: String(p), metadata: { occurredAt: new Date(T0 + p * 1000).toISOString() } } as StoredEvent;
  });
}

describe('LagTracker', () => {
  it('counts the events read after a position and the age of the oldest', () => {
    const lag = new LagTracker(compare);
    expect(lag.behind(null)).to.deep.equal({ events: 0, seconds: 0 });
    lag.read(null, events(0, 10));
    lag.read('10', events(10, 12)); // the next batch
    expect(lag.behind(null, T0 + 21_000)).to.deep.equal({ events: 12, seconds: 20 });
    expect(lag.behind('5', T0 + 21_000)).to.deep.equal({ events: 7, seconds: 15 });
    expect(lag.behind('12')).to.deep.equal({ events: 0, seconds: 0 });
    lag.read('12', []);
    expect(lag.behind('12')).to.deep.equal({ events: 0, seconds: 0 });
  });

  it('forgets what every consumer passed, and a read further back that touches the tail extends it', () => {
    const lag = new LagTracker(compare);
    lag.read('100', events(100, 110));
    lag.forget('105');
    expect(lag.behind('105', T0 + 110_000).events).to.equal(5);
    // A consumer reset to 95 reads 96..108: the tail now starts after 95.
    lag.read('95', events(95, 108));
    expect(lag.behind('95', T0 + 110_000)).to.deep.equal({ events: 15, seconds: 14 });
    // A read far behind that does not reach the tail is left out: what is kept stays contiguous.
    lag.read('0', events(0, 10));
    expect(lag.behind('95').events).to.equal(15);
    // A read past everything known replaces it.
    lag.read('200', events(200, 203));
    expect(lag.behind('100').events).to.equal(3);
  });

  it('keeps at most its maximum, the newest', () => {
    const lag = new LagTracker(compare, 5);
    lag.read(null, events(0, 8));
    expect(lag.behind(null).events).to.equal(5);
    expect(lag.behind('6').events).to.equal(2);
  });
});
