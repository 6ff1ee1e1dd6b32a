// A test server's log read through the event store port, whichever store holds it: under
// `npm run test:kurrentdb` the events are in KurrentDB and PostgreSQL's `events` table is empty, so a
// test that checks what was written reads it here, not with SQL.
import { openEventStore } from '../../src/eventstore/open.ts';
import type { EventStore, Position, StoredEvent } from '../../src/eventstore/port.ts';
import type { TestServer } from './server.ts';

export interface LogFilter {
  /** One event type or any of several. */
  type?: string | readonly string[];
  streamId?: string;
  /** Streams whose id starts with this (`agenda-`). */
  streamPrefix?: string;
}

function matches(e: StoredEvent, f: LogFilter): boolean {
  if (f.type !== undefined && !(typeof f.type === 'string' ? e.type === f.type : f.type.includes(e.type))) return false;
  if (f.streamId !== undefined && e.streamId !== f.streamId) return false;
  return f.streamPrefix === undefined || e.streamId.startsWith(f.streamPrefix);
}

/** Every event of `store` in global order that passes `filter`. */
export async function readLog(store: EventStore, filter: LogFilter = {}): Promise<StoredEvent[]> {
  const out: StoredEvent[] = [];
  let from: Position | null = null;
  for (;;) {
    const { events, last } = await store.readAll(from, 1000);
    if (events.length === 0) return out;
    out.push(...events.filter((e) => matches(e, filter)));
    from = last;
  }
}

/** The server's events as its code reads them (personal fields opened). */
export function logEvents(srv: Pick<TestServer, 'deps'>, filter: LogFilter = {}): Promise<StoredEvent[]> {
  return readLog(srv.deps.store, filter);
}

/** The server's events exactly as stored: personal fields still sealed (what an attacker with the log sees). */
export async function storedEvents(srv: Pick<TestServer, 'config' | 'db'>, filter: LogFilter = {}): Promise<StoredEvent[]> {
  const { raw } = await openEventStore(srv.config, srv.db.knex, srv.db.url);
  try {
    return await readLog(raw, filter);
  } finally {
    await raw.close();
  }
}
