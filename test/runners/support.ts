import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { EventStore, NewEvent, Position } from '../../src/eventstore/port.ts';
import { loadConfig, type Config } from '../../src/platform/config.ts';
import { sequenceIds } from '../../src/platform/ids.ts';
import { lookupHasher } from '../../src/platform/security.ts';
import { commandLookups } from '../../src/command-lookups.ts';
import { systemClock } from '../../src/platform/clock.ts';
import type { CommandDeps } from '../../src/commands/deps.ts';
import { UNTHROTTLED } from '../support/limits.ts';

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function newEvent(type: string, data: Record<string, unknown>): NewEvent {
  return {
    type,
    data,
    metadata: {
      eventId: randomUUID(),
      actor: { idUsuario: null, rol: null },
      correlationId: randomUUID(),
      causationId: null,
      occurredAt: new Date().toISOString(),
    },
  };
}

/** Appends `count` events, one transaction each; returns their positions in log order. */
export async function appendTicks(store: EventStore, count: number, opts: { from?: number; lanes?: number; prefix?: string } = {}): Promise<Position[]> {
  const from = opts.from ?? 0;
  const lanes = opts.lanes ?? 1;
  const positions: Position[] = [];
  let next = from;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < from + count) {
        const n = next++;
        const r = await store.append([{ streamId: `${opts.prefix ?? 'tick'}-${n}`, expected: 'noStream', events: [newEvent('Tick', { n })] }]);
        positions.push(r.position);
      }
    }),
  );
  return positions.sort((a, b) => store.compare(a, b));
}

/** A table's rows in a stable order, for comparing read models before and after a rebuild. */
export async function dumpTables(knex: Knex, tables: string[]): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const t of tables) {
    const { rows } = await knex.raw('select * from ?? order by 1', [t]);
    out[t] = rows;
  }
  return out;
}

/** Configuration for in-process tests that never writes secrets to ./data. */
export function testConfig(databaseUrl: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test', DATABASE_URL: databaseUrl, JWT_SECRET: 'j'.repeat(40), MASTER_KEY: 'm'.repeat(40),
    BCRYPT_COST: '4', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent-practice-test', ...UNTHROTTLED, ...env,
  });
}

export function commandDeps(store: EventStore, knex: Knex, config: Config): CommandDeps {
  return { store, knex, clock: systemClock, config, ids: sequenceIds(knex), lookupHash: lookupHasher(Buffer.from(config.masterKey)), lookups: commandLookups(knex) };
}

