import { DateTime } from 'luxon';
import { errors } from '../../../platform/errors.ts';
import { offsetAt } from '../../../platform/zone-clock.ts';
import { clausesOf, parseDate, parseToken, type DateRange } from '../params.ts';
import type { SearchClause } from '../types.ts';

// Which time a Slot search covers, and how its `start` and `status` clauses filter.

/** At most this many days of free time per search, from its lower bound (as GET /api/psicologos/:id/disponibilidad). */
export const MAX_SLOT_DAYS = 31;

export type SlotStatus = 'free' | 'busy-unavailable' | 'busy';
const STATUSES = new Set<SlotStatus>(['free', 'busy-unavailable', 'busy']);
const STATUS_SYSTEM = 'http://hl7.org/fhir/slotstatus';

/** Whether an instant (ms) satisfies one date range of `start`. */
export function startMatches(at: number, r: DateRange): boolean {
  const lo = r.start.getTime(), hi = r.end.getTime();
  switch (r.prefix) {
    case 'eq': case 'ap': return at >= lo && at < hi;
    case 'ne': return !(at >= lo && at < hi);
    case 'gt': case 'sa': return at >= hi;
    case 'ge': return at >= lo;
    case 'lt': case 'eb': return at < lo;
    case 'le': return at < hi;
  }
}

export interface SlotWindow {
  /** The instants searched: [from, to). */
  from: number;
  to: number;
  /** Each `start` clause (ANDed) as its ORed ranges. */
  starts: DateRange[][];
  /** The statuses asked for (all three when no clause). */
  statuses: Set<SlotStatus>;
}

/** The lowest start a clause allows (its ranges ORed), or null when it does not bound it. */
function lowerOf(ranges: DateRange[]): number | null {
  const lows = ranges.map((r) => (['eq', 'ap', 'ge'].includes(r.prefix) ? r.start.getTime() : ['gt', 'sa'].includes(r.prefix) ? r.end.getTime() : null));
  return lows.includes(null) ? null : Math.min(...(lows as number[]));
}

function upperOf(ranges: DateRange[]): number | null {
  const highs = ranges.map((r) => (['eq', 'ap', 'le'].includes(r.prefix) ? r.end.getTime() : ['lt', 'eb'].includes(r.prefix) ? r.start.getTime() : null));
  return highs.includes(null) ? null : Math.max(...(highs as number[]));
}

function statusesOf(clauses: SearchClause[]): Set<SlotStatus> {
  let out = new Set<SlotStatus>(STATUSES);
  for (const c of clausesOf(clauses, 'status')) {
    const asked = new Set<SlotStatus>();
    for (const v of c.values) {
      const { system, code } = parseToken(v);
      if (!STATUSES.has(code as SlotStatus) && code !== 'busy-tentative' && code !== 'entered-in-error') {
        throw errors.invalid(`status: valor no válido '${v}', se esperaba free, busy o busy-unavailable`, `status: invalid value '${v}', expected free, busy or busy-unavailable`);
      }
      if ((system === null || system === STATUS_SYSTEM) && STATUSES.has(code as SlotStatus)) asked.add(code as SlotStatus);
    }
    out = new Set([...out].filter((s) => asked.has(s)));
  }
  return out;
}

/** Default: now → the booking horizon; never more than MAX_SLOT_DAYS from the lower bound (now, or the clauses' latest lower bound). */
export function slotWindow(clauses: SearchClause[], zone: string, now: number, horizonEnd: number): SlotWindow {
  const starts = clausesOf(clauses, 'start').map((c) => c.values.map((v) => parseDate('start', v, zone)));
  // A lower bound in the past finds past blocked time (free time is never in the past).
  const lows = starts.map(lowerOf).filter((x): x is number => x !== null);
  const from = lows.length ? Math.max(...lows) : now;
  let to = horizonEnd;
  for (const ranges of starts) to = Math.min(to, upperOf(ranges) ?? to);
  return { from, to: Math.min(to, from + MAX_SLOT_DAYS * 86_400_000), starts, statuses: statusesOf(clauses) };
}

/** The local date (practice zone) of an instant: its offset from Intl, without luxon's DateTime (every search asks twice). */
export function localDate(ms: number, zone: string): string {
  const o = offsetAt(zone, ms);
  return Number.isFinite(o) ? new Date(ms + o * 60_000).toISOString().slice(0, 10) : DateTime.fromMillis(ms, { zone }).toFormat('yyyy-LL-dd');
}

/** The local dates (practice zone) the window touches, for the free-slot computation. */
export function localDates(w: SlotWindow, zone: string): { desde: string; hasta: string } {
  return { desde: localDate(w.from, zone), hasta: localDate(Math.max(w.from, w.to - 1), zone) };
}

export const inWindow = (w: SlotWindow, at: number) => at >= w.from && at < w.to && w.starts.every((ranges) => ranges.some((r) => startMatches(at, r)));
