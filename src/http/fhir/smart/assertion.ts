import { constants, createPublicKey, verify } from 'node:crypto';
import type { Knex } from 'knex';
import { ALGS } from '../../../commands/cliente-fhir-rules.ts';
import { findClienteFhirActivo, type ClienteFhirActivo } from '../../../queries/fhir-clientes.ts';
import { invalidClient } from './oauth.ts';

// The client's authentication: a JWT it signed with one of its registered keys (RFC 7523 §2.2),
// checked as SMART Backend Services says (App Launch 2.x, "Authenticating to the token endpoint").
// Checked by hand rather than through a JWT library so that no alg but ES384 and RS384 is ever
// considered, whatever a library would default to.

/** An assertion lives at most this long: its exp is no later than now + 5 minutes. */
export const MAX_ASSERTION_SECONDS = 300;
/** How far ahead of ours a client's clock may run (on exp and nbf). */
const SKEW_SECONDS = 30;
const B64URL = /^[A-Za-z0-9_-]+$/;
const CLIENT_ID = /^[\x20-\x7e]{1,255}$/;
const TEXT = /^[^\u0000-\u001f\u007f]{1,255}$/;

export interface CheckedAssertion {
  client: ClienteFhirActivo;
  jti: string;
  exp: number;
}

function json(part: string, what: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    /* below */
  }
  throw invalidClient(`client_assertion: the ${what} is not a JSON object`);
}

/** The signature by the registered key named `kid`, for the header's alg. */
function checkSignature(client: ClienteFhirActivo, alg: 'ES384' | 'RS384', kid: unknown, signed: string, signature: string): void {
  const jwk = client.jwks.keys.find((k) => k.kid === kid);
  if (typeof kid !== 'string' || !jwk) throw invalidClient('client_assertion: kid is not one of the client\'s registered keys');
  if (ALGS[jwk.kty as keyof typeof ALGS] !== alg) throw invalidClient(`client_assertion: key ${kid} cannot sign ${alg}`);
  const key = createPublicKey({ key: jwk as never, format: 'jwk' });
  const sig = Buffer.from(signature, 'base64url');
  const ok = alg === 'ES384'
    ? sig.length === 96 && verify('sha384', Buffer.from(signed), { key, dsaEncoding: 'ieee-p1363' }, sig)
    : verify('sha384', Buffer.from(signed), { key, padding: constants.RSA_PKCS1_PADDING }, sig);
  if (!ok) throw invalidClient('client_assertion: the signature does not verify');
}

/** exp present, not past, at most 5 minutes ahead; nbf, when given, reached; jti a short text. */
function checkClaims(claims: Record<string, unknown>, tokenUrl: string, nowSeconds: number): { jti: string; exp: number } {
  const aud = claims.aud;
  if (!(aud === tokenUrl || (Array.isArray(aud) && aud.includes(tokenUrl)))) throw invalidClient(`client_assertion: aud must be ${tokenUrl}`);
  const { exp, nbf, iat, jti } = claims;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) throw invalidClient('client_assertion: exp is required');
  if (exp <= nowSeconds) throw invalidClient('client_assertion: expired');
  if (exp > nowSeconds + MAX_ASSERTION_SECONDS + SKEW_SECONDS) throw invalidClient('client_assertion: exp is more than 5 minutes in the future');
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > nowSeconds + SKEW_SECONDS)) throw invalidClient('client_assertion: not valid yet (nbf)');
  // RFC 7519 §4.1.6: a NumericDate; one ahead of our clock (past the skew) was not issued yet.
  if (iat !== undefined && (typeof iat !== 'number' || iat > nowSeconds + SKEW_SECONDS)) throw invalidClient('client_assertion: iat is in the future or not a NumericDate');
  // Stored in fhir_jti_usados: no control characters (a NUL is no PostgreSQL text).
  if (typeof jti !== 'string' || !TEXT.test(jti)) throw invalidClient('client_assertion: jti is required (1 to 255 characters, no control characters)');
  return { jti, exp };
}

/** The active client the assertion authenticates, or invalid_client saying what failed. */
export async function checkAssertion(knex: Knex, assertion: string, tokenUrl: string, now: Date): Promise<CheckedAssertion> {
  const parts = assertion.split('.');
  // An empty signature gets as far as the alg check (`none` is refused by name).
  if (parts.length !== 3 || !B64URL.test(parts[0]) || !B64URL.test(parts[1]) || !(parts[2] === '' || B64URL.test(parts[2]))) throw invalidClient('client_assertion is not a signed JWT (JWS compact serialization)');
  const header = json(parts[0], 'JWT header');
  const claims = json(parts[1], 'JWT payload');
  const alg = header.alg;
  if (alg !== 'ES384' && alg !== 'RS384') throw invalidClient('client_assertion: alg must be ES384 or RS384');
  // RFC 7515 §4.1.11: extensions marked critical that we do not understand (we understand none) refuse the JWS.
  if (header.crit !== undefined) throw invalidClient('client_assertion: crit header parameters are not supported');
  const { iss, sub } = claims;
  // A client_id is printable ASCII (RFC 6749 A.1); anything else (a NUL) is refused before the database sees it.
  if (typeof iss !== 'string' || !CLIENT_ID.test(iss) || iss !== sub) throw invalidClient('client_assertion: iss and sub must both be the client_id');
  const client = await findClienteFhirActivo(knex, iss);
  if (!client) throw invalidClient('client_assertion: unknown or revoked client');
  checkSignature(client, alg, header.kid, `${parts[0]}.${parts[1]}`, parts[2]);
  return { client, ...checkClaims(claims, tokenUrl, Math.floor(now.getTime() / 1000)) };
}
