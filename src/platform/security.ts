import bcrypt from 'bcrypt';
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Rol } from './roles.ts';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * Keyed hash used to look up and reserve e-mails without storing them in plaintext. The key is a
 * server key kept wrapped by the master key (KeyRing.serverKey('lookup')), so rotating the master
 * key does not change the hashes.
 */
export function lookupHasher(key: Buffer): (scope: string, value: string) => string {
  return (scope, value) => createHmac('sha256', key).update(`${scope}\u0000${value}`).digest('base64url');
}

export function hashPassword(password: string, cost: number): Promise<string> {
  return bcrypt.hash(password, cost);
}

// A constant hash to compare against when the user does not exist, so timing does not tell.
const DUMMY_HASH = '$2b$10$CwTycUXWue0Thq9StjUM0uJ8.xVY9TkZ/Nw7hoaM1Nq8DEbCBdC2W';

export function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  return bcrypt.compare(password, hash ?? DUMMY_HASH);
}

export interface TokenClaims {
  /** The user's e-mail. */
  sub: string;
  /** The user's idUsuario: a token opens only the user it was issued to, never a later holder of the e-mail. */
  uid: number;
  rol: Rol;
  iat: number;
  exp: number;
}

// jsonwebtoken first tries to parse a string secret as a PEM key and catches the error: that
// thrown and caught error was about a tenth of the CPU of a simple authenticated GET. The same
// secret bytes as a KeyObject, made once, skip it (and can only ever be an HMAC key).
const secretKeys = new Map<string, KeyObject>();
function secretKey(secret: string): KeyObject {
  let key = secretKeys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    secretKeys.set(secret, key);
  }
  return key;
}

export interface TokenSubject {
  email: string;
  idUsuario: number;
  rol: Rol;
}

export function signToken(secret: string, who: TokenSubject, now: Date, lifetimeMs: number): string {
  const iat = Math.floor(now.getTime() / 1000);
  // iat and exp are set here from the service clock; `noTimestamp` would drop the iat claim.
  const claims = { sub: who.email, uid: who.idUsuario, rol: who.rol, iat, exp: iat + Math.floor(lifetimeMs / 1000) };
  return jwt.sign(claims, secretKey(secret), { algorithm: 'HS256' });
}

/** A token issued further ahead than this is refused: no clock of ours runs that far off. */
const MAX_IAT_SKEW_SECONDS = 60;

/** HS256 only; a bad signature, another alg, a past or missing exp: null. */
export function verifyToken(secret: string, token: string, now: Date): TokenClaims | null {
  try {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const claims = jwt.verify(token, secretKey(secret), { algorithms: ['HS256'], clockTimestamp: nowSeconds });
    if (typeof claims !== 'object' || typeof claims.sub !== 'string' || typeof claims.rol !== 'string') return null;
    if (!Number.isSafeInteger(claims.uid) || (claims.uid as number) < 1) return null;
    // jsonwebtoken accepts a token without exp; ours always carry one, so one without never expiring is refused.
    if (typeof claims.exp !== 'number') return null;
    if (typeof claims.iat !== 'number' || claims.iat > nowSeconds + MAX_IAT_SKEW_SECONDS) return null;
    return claims as TokenClaims;
  } catch {
    return null;
  }
}
