import type { Knex } from 'knex';
import type { EventStore, Position } from '../eventstore/port.ts';

// When a runner's loop looks at the log again: an append announced by the store, a local wake-up
// (a reset, a lease gained), the poll tick, or another runner's commit that may have been holding
// back events this one could not see yet.

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Loops of every runner in this process held back behind an open transaction: a committed batch
 * wakes them (it may be the one that hid their events).
 */
export const localCommitWakers = new Set<() => void>();

export interface Wakeup {
  promise: Promise<void>;
  cancel: () => void;
  fired: () => boolean;
}

/** Resolves after `ms`, when the store announces events, or when one of `wakers` is called. */
export function wakeup(store: EventStore, wakers: Set<() => void>, ms: number): Wakeup {
  let cancel = () => {};
  let fired = false;
  const promise = new Promise<void>((resolve) => {
    const done = () => {
      fired = true;
      clearTimeout(timer);
      wakers.delete(done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    wakers.add(done);
    void store.waitForEvents(ms).then(done);
    cancel = done;
  });
  return { promise, cancel, fired: () => fired };
}

/**
 * True when committed events exist after `from` in the PostgreSQL log that a batch did not read:
 * an older transaction still hides them. Neither is announced again, so look again soon.
 * (With KurrentDB the `events` table stays empty: always false.)
 */
export async function unreadAfter(knex: Knex, from: Position | null): Promise<boolean> {
  const m = from === null ? ['', '0', '0'] : /^(\d{1,20})\/(\d{1,19})$/.exec(from);
  if (!m) return false;
  // The first such row in the index's order, not `exists`: with the table's rows past `from`
  // estimated many, `exists` was planned as a sequential scan that meets them last (60 ms at
  // 100,000 events, after every short batch of a live runner).
  const { rows } = await knex.raw(
    `select (select 1 from events where (tx_id, global_position) > (?::text::xid8, ?::bigint)
             order by tx_id, global_position limit 1) is not null as unread`,
    [m[1], m[2]],
  );
  return rows[0].unread === true;
}
