// Event store on KurrentDB: appends through our adapter ÷ the raw client, 1 event per append, 1 writer,
// the same event encoded the same way (toEventData), interleaved append by append, both over gRPC to the same server in the same run. The server is the stand-in (test/kurrentdb-wire/,
// in process, loopback) unless KURRENTDB_URL names a real one. Also the adapter's stream reads (the
// read path once stalled ~40 ms on a third of reads through the client's native bridge: Nagle).
import { randomUUID } from 'node:crypto';
import { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { toEventData } from '../src/eventstore/kurrentdb-codec.ts';
import { KurrentEventStore } from '../src/eventstore/kurrentdb.ts';
import type { NewEvent } from '../src/eventstore/port.ts';
import { startKurrentStandIn } from '../test/kurrentdb-wire/server.ts';
import type { SectionContext } from './lib/context.ts';
import { percentile, ratio, round, timedLoop } from './lib/stats.ts';

const SECTION = 'Event store';
const WARM_UP = 100;

function event(i: number): NewEvent {
  return {
    type: 'DiarioRegistrado',
    data: { idDiario: i, idPaciente: 1 + (i % 5000), fecha: '2030-01-07T10:00:00', emocion: 'Calma', intensidad: 1 + (i % 10), nota: 'Paseo por el parque con una amiga' },
    metadata: { eventId: randomUUID(), actor: { idUsuario: 1 + (i % 5000), rol: 'PACIENTE' }, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
  };
}

export async function kurrentAppendSection(ctx: SectionContext): Promise<void> {
  const real = process.env.KURRENTDB_URL;
  const standIn = real ? null : await startKurrentStandIn();
  const url = real ?? standIn!.url;
  const where = real ? 'a KurrentDB server' : 'the stand-in';
  const tag = `b${Date.now().toString(36)}`;
  const client = KurrentDBClient.connectionString(url.replace(/[?&]streamPrefix=[^&]*/, ''));
  const store = new KurrentEventStore(`${url}${url.includes('?') ? '&' : '?'}streamPrefix=${tag}`);
  const { appendSeconds, maxAppends } = ctx.sizes.eventstore;
  const loop = { writers: 1, count: maxAppends, ms: appendSeconds * 1000 };
  try {
    const rawAppend = (i: number) => client.appendToStream(`${tag}-raw-${i}`, toEventData(event(i)), { streamState: 'no_stream' });
    const ourAppend = (i: number) => store.append([{ streamId: `ours-${i}`, expected: 'noStream', events: [event(i)] }]);
    ctx.log(`eventstore: KurrentDB (${where}) warm-up`);
    for (let i = 0; i < WARM_UP; i++) { await rawAppend(-1 - i); await ourAppend(-1 - i); }
    // Interleaved append by append, the order swapped each time: a single writer is latency-bound,
    // and on a loaded machine separate loops (even raw, ours, ours, raw) differed by 2-3x between runs.
    let n = 0;
    const raw = { done: 0, seconds: 0, latencies: [] as number[] };
    const ours = { done: 0, seconds: 0, latencies: [] as number[] };
    const timed = async (f: (i: number) => Promise<unknown>, into: typeof raw) => {
      const t = performance.now();
      await f(n++);
      const ms = performance.now() - t;
      into.done++;
      into.seconds += ms / 1000;
      into.latencies.push(ms);
    };
    ctx.log('eventstore: KurrentDB raw client and adapter, 1 event, 1 writer (interleaved)');
    const t0 = performance.now();
    for (let k = 0; k < maxAppends && performance.now() - t0 < loop.ms; k++) {
      if (k % 2) { await timed(rawAppend, raw); await timed(ourAppend, ours); } else { await timed(ourAppend, ours); await timed(rawAppend, raw); }
    }
    const rawRate = raw.done / raw.seconds;
    const ourRate = ours.done / ours.seconds;
    ctx.add({ section: SECTION, name: `KurrentDB (${where}) append, 1 event, 1 writer: adapter`, value: round(ourRate, 0), unit: 'events/s', p50Ms: round(percentile(ours.latencies, 50)), p99Ms: round(percentile(ours.latencies, 99)), ratios: [{ to: 'raw client', value: ratio(ourRate, rawRate) }], note: `interleaved append by append with the raw client; events/s = 1 ÷ mean latency; ${ours.done} appends` });
    ctx.add({ section: SECTION, name: `KurrentDB (${where}) append, 1 event, 1 writer: raw client`, value: round(rawRate, 0), unit: 'events/s', p50Ms: round(percentile(raw.latencies, 50)), p99Ms: round(percentile(raw.latencies, 99)), ratios: [{ to: 'itself', value: 1 }] });
    const reads = await timedLoop(loop, async (_w, i) => void (await store.readStream(`ours-${-1 - (i % WARM_UP)}`)));
    ctx.add({ section: SECTION, name: `KurrentDB (${where}) stream read, 1 event, 1 reader: adapter`, value: round(reads.done / reads.seconds, 0), unit: 'reads/s', p50Ms: round(percentile(reads.latencies, 50)), p99Ms: round(percentile(reads.latencies, 99)), ratios: [], note: 'each stream holds one event (the warm-up appends)' });
  } finally {
    await store.close();
    await client.dispose();
    await standIn?.close();
  }
}
