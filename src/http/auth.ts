import type { Context } from 'koa';
import type { Knex } from 'knex';
import type { Rol } from '../events/usuario.ts';
import type { Clock } from '../platform/clock.ts';
import { errors } from '../platform/errors.ts';
import { normaliseEmail, verifyToken } from '../platform/security.ts';
import { findAuthUser, type AuthUser } from '../queries/usuarios.ts';
import type { RouteDef } from './routes.ts';

export interface AuthDeps {
  knex: Knex;
  clock: Clock;
  jwtSecret: string;
  lookupHash: (scope: string, value: string) => string;
}

/** The caller of a request: checked token, and the user still active in the read model. */
export async function authenticate(deps: AuthDeps, ctx: Context): Promise<AuthUser> {
  const header = ctx.get('Authorization');
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw errors.unauthenticated();
  const claims = verifyToken(deps.jwtSecret, match[1], deps.clock.now());
  if (!claims) throw errors.unauthenticated();
  const user = await findAuthUser(deps.knex, deps.lookupHash('email', normaliseEmail(claims.sub)));
  // A deactivated user's unexpired token stops working; so does a token whose role changed.
  if (!user || !user.activo || user.rol !== claims.rol) throw errors.unauthenticated();
  return user;
}

/** 401 without a valid token, 403 for a role the route does not allow. */
export function accessGuard(deps: AuthDeps) {
  return (def: RouteDef) => async (ctx: Context) => {
    if (def.auth === 'public') return;
    const user = await authenticate(deps, ctx);
    ctx.state.user = user;
    if (def.auth !== 'authenticated' && !def.auth.includes(user.rol as Rol)) throw errors.forbidden();
  };
}

export function caller(ctx: Context): AuthUser {
  const user = ctx.state.user as AuthUser | undefined;
  if (!user) throw errors.unauthenticated();
  return user;
}
