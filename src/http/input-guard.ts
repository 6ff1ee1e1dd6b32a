import type { Context, Next } from 'koa';
import { textProblem } from '../platform/json-guard.ts';
import { textError } from '../platform/validation.ts';

/**
 * Every request, whatever its route: a body or query string holding NUL or text that is not
 * well-formed Unicode, or a body nested past the limit, is refused with 400 here, before a route,
 * a schema or any recursive code sees it. JSON.parse itself is iterative in V8, and this walk is a loop.
 */
export function inputGuard() {
  return async (ctx: Context, next: Next) => {
    // Path parameters are decoded by the router: an encoded NUL would reach a route as a character.
    if (/%00|\u0000/i.test(ctx.path)) throw textError({ path: 'ruta', kind: 'nul' });
    const query = ctx.querystring === '' ? null : textProblem({ ...ctx.query }, 2);
    if (query) throw textError(query);
    const body = (ctx.request as { body?: unknown }).body;
    if (body !== undefined) {
      const problem = textProblem(body);
      if (problem) throw textError(problem);
    }
    return next();
  };
}
