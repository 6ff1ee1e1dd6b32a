import { createRequire } from 'node:module';
import knexFactory, { type Knex } from 'knex';
import type { InlineFailure, InlinePart, InlineProjector, InlineStatement } from '../eventstore/inline-port.ts';
import type { EventStore, Position, StoredEvent } from '../eventstore/port.ts';
import { accepts } from './batch.ts';
import { adoptedAmong } from './inline-adoption.ts';
import { announceParked, describeFailure, parkedInsert } from './failures.ts';
import type { Projection } from './runner.ts';

// Inline read models (docs/read-models.md "Inline and asynchronous"): the same `apply` and `flush`
// a rebuild replays, run against a recording knex whose statements are not executed but handed to
// the event store, which sends them in the append's own transaction. Their handlers only write
// (a recorded statement answers no rows), which the equality test of inline and rebuilt read
// models holds (test/projections/inline-rebuild.test.ts).

const require = createRequire(import.meta.url);
const PgClient = require('knex/lib/dialects/postgres/index.js') as new (config: Knex.Config) => object;

const CONTROL = /^\s*(begin|commit|rollback)\b/i;
/** A read answers nothing here (nor does RETURNING): a handler that reads cannot be inline. */
const READ = /^\s*select\b(?!\s+pg_notify\()/i;

/** A connection for knex that records the statements it is given instead of sending them. */
function recordingConnection(statements: InlineStatement[]) {
  return {
    query(config: { text: string; values?: unknown[] }, done: (err: Error | null, res?: unknown) => void) {
      if (CONTROL.test(config.text)) return done(null, { command: 'BEGIN', rows: [], rowCount: 0, fields: [] });
      if (READ.test(config.text)) return done(new Error(`an inline read model cannot read: ${config.text.slice(0, 60)}`));
      statements.push({ text: config.text, values: config.values ?? [] });
      done(null, { command: config.text.trim().split(/\s/, 1)[0].toUpperCase(), rows: [], rowCount: 0, fields: [] });
    },
  };
}

/** knex's PostgreSQL client, never connected: each recording transaction brings its own connection. */
class RecordingClient extends (PgClient as unknown as new (config: Knex.Config) => object) {
  async acquireConnection(): Promise<never> {
    throw new Error('an inline read model ran outside an append');
  }

  async releaseConnection() {}
}

const recorder = knexFactory({ client: RecordingClient as unknown as typeof knexFactory.Client });

/** The statements `work` issues, none of them run. */
async function record(work: (trx: Knex.Transaction) => Promise<void>): Promise<InlineStatement[]> {
  const statements: InlineStatement[] = [];
  await recorder.transaction(work, { connection: recordingConnection(statements) } as Knex.TransactionConfig);
  return statements;
}

/** The projector of an event store, and what the runner asks it (src/projections/inline-adoption.ts). */
export interface InlineModels extends InlineProjector {
  /** The read models this version can write inline (those that serve read-your-writes). */
  readonly capable: ReadonlySet<string>;
  /** Whether it is inline, as this projector last read the set (at a runner's load, or when an append found it changed). */
  isInline(name: string): boolean;
}

export function inlineProjector(knex: Knex, projections: Projection[]): InlineModels {
  const models = projections.map((p) => ({ p, accepts: accepts(p.handles) }));
  const capable = new Set(models.map((m) => m.p.name));
  let current: Set<string> | null = null;
  const refresh = async () => {
    current = await adoptedAmong(knex, [...capable]);
  };
  return {
    capable,
    isInline: (name) => current?.has(name) ?? false,
    refresh,
    async apply(events, eager) {
      if (current === null) await refresh();
      const now = current!;
      const parts: (InlinePart & { event: number })[] = [];
      const failed: InlineFailure[] = [];
      for (const { p, accepts: takes } of models) {
        if (!now.has(p.name)) continue;
        const mine = events.map((e, i) => [e, i] as const).filter(([e]) => takes(e.type));
        if (mine.length === 0) continue;
        // Eager: each event apart (a failing statement then names its event); else one part, flushed once.
        const groups = eager ? mine.map((m) => [m]) : [mine];
        for (const group of groups) {
          let current = group[0];
          try {
            const statements = await record(async (trx) => {
              for (const m of group) {
                current = m;
                await p.apply(trx, m[0]);
              }
              await p.flush?.(trx);
            });
            parts.push({ name: p.name, event: group[0][1], statements });
          } catch (error) {
            failed.push({ name: p.name, event: current[0], error });
          }
        }
      }
      const guard = { text: 'select practice_inline_check($1::text[], $2::text[])', values: [[...now], [...capable]] };
      return { parts, failed, guard };
    },
    park(f: InlineFailure, position: Position, after: Position) {
      const now = new Date();
      const event = { ...f.event, position } as StoredEvent;
      return record(async (trx) => {
        await trx.raw(...parkedInsert('projection', f.name, { event, after, attempts: 1, first: now, last: now, error: describeFailure(f.error), nextAt: 0 }));
        await announceParked(trx);
      });
    },
  };
}

/**
 * On PostgreSQL: the projector of the read models that serve read-your-writes, set on the raw store
 * (under the sealing layer, which hands it the opened events); null on a store that cannot (KurrentDB:
 * the append and the read models live in two systems, and writes wait for the runner as before).
 */
export function useInlineModels(raw: EventStore, knex: Knex, projections: Projection[]): InlineModels | null {
  const store = raw as EventStore & { useInline?: (p: InlineProjector) => void };
  if (typeof store.useInline !== 'function') return null;
  const models = inlineProjector(knex, projections.filter((p) => p.readYourWrites));
  store.useInline(models);
  return models;
}
