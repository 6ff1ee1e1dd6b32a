import type { Context } from 'koa';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { clientAddress } from '../../throttling.ts';
import { signClientToken, ACCESS_TOKEN_SECONDS } from './access-token.ts';
import { checkAssertion } from './assertion.ts';
import { answerOAuthError, invalidClient, invalidRequest, noStore, OAuthError, readForm, single } from './oauth.ts';
import { jtiGuard } from './replay.ts';
import { grantScopes, NOTAS } from './scopes.ts';

// POST [base]/auth/token: the client_credentials grant with a private_key_jwt assertion
// (SMART App Launch 2.x Backend Services; RFC 6749 §4.4, RFC 7523 §2.2).

export const MAX_TOKEN_REQUEST_BYTES = 16 * 1024;
export const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** The endpoint's absolute URL: what a client's assertion must name as `aud`. */
export type TokenUrl = (ctx: Context) => string;

interface TokenRequest {
  assertion: string;
  scope: string | undefined;
  clientId: string | undefined;
}

/** The grant's parameters, checked in the order RFC 6749 §5.2 names their errors. */
function tokenRequest(form: URLSearchParams): TokenRequest {
  const grantType = single(form, 'grant_type');
  if (grantType === undefined) throw invalidRequest('grant_type is required');
  if (grantType !== 'client_credentials') throw new OAuthError(400, 'unsupported_grant_type', 'only grant_type=client_credentials is supported');
  const assertionType = single(form, 'client_assertion_type');
  if (assertionType !== JWT_BEARER) throw invalidRequest(`client_assertion_type must be ${JWT_BEARER}`);
  const assertion = single(form, 'client_assertion');
  if (assertion === undefined) throw invalidRequest('client_assertion is required');
  return { assertion, scope: single(form, 'scope'), clientId: single(form, 'client_id') };
}

export function tokenHandler(deps: AppDeps, tokenUrl: TokenUrl) {
  const claimJti = jtiGuard(deps.knex);
  const issue = async (ctx: Context) => {
    const address = clientAddress(ctx, deps.config.limits.trustProxy);
    const wait = await deps.throttles.auth.hit(address); // counted with the logins of that address
    if (wait !== null) throw new OAuthError(429, 'invalid_request', 'too many token requests; retry later', { 'Retry-After': String(Math.max(1, Math.ceil(wait))) });
    const req = tokenRequest(await readForm(ctx, MAX_TOKEN_REQUEST_BYTES));
    let url: string;
    try {
      url = tokenUrl(ctx);
    } catch (err) {
      if (err instanceof AppError) throw invalidRequest('missing or invalid Host header');
      throw err;
    }
    const now = deps.clock.now();
    const { client, jti, exp } = await checkAssertion(deps.knex, req.assertion, url, now);
    if (req.clientId !== undefined && req.clientId !== client.clientId) throw invalidClient('client_id does not match the assertion\'s iss');
    await claimJti(client.clientId, jti, exp, now);
    if (req.scope === undefined) throw new OAuthError(400, 'invalid_scope', 'scope is required, e.g. system/*.read');
    const granted = grantScopes(req.scope, client.scopes);
    if (granted.length === 0) {
      const notes = req.scope.includes(`/${NOTAS}.`) ? `; ${NOTAS} (session notes) only to a client registered with a scope naming it, never by system/*` : '';
      throw new OAuthError(400, 'invalid_scope', `none of the requested scopes is allowed to this client (allowed: ${client.scopes.join(' ')})${notes}`);
    }
    const scope = granted.join(' ');
    noStore(ctx);
    ctx.type = 'application/json';
    ctx.body = {
      access_token: signClientToken(deps.config.jwtSecret, { sub: client.clientId, cid: client.idCliente, scope }, now),
      token_type: 'bearer', expires_in: ACCESS_TOKEN_SECONDS, scope,
    };
  };
  return async (ctx: Context) => {
    try {
      await issue(ctx);
    } catch (err) {
      if (!(err instanceof OAuthError)) throw err;
      answerOAuthError(ctx, err);
    }
  };
}
