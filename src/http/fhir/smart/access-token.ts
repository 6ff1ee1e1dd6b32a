import { createHmac, createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

// The access tokens handed to SMART Backend Services clients: HS256 JWTs under a key of their own,
// derived from JWT_SECRET, with a type and an audience of their own. A user's token (signed with
// JWT_SECRET itself, no `aud`) never passes here, and a client's never passes the REST API's check.

export const ACCESS_TOKEN_SECONDS = 300;
const AUDIENCE = 'fhir-r4-system';
const TYPE = 'at+jwt'; // RFC 9068's media type of a JWT access token

const keys = new Map<string, KeyObject>();
function clientTokenKey(jwtSecret: string): KeyObject {
  let key = keys.get(jwtSecret);
  if (!key) {
    key = createSecretKey(createHmac('sha256', jwtSecret).update('fhir-client-token').digest());
    keys.set(jwtSecret, key);
  }
  return key;
}

export interface ClientTokenClaims {
  /** The client_id. */
  sub: string;
  /** The client's idCliente. */
  cid: number;
  /** The granted scopes, space-separated. */
  scope: string;
  exp: number;
}

export function signClientToken(jwtSecret: string, claims: Omit<ClientTokenClaims, 'exp'>, now: Date): string {
  const iat = Math.floor(now.getTime() / 1000);
  return jwt.sign({ ...claims, aud: AUDIENCE, iat, exp: iat + ACCESS_TOKEN_SECONDS, jti: randomUUID() }, clientTokenKey(jwtSecret), {
    algorithm: 'HS256', header: { alg: 'HS256', typ: TYPE },
  });
}

/** The claims of a well-signed, unexpired client token; null for anything else (a user's token too). */
export function verifyClientToken(jwtSecret: string, token: string, now: Date): ClientTokenClaims | null {
  try {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const { header, payload } = jwt.verify(token, clientTokenKey(jwtSecret), {
      algorithms: ['HS256'], audience: AUDIENCE, clockTimestamp: nowSeconds, complete: true,
    });
    if (header.typ !== TYPE || typeof payload !== 'object') return null;
    const { sub, cid, scope, exp } = payload as Record<string, unknown>;
    if (typeof sub !== 'string' || !Number.isSafeInteger(cid) || typeof scope !== 'string' || typeof exp !== 'number') return null;
    return { sub, cid: cid as number, scope, exp };
  } catch {
    return null;
  }
}
