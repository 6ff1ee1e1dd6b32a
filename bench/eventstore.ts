// Event store: appends per second and catch-up read rate of our PostgreSQL adapter and, on the same
// PostgreSQL in the same run, of @event-driven-io/emmett-postgresql, the peer. Both get a pool of
// 20 connections, the same event body and a database of their own. No sealing here (the peer has
// none): bench/sealing.ts prices it. Then KurrentDB: our adapter ÷ the raw client (eventstore-kurrentdb.ts).
import { randomUUID } from 'node:crypto';
import { dumbo } from '@event-driven-io/dumbo';
import { STREAM_DOES_NOT_EXIST } from '@event-driven-io/emmett';
import { getPostgreSQLEventStore, readMessagesBatch, type PostgresEventStore as EmmettStore } from '@event-driven-io/emmett-postgresql';
import pg from 'pg';
import type { NewEvent } from '../src/eventstore/port.ts';
import { PostgresEventStore } from '../src/eventstore/postgres.ts';
import { createKnex, migrate } from '../src/platform/database.ts';
import { kurrentAppendSection } from './eventstore-kurrentdb.ts';
import type { SectionContext } from './lib/context.ts';
import { percentile, ratio, round, timedLoop } from './lib/stats.ts';

const SECTION = 'Event store';
const POOL = 20;
const BATCH = 500;
const WARM_UP = 200;

/** The same event for both stores: a diary entry of realistic size, with our metadata. */
function event(i: number): NewEvent {
  return {
    type: 'DiarioRegistrado',
    data: { idDiario: i, idPaciente: 1 + (i % 5000), fecha: '2030-01-07T10:00:00', emocion: 'Calma', intensidad: 1 + (i % 10), nota: 'Paseo por el parque con una amiga' },
    metadata: { eventId: randomUUID(), actor: { idUsuario: 1 + (i % 5000), rol: 'PACIENTE' }, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
  };
}

/** One store behind a common face: append `n` events to a new stream, read the whole log. */
interface Contender {
  name: string;
  append(stream: string, events: NewEvent[]): Promise<void>;
  /** Reads the log from the start in batches until `limit` events (or its end); returns the count. */
  readAll(limit: number): Promise<number>;
  close(): Promise<void>;
}

async function ours(url: string): Promise<Contender> {
  const knex = createKnex(url, POOL);
  await migrate(knex);
  const store = new PostgresEventStore(knex, url);
  return {
    name: 'ours',
    append: async (stream, events) => void (await store.append([{ streamId: stream, expected: 'noStream', events }])),
    async readAll(limit) {
      let from: string | null = null;
      let n = 0;
      while (n < limit) {
        const r = await store.readAll(from, BATCH);
        if (r.events.length === 0) break;
        n += r.events.length;
        from = r.last;
      }
      return n;
    },
    close: async () => {
      await store.close();
      await knex.destroy();
    },
  };
}

async function emmett(url: string): Promise<Contender> {
  const pgPool = new pg.Pool({ connectionString: url, max: POOL });
  // A client still closing when the bench's server stops reports it here: without a listener the
  // error would end the run before the figures are printed.
  pgPool.on('error', () => {});
  const store: EmmettStore = getPostgreSQLEventStore(url, { connectionOptions: { pool: pgPool } });
  await store.schema.migrate();
  const reader = dumbo({ connectionString: url });
  return {
    name: 'emmett',
    append: async (stream, events) =>
      void (await store.appendToStream(stream, events.map((e) => ({ type: e.type, data: e.data, metadata: e.metadata as never })), { expectedStreamVersion: STREAM_DOES_NOT_EXIST })),
    async readAll(limit) {
      let after = -1n;
      let n = 0;
      while (n < limit) {
        const r = await readMessagesBatch(reader.execute, after < 0n ? { from: 0n, batchSize: BATCH } : { after, batchSize: BATCH });
        if (r.messages.length === 0) break;
        n += r.messages.length;
        after = r.currentGlobalPosition;
      }
      return n;
    },
    close: async () => {
      await store.close();
      await reader.close();
      await pgPool.end().catch(() => {});
    },
  };
}

interface AppendFigures {
  eventsPerSecond: number;
  p50: number;
  p99: number;
}

async function appends(ctx: SectionContext, c: Contender, writers: number, perTx: number, tag: string): Promise<AppendFigures> {
  const { appendSeconds, maxAppends } = ctx.sizes.eventstore;
  let seq = 0;
  const r = await timedLoop({ writers, count: Math.ceil(maxAppends / perTx), ms: appendSeconds * 1000 }, async () => {
    const base = seq;
    seq += perTx;
    await c.append(`${tag}-${base}`, Array.from({ length: perTx }, (_, k) => event(base + k)));
  });
  return { eventsPerSecond: (r.done * perTx) / r.seconds, p50: percentile(r.latencies, 50), p99: percentile(r.latencies, 99) };
}

/** Fills the log up to `total` events in 100-event transactions (not timed). */
async function topUp(c: Contender, already: number, total: number): Promise<void> {
  let i = already;
  const writers = 4;
  await Promise.all(Array.from({ length: writers }, async () => {
    while (i < total) {
      const base = i;
      i += 100;
      await c.append(`fill-${base}`, Array.from({ length: Math.min(100, total - base) }, (_, k) => event(base + k)));
    }
  }));
}

const CASES = [
  { name: 'append, 1 event/tx, 1 writer', writers: 1, perTx: 1 },
  { name: 'append, 1 event/tx, 16 writers', writers: 16, perTx: 1 },
  { name: 'append, 10 events/tx, 1 writer', writers: 1, perTx: 10 },
];

export async function eventStoreSection(ctx: SectionContext): Promise<void> {
  const contenders = [await ours(await ctx.pg.createDatabase('bench_es_ours')), await emmett(await ctx.pg.createDatabase('bench_es_emmett'))];
  try {
    // Untimed warm-up, the same for both: the first contender to run would otherwise also pay for
    // compiling the shared code (node-postgres, this file) and for its first connections.
    for (const c of contenders) {
      ctx.log(`eventstore: ${c.name} warm-up`);
      for (let i = 0; i < WARM_UP; i++) await c.append(`warm-${i}`, [event(i)]);
    }
    for (const k of CASES) {
      const results: AppendFigures[] = [];
      // Alternate who goes first between cases, so neither always runs on the warmer database.
      for (const c of CASES.indexOf(k) % 2 ? [...contenders].reverse() : contenders) {
        ctx.log(`eventstore: ${c.name} ${k.name}`);
        const r = await appends(ctx, c, k.writers, k.perTx, `s${CASES.indexOf(k)}`);
        results[contenders.indexOf(c)] = r;
      }
      const [o, e] = results;
      ctx.add({ section: SECTION, name: `${k.name}: ours`, value: round(o.eventsPerSecond, 0), unit: 'events/s', p50Ms: round(o.p50), p99Ms: round(o.p99), ratios: [{ to: 'emmett', value: ratio(o.eventsPerSecond, e.eventsPerSecond) }] });
      ctx.add({ section: SECTION, name: `${k.name}: emmett (peer)`, value: round(e.eventsPerSecond, 0), unit: 'events/s', p50Ms: round(e.p50), p99Ms: round(e.p99), ratios: [{ to: 'itself', value: 1 }] });
    }
    const total = ctx.sizes.eventstore.catchUpEvents;
    const rates: number[] = [];
    for (const c of contenders) {
      const have = await c.readAll(total);
      if (have < total) await topUp(c, have, total);
      ctx.log(`eventstore: ${c.name} catch-up read`);
      const t = performance.now();
      const n = await c.readAll(total);
      rates.push(n / ((performance.now() - t) / 1000));
    }
    ctx.add({ section: SECTION, name: `catch-up read, ${total.toLocaleString('en-US')} events, batches of ${BATCH}: ours`, value: round(rates[0], 0), unit: 'events/s', ratios: [{ to: 'emmett', value: ratio(rates[0], rates[1]) }] });
    ctx.add({ section: SECTION, name: `catch-up read: emmett (peer)`, value: round(rates[1], 0), unit: 'events/s', ratios: [{ to: 'itself', value: 1 }] });
  } finally {
    for (const c of contenders) await c.close();
  }
  await kurrentAppendSection(ctx);
}
