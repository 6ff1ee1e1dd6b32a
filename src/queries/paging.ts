import type { Knex } from 'knex';
import { errors } from '../platform/errors.ts';

// Keyset paging (decisions.md "Limits"): a page starts strictly after the sort key of the previous
// page's last item, never at an offset, so rows added or removed meanwhile neither repeat nor skip
// the items still to come. Every key ends with the list's unique id as tie-breaker.

export type KeyPart = string | number;
export type Key = KeyPart[];

/** One page asked for: at most `limit` items after the item whose sort key is `after` (null: from the start). */
export interface Page {
  limit: number;
  after: Key | null;
}

/** A page's items and, when more remain, the sort key of its last item (what the next cursor carries). */
export interface Paged<T> {
  items: T[];
  next: Key | null;
}

/** What a key part must look like: 'id' a positive integer, a pattern for text. */
export type PartShape = 'id' | RegExp;

export const badCursor = () =>
  errors.invalid('cursor no válido: use el de la cabecera Link de la página anterior', 'Invalid cursor: use the one from the previous page\'s Link header');

const MAX_ID = Number.MAX_SAFE_INTEGER;

const fits = (part: unknown, shape: PartShape) =>
  shape === 'id'
    ? Number.isSafeInteger(part) && (part as number) >= 1 && (part as number) <= MAX_ID
    : typeof part === 'string' && shape.test(part);

/**
 * The cursor's key, checked against this list's key shape; 400 when it does not fit (a cursor of
 * another list or of an older key layout), so nothing malformed reaches SQL.
 */
export function afterKey(page: Page, shape: PartShape[]): Key | null {
  const after = page.after;
  if (after === null) return null;
  if (after.length !== shape.length || !after.every((part, i) => fits(part, shape[i]))) throw badCursor();
  return after;
}

/** Rows fetched with `limit + 1`: the first `limit` as views, and the last one's key when one more was found. */
export function pageOf<R, T>(rows: R[], page: Page, view: (r: R) => T, key: (r: R) => Key): Paged<T> {
  const more = rows.length > page.limit;
  const kept = more ? rows.slice(0, page.limit) : rows;
  return { items: kept.map(view), next: more ? key(kept[kept.length - 1]) : null };
}

/**
 * One page of `q` ordered by a unique integer column (`column` may carry a table alias; the row
 * must hold it under its bare name). The keyset condition and the limit run in SQL.
 */
export async function pageById<T>(q: Knex.QueryBuilder, column: string, page: Page, view: (r: any) => T): Promise<Paged<T>> {
  const after = afterKey(page, ['id']);
  if (after) q.where(column, '>', after[0]);
  const field = column.replace(/^.*\./, '');
  const rows = await q.orderBy(column).limit(page.limit + 1);
  return pageOf(rows, page, view, (r) => [Number(r[field])]);
}

/** Keys in list order: part by part, numbers as numbers, text by code point. */
export function compareKeys(a: Key, b: Key): number {
  for (let i = 0; i < a.length; i++) {
    if (a[i] < b[i]) return -1;
    if (a[i] > b[i]) return 1;
  }
  return 0;
}

/**
 * In memory, for lists that are naturally bounded and computed in full anyway (a month's agenda,
 * a fold of the log): `items` must already be sorted ascending by `key` (strings by code point).
 */
export function pageInMemory<T>(items: T[], page: Page, key: (t: T) => Key, shape: PartShape[]): Paged<T> {
  const after = afterKey(page, shape);
  const start = after ? items.findIndex((t) => compareKeys(key(t), after) > 0) : 0;
  return pageOf(start < 0 ? [] : items.slice(start, start + page.limit + 1), page, (t) => t, key);
}

/**
 * In memory, for a list in an order no field expresses (the event log's): the page starts after
 * the item whose key is the cursor's. Sound only where items are appended, never removed.
 */
export function pageAfterItem<T>(items: T[], page: Page, key: (t: T) => Key, shape: PartShape[]): Paged<T> {
  const after = afterKey(page, shape);
  const start = after ? items.findIndex((t) => compareKeys(key(t), after) === 0) + 1 : 0;
  if (after && start === 0) throw badCursor();
  return pageOf(items.slice(start, start + page.limit + 1), page, (t) => t, key);
}
