import type pg from 'pg';
import type { InlineFailure, InlineProjector, InlineStatement } from './inline-port.ts';
import type { NewEvent, StoredEvent, StreamWrite } from './port.ts';
import { pgPosition } from './position.ts';
import { APPEND_SQL, APPEND_TYPES, type AppendRow } from './postgres-sql.ts';
import { sqlLiteral, withLiterals } from './sql-literals.ts';

// The append with the inline read models (docs/read-models.md "Inline and asynchronous"), on one
// pooled connection. The usual case is one round trip: practice_append in strict mode (an
// expectation that does not hold raises, so nothing after it applies) and every read model's
// statements, sent as one simple-protocol query, which PostgreSQL runs as one implicit transaction.
// When a read model's statement fails there (or its handler threw, or the revisions could only be
// known from the append), the append is made again in an explicit transaction with a savepoint per
// read model and event: the one that fails has its event parked, the write and the others commit.

export interface PgConnection {
  query<R extends pg.QueryResultRow>(config: pg.QueryConfig | string): Promise<pg.QueryResult<R>>;
}

export interface InlineAppend {
  /** As stored (sealed). */
  writes: StreamWrite[];
  /** As the read models see them (opened): the same events in the same order. */
  opened: StreamWrite[];
  /** APPEND_SQL's parameters, strict. */
  values: unknown[];
  projector: InlineProjector;
}

export async function appendInline(conn: PgConnection, a: InlineAppend): Promise<AppendRow> {
  const known = knownRevisions(a.opened);
  if (known) {
    const { parts, failed, guard } = await a.projector.apply(stored(a.opened, known), false);
    if (failed.length === 0) {
      const text = [appendCall(a.values), literal(guard), ...parts.flatMap((p) => p.statements.map(literal))].join(';\n');
      try {
        const result = (await conn.query<AppendRow>(text)) as unknown as pg.QueryResult<AppendRow> | pg.QueryResult<AppendRow>[];
        return (Array.isArray(result) ? result[0] : result).rows[0];
      } catch (err) {
        if (!readModelError(err)) throw err;
      }
    }
  }
  return appendWithSavepoints(conn, a);
}

async function appendWithSavepoints(conn: PgConnection, a: InlineAppend): Promise<AppendRow> {
  await conn.query('begin');
  try {
    const row = (await conn.query<AppendRow>({ name: 'practice_append', text: APPEND_SQL, values: a.values })).rows[0];
    const revisions = a.opened.map((w, i) => BigInt(row.new_revisions![i]) - BigInt(w.events.length) + 1n);
    const events = stored(a.opened, revisions);
    const { parts, failed, guard } = await a.projector.apply(events, true);
    await conn.query(literal(guard));
    for (const part of parts) {
      if (failed.some((f) => f.name === part.name && f.event === events[part.event])) continue;
      await conn.query('savepoint inline_part');
      try {
        if (part.statements.length) await conn.query(part.statements.map(literal).join(';\n'));
        await conn.query('release savepoint inline_part');
      } catch (err) {
        if (!readModelError(err)) throw err;
        await conn.query('rollback to savepoint inline_part');
        failed.push({ name: part.name, event: events[part.event], error: err });
      }
    }
    if (failed.length) await park(conn, a.projector, failed);
    await conn.query('commit');
    return row;
  } catch (err) {
    await conn.query('rollback').catch(() => {});
    throw err;
  }
}

/** The dead letters, with the events' positions read back (only a failure pays for that read). */
async function park(conn: PgConnection, projector: InlineProjector, failed: InlineFailure[]): Promise<void> {
  const { rows } = await conn.query<{ event_id: string; tx_id: string; global_position: string }>({
    name: 'practice_tx_events',
    text: 'select event_id, tx_id::text as tx_id, global_position from events where tx_id = pg_current_xact_id()',
  });
  const at = new Map(rows.map((r) => [r.event_id, r]));
  const statements: InlineStatement[] = [];
  for (const f of failed) {
    const r = at.get(f.event.metadata.eventId)!;
    statements.push(...(await projector.park(f, pgPosition(r.tx_id, r.global_position), pgPosition(r.tx_id, BigInt(r.global_position) - 1n))));
  }
  await conn.query(statements.map(literal).join(';\n'));
}

const literal = (s: InlineStatement) => withLiterals(s.text, s.values);
const appendCall = (values: unknown[]) => `select * from practice_append(${values.map((v, i) => `${sqlLiteral(v)}::${APPEND_TYPES[i]}`).join(', ')})`;

/** Each write's first new revision, when its expectation says it (a revision, or no stream yet). */
function knownRevisions(writes: StreamWrite[]): bigint[] | null {
  const first: bigint[] = [];
  for (const w of writes) {
    if (typeof w.expected === 'bigint') first.push(w.expected + 1n);
    else if (w.expected === 'noStream') first.push(0n);
    else return null;
  }
  return first;
}

const NO_POSITION = () => {
  throw new Error('an inline read model cannot read the log position (it is not known before the commit): make it asynchronous');
};

function stored(writes: StreamWrite[], first: bigint[]): StoredEvent[] {
  return writes.flatMap((w, i) => w.events.map((e: NewEvent, k) => {
    const event = { type: e.type, data: e.data, metadata: e.metadata, streamId: w.streamId, revision: first[i] + BigInt(k) } as StoredEvent;
    Object.defineProperty(event, 'position', { get: NO_POSITION, enumerable: false });
    return event;
  }));
}

/**
 * A failure of a read model's statement (a value its table refuses): not the append's own refusals
 * (an expectation, a taken reservation or key, a revision race), not the connection, not a
 * deadlock or a cancelled statement, which the caller handles or reports.
 */
function readModelError(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string };
  if (typeof e?.code !== 'string') return false;
  if (e.code.startsWith('PR')) return false;
  if (e.code === '23505' && ['reservations_pkey', 'data_keys_pkey', 'events_stream_id_stream_revision_key'].includes(e.constraint ?? '')) return false;
  return /^(22|23|42|P0)/.test(e.code);
}
