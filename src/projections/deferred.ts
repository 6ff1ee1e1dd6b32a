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
