import type Router from '@koa/router';
import type { Context } from 'koa';
import type { AppDeps } from '../../deps.ts';
import { publicBase } from '../../public-url.ts';
import { FHIR_BASE_PATH } from '../gateway.ts';
import { SCOPES_SISTEMA } from '../../../commands/cliente-fhir-rules.ts';
import { findClienteFhirActivo } from '../../../queries/fhir-clientes.ts';
import { verifyClientToken } from './access-token.ts';
import { grantScopes, grantsNotes, scopeTypes } from './scopes.ts';
import { tokenHandler } from './token.ts';

// SMART Backend Services for the FHIR API (docs/fhir.md "SMART Backend Services"): the token
// endpoint, its discovery document, and the check of the tokens it issues.

/** A machine client a FHIR request was authenticated as. */
export interface SmartClient {
  idCliente: number;
  clientId: string;
  nombre: string;
  /** The scopes its token was granted. */
  scopes: string[];
  /** The resource types those scopes open. */
  types: 'all' | Set<string>;
  /** Whether a scope names DocumentReference (psychotherapy notes; `*` never does). */
  notas: boolean;
}

export const TOKEN_PATH = `${FHIR_BASE_PATH}/auth/token`;

/** The token endpoint's absolute URL as clients reach it (PUBLIC_BASE_URL, else the request's; 400 for a bad Host). */
export function smartTokenUrl(deps: AppDeps, ctx: Context): string {
  return `${publicBase(ctx, { publicBaseUrl: deps.config.publicBaseUrl, trustProxy: deps.config.limits.trustProxy })}${TOKEN_PATH}`;
}

function smartConfiguration(deps: AppDeps, ctx: Context) {
  return {
    token_endpoint: smartTokenUrl(deps, ctx),
    grant_types_supported: ['client_credentials'],
    token_endpoint_auth_methods_supported: ['private_key_jwt'],
    token_endpoint_auth_signing_alg_values_supported: ['ES384', 'RS384'],
    scopes_supported: [...SCOPES_SISTEMA],
    capabilities: ['client-confidential-asymmetric', 'permission-v1', 'permission-v2'],
  };
}

/** Adds POST /auth/token and GET /.well-known/smart-configuration to a router prefixed with /fhir/R4. */
export function registerSmartRoutes(router: Router, deps: AppDeps): void {
  router.post('/auth/token', tokenHandler(deps, (ctx) => smartTokenUrl(deps, ctx)));
  router.get('/.well-known/smart-configuration', async (ctx) => {
    ctx.type = 'application/json';
    ctx.body = smartConfiguration(deps, ctx);
  });
}

/** The client a bearer token was issued to; null unless a valid, unexpired client token of a still active client. */
export async function verifySmartAccessToken(deps: AppDeps, token: string): Promise<SmartClient | null> {
  const claims = verifyClientToken(deps.config.jwtSecret, token, deps.clock.now());
  if (!claims) return null;
  // Each request asks: a revoked client's tokens stop at once, not when they expire.
  const client = await findClienteFhirActivo(deps.knex, claims.sub, claims.cid);
  if (!client) return null;
  // Narrowed again to the registration: a token never opens more than its client may be granted
  // now (one issued before a narrower rule, such as `*` never covering notes, included).
  const scopes = grantScopes(claims.scope, client.scopes);
  return { idCliente: client.idCliente, clientId: client.clientId, nombre: client.nombre, scopes, types: scopeTypes(scopes), notas: grantsNotes(scopes) };
}
