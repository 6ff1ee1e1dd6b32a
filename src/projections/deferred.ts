import type { Knex } from 'knex';

/**
 * Work a projection defers to the end of a batch, kept per transaction: a rolled-back batch
 * takes its state with it, and the retry starts afresh.
 */
export function perTransaction<S>(init: () => S) {
  const states = new WeakMap<Knex.Transaction, S>();
  return {
    of(trx: Knex.Transaction): S {
      let s = states.get(trx);
      if (s === undefined) states.set(trx, (s = init()));
      return s;
    },
    /** The state to write now, removed (a later flush of the same transaction starts empty). */
    take(trx: Knex.Transaction): S | undefined {
      const s = states.get(trx);
      states.delete(trx);
      return s;
    },
  };
}

type Row = Record<string, unknown>;

/**
 * New rows of one table gathered during a batch and inserted with one statement at its end
 * (`on conflict do nothing`: the first row of a key wins, as one insert per event would).
 * A projection flushes it before any other statement on the table, so log order holds, or
 * changes a pending row in memory.
 */
export function insertBuffer(table: string, key: string) {
  const state = perTransaction(() => new Map<unknown, Row>());
  return {
    add(trx: Knex.Transaction, row: Row): void {
      const rows = state.of(trx);
      if (!rows.has(row[key])) rows.set(row[key], row);
    },
    /** The row of `id` not yet inserted, to change in memory (undefined when it is in the table already). */
    pending(trx: Knex.Transaction, id: unknown): Row | undefined {
      return state.of(trx).get(id);
    },
    pendingRows(trx: Knex.Transaction): Iterable<Row> {
      return state.of(trx).values();
    },
    /** Rows of one buffer should carry the same columns: a column missing from a row is inserted as null. */
    async flush(trx: Knex.Transaction): Promise<void> {
      const rows = state.take(trx);
      if (!rows || rows.size === 0) return;
      const columns = [...new Set([...rows.values()].flatMap((r) => Object.keys(r)))];
      const list = columns.map((c) => `"${c}"`).join(', ');
      await trx.raw(
        `insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, ?::json) on conflict (${key}) do nothing`,
        [toJson([...rows.values()])],
      );
    },
  };
}

/**
 * JSON for PostgreSQL: a lone UTF-16 surrogate becomes U+FFFD, as node-postgres's own UTF-8
 * encoding of a bound parameter makes it (PostgreSQL refuses the `\ud800` escape).
 */
export function toJson(value: unknown): string {
  // JSON.stringify writes a lone surrogate as a `\udXXX` escape: only then is the (much slower)
  // replacer needed. A false alarm (an escaped backslash before "ud8") just takes the slow path.
  const fast = JSON.stringify(value);
  return LONE_ESCAPE.test(fast) ? JSON.stringify(value, (_k, v) => (typeof v === 'string' ? v.toWellFormed() : v)) : fast;
}

const LONE_ESCAPE = /\\u[dD][89a-fA-F]/;
