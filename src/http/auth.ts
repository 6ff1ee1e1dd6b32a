import type { Context } from 'koa';
import type { Knex } from 'knex';
import type { Rol } from '../events/usuario.ts';
import type { Clock } from '../platform/clock.ts';
import { errors } from '../platform/errors.ts';
import { normaliseEmail, verifyToken, type TokenClaims } from '../platform/security.ts';
import { findAuthUser, type AuthUser } from '../queries/usuarios.ts';
import type { AuthUserCache } from './auth-cache.ts';
import { auditorMayCall } from './auditor-access.ts';
import type { RouteDef } from './routes.ts';

export interface AuthDeps {
  knex: Knex;
  clock: Clock;
  jwtSecret: string;
  lookupHash: (scope: string, value: string) => string;
  /** Users kept in memory and evicted by their events (src/http/auth-cache.ts); without it, every request reads the row. */
  users?: AuthUserCache;
}

/**
 * Tokens whose signature was checked, with the e-mail hash of their subject: a token is a fixed
 * string, so checking it again (HMAC, JSON, base64) proves nothing new. Only the expiry is
 * re-checked, against the service clock. Bounded: the map is emptied when full.
 */
class VerifiedTokens {
  private readonly map = new Map<string, { claims: TokenClaims; emailHash: string }>();
  constructor(private readonly max = 10_000) {}

  check(deps: AuthDeps, token: string): { claims: TokenClaims; emailHash: string } | null {
    const nowSeconds = Math.floor(deps.clock.now().getTime() / 1000);
    const hit = this.map.get(token);
    if (hit) {
      if (nowSeconds < hit.claims.exp) return hit;
      this.map.delete(token);
      return null;
    }
    const claims = verifyToken(deps.jwtSecret, token, deps.clock.now());
    if (!claims) return null;
    const checked = { claims, emailHash: deps.lookupHash('email', normaliseEmail(claims.sub)) };
    // A token with a not-before is checked every time (ours never carry one).
    if ((claims as { nbf?: unknown }).nbf === undefined) {
      if (this.map.size >= this.max) this.map.clear();
      this.map.set(token, checked);
    }
    return checked;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

/** The caller of a request: checked token, and the user still active in the read model. */
export async function authenticate(deps: AuthDeps, ctx: Context, tokens: VerifiedTokens = new VerifiedTokens(0)): Promise<AuthUser> {
  const header = ctx.get('Authorization');
  const match = BEARER.exec(header);
  if (!match) throw errors.unauthenticated();
  const checked = tokens.check(deps, match[1]);
  if (!checked) throw errors.unauthenticated();
  const user = deps.users ? await deps.users.get(checked.emailHash) : await findAuthUser(deps.knex, checked.emailHash);
  // A deactivated user's unexpired token stops working; so does a token whose role changed, and one
  // issued to an earlier holder of the e-mail (erased, then registered again: another idUsuario).
  if (!user || !user.activo || user.idUsuario !== checked.claims.uid || user.rol !== checked.claims.rol) throw errors.unauthenticated();
  return user;
}

/**
 * 401 without a valid token, 403 for a role the route does not allow. An AUDITOR is refused first,
 * whatever the route's roles say, outside the audit reads (src/http/auditor-access.ts).
 */
export function accessGuard(deps: AuthDeps) {
  const tokens = new VerifiedTokens();
  return (def: RouteDef) => {
    const auditorMay = auditorMayCall(def);
    return async (ctx: Context) => {
      if (def.auth === 'public') return;
      const user = await authenticate(deps, ctx, tokens);
      ctx.state.user = user;
      if (user.rol === 'AUDITOR' && !auditorMay) throw errors.auditorReadOnly();
      if (def.auth !== 'authenticated' && !def.auth.includes(user.rol as Rol)) throw errors.forbidden();
    };
  };
}

export function caller(ctx: Context): AuthUser {
  const user = ctx.state.user as AuthUser | undefined;
  if (!user) throw errors.unauthenticated();
  return user;
}
