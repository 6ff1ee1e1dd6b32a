import { unwrap } from './errors.js';

// Lists answer a plain JSON array and, while more remain, `Link: <path?query&cursor=...>; rel="next"`
// (docs/limits.md "Paging"). The cursor is opaque: take it from the Link, never build one.

/** The `cursor` of the Link header's rel="next" target; null on the last page. */
export function nextCursor(response: Response): string | null {
  const link = response.headers.get('Link');
  if (!link) return null;
  for (const part of link.split(',')) {
    const m = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (!m || !/(^|;)\s*rel="?next"?\s*(;|$)/.test(m[2])) continue;
    // The target is relative to the server; any base resolves it.
    return new URL(m[1], 'http://link.invalid').searchParams.get('cursor');
  }
  return null;
}

/** One page as openapi-fetch answers it. */
export interface PageResult<T> {
  data?: T[];
  error?: unknown;
  response: Response;
}

/**
 * Every item of a list, page after page. `fetchPage` asks for one page with the given cursor
 * (undefined: the first), the rest of its query unchanged, e.g.
 * `(cursor) => api.GET('/api/citas', { params: { query: { limit: 50, cursor } } })`.
 * Throws the ApiError of a failed page.
 */
export async function* everyItem<T>(fetchPage: (cursor: string | undefined) => Promise<PageResult<T>>): AsyncGenerator<T> {
  let cursor: string | undefined;
  for (;;) {
    const page = await fetchPage(cursor);
    for (const item of unwrap(page)) yield item;
    const next = nextCursor(page.response);
    if (next === null) return;
    cursor = next;
  }
}

/** everyItem, gathered into one array. */
export async function allItems<T>(fetchPage: (cursor: string | undefined) => Promise<PageResult<T>>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of everyItem(fetchPage)) items.push(item);
  return items;
}
