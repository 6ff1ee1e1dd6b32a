import type { Context, Middleware } from 'koa';
import { AppError, errors } from '../platform/errors.ts';

// A route whose caller signs the exact bytes it sends (Stripe's webhook: docs/billing.md "Online
// payments (Stripe)") must see those bytes, not JSON parsed and re-serialized: for such routes
// (RouteDef.rawBody) the body is read here as it came, up to the JSON limit, into
// `ctx.state.rawBody`, and the JSON parser is skipped. Every other route goes to `parser`.

export function rawBodyOr(paths: RegExp[], limitBytes: number, parser: Middleware): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'POST' || !paths.some((re) => re.test(ctx.path))) return parser(ctx, next);
    ctx.state.rawBody = await readRaw(ctx, limitBytes);
    return next();
  };
}

async function readRaw(ctx: Context, limitBytes: number): Promise<Buffer> {
  if (ctx.request.length > limitBytes) throw errors.tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > limitBytes) throw errors.tooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The bytes read for a rawBody route (an empty body: empty). */
export function rawBodyOf(ctx: Context): Buffer {
  const raw = ctx.state.rawBody;
  if (!Buffer.isBuffer(raw)) throw new AppError(400, { es: 'Cuerpo no válido', en: 'Invalid body' });
  return raw;
}
