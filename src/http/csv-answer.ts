import type { Context } from 'koa';
import type { Readable } from 'node:stream';
import { CSV_CONTENT_TYPE } from '../platform/csv.ts';

// How the billing reports answer CSV (docs/billing.md "Reports"): one rule for asking and one
// set of headers, so every report behaves alike.

/** `formato=csv`, or without `formato` an Accept header whose first type is text/csv. */
export const pideCsv = (ctx: Context, formato: string | undefined): boolean =>
  formato === 'csv' || (formato === undefined && ctx.get('Accept').split(',')[0].trim().startsWith('text/csv'));

/** A download, never cached: the reports name patients. */
export function sendCsv(ctx: Context, filename: string, body: string | Readable): void {
  ctx.type = CSV_CONTENT_TYPE;
  ctx.set('Cache-Control', 'private, no-store');
  ctx.set('Content-Disposition', `attachment; filename="${filename}"`);
  ctx.body = body;
}
