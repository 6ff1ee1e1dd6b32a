// Progress of a rebuild's replay: the events up to the slowest read model's checkpoint, out of the
// events up to the target. Counted in PostgreSQL (the events table, an index scan, at most once a
// second); a KurrentDB log cannot be counted cheaply, so there the rebuild only says it is still going,
// and counts the events it replayed once, at the end, by reading the log as stored (eventsReplayed).
import type { Knex } from 'knex';
import type { EventStore, Position } from '../eventstore/port.ts';
import type { Config } from '../platform/config.ts';
import { startProgress, type Progress } from './progress.ts';

/** Events in the PostgreSQL log up to `position` (null: none); null for another store. */
export async function eventsUpTo(config: Config, knex: Knex, position: Position | null): Promise<number | null> {
  if (config.eventStore !== 'postgres') return null;
  if (position === null) return 0;
  const [tx, gp] = position.split('/');
  const { rows } = await knex.raw('select count(*)::int as n from events where (tx_id, global_position) <= (?::text::xid8, ?::bigint)', [tx, gp]);
  return rows[0].n;
}

/**
 * The events a rebuild replayed: those up to `position`. Counted in PostgreSQL; another store has no
 * count, so its log is read once more up to there, through `raw` (as stored: nothing is opened).
 */
export async function eventsReplayed(config: Config, knex: Knex, raw: EventStore, position: Position | null): Promise<number> {
  const counted = await eventsUpTo(config, knex, position);
  if (counted !== null || position === null) return counted ?? 0;
  let [from, n] = [null as Position | null, 0];
  for (;;) {
    const { events, last } = await raw.readAll(from, 4096);
    for (const e of events) {
      if (raw.compare(e.position, position) > 0) return n;
      n++;
    }
    if (events.length === 0) return n;
    from = last;
  }
}

export interface ReplayProgress {
  /** The runner's onBatch. */
  onBatch(name: string, position: Position): void;
  /** Ends the report (idempotent): before any other line is printed, and at the end. */
  stop(completed: boolean): void;
}

const quiet: ReplayProgress = { onBatch: () => {}, stop: () => {} };

export async function replayProgress(config: Config, knex: Knex, store: EventStore, consumers: number, target: Position | null): Promise<ReplayProgress> {
  const total = await eventsUpTo(config, knex, target);
  if (total === null) return quiet;
  // Started at the first batch, after the command's "replaying" line, so that no line cuts through the bar.
  let bar: Progress | null = null;
  const positions = new Map<string, Position>();
  let counting: Promise<void> | null = null;
  let [countedAt, stopped] = [0, false];
  const count = async () => {
    // The slowest read model is where the rebuild stands; one that has not committed yet is at the start.
    if (positions.size < consumers) return;
    const slowest = [...positions.values()].reduce((a, b) => (store.compare(a, b) <= 0 ? a : b));
    const done = await eventsUpTo(config, knex, slowest);
    if (done !== null && !stopped) bar?.update(Math.min(done, total));
  };
  return {
    onBatch(name, position) {
      if (stopped) return;
      bar ??= startProgress('Replaying', total, { unit: 'events' });
      positions.set(name, position);
      if (counting || Date.now() - countedAt < 1000) return;
      countedAt = Date.now();
      counting = count().catch(() => {}).finally(() => { counting = null; });
    },
    stop(completed) {
      if (stopped) return;
      stopped = true; // a count still running finds it stopped and prints nothing
      (bar ?? (completed ? startProgress('Replaying', total, { unit: 'events' }) : null))?.stop(completed);
    },
  };
}
