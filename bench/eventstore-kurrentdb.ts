// Event store on KurrentDB: appends through our adapter ÷ the raw client, 1 event per append, 1 writer,
// the same event encoded the same way (toEventData), both over gRPC to the same server in the same run. The server is the stand-in (test/kurrentdb-wire/,
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
    // Raw, ours, ours, raw: neither always runs first (the first loop after a warm-up ran faster).
    let n = 0;
    const half = { ...loop, count: Math.ceil(loop.count / 2), ms: loop.ms / 2 };
    const run = (f: (i: number) => Promise<unknown>) => timedLoop(half, async () => void (await f(n++)));
    ctx.log('eventstore: KurrentDB raw client and adapter, 1 event, 1 writer (ABBA)');
    const [r1, o1, o2, r2] = [await run(rawAppend), await run(ourAppend), await run(ourAppend), await run(rawAppend)];
    const both = (a: typeof r1, b: typeof r1) => ({ done: a.done + b.done, seconds: a.seconds + b.seconds, latencies: [...a.latencies, ...b.latencies] });
    const raw = both(r1, r2);
    const ours = both(o1, o2);
    const rawRate = raw.done / raw.seconds;
    const ourRate = ours.done / ours.seconds;
    ctx.add({ section: SECTION, name: `KurrentDB (${where}) append, 1 event, 1 writer: adapter`, value: round(ourRate, 0), unit: 'events/s', p50Ms: round(percentile(ours.latencies, 50)), p99Ms: round(percentile(ours.latencies, 99)), ratios: [{ to: 'raw client', value: ratio(ourRate, rawRate) }] });
    ctx.add({ section: SECTION, name: `KurrentDB (${where}) append, 1 event, 1 writer: raw client`, value: round(rawRate, 0), unit: 'events/s', p50Ms: round(percentile(raw.latencies, 50)), p99Ms: round(percentile(raw.latencies, 99)), ratios: [{ to: 'itself', value: 1 }] });
    const reads = await timedLoop(loop, async (_w, i) => void (await store.readStream(`ours-${-1 - (i % WARM_UP)}`)));
    ctx.add({ section: SECTION, name: `KurrentDB (${where}) stream read, 1 event, 1 reader: adapter`, value: round(reads.done / reads.seconds, 0), unit: 'reads/s', p50Ms: round(percentile(reads.latencies, 50)), p99Ms: round(percentile(reads.latencies, 99)), ratios: [], note: 'each stream holds one event (the warm-up appends)' });
  } finally {
    await store.close();
    await client.dispose();
    await standIn?.close();
  }
}
