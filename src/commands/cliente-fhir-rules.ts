import { createPublicKey } from 'node:crypto';
import { errors } from '../platform/errors.ts';
import type { JwkPublica } from '../events/cliente-fhir.ts';

// What a SMART Backend Services client may be registered with (docs/fhir.md "SMART Backend
// Services"): its public keys, checked here once so that the token endpoint only ever meets keys it
// can use, and the system scopes of the read-only API.

/** The FHIR resource types served (issue 26; ChargeItem and Invoice, issue 32), plus Group for the Group-level export. */
export const FHIR_TIPOS = [
  'Patient', 'Practitioner', 'PractitionerRole', 'Schedule', 'Slot', 'Appointment', 'Encounter', 'DocumentReference',
  'Condition', 'CarePlan', 'Observation', 'Questionnaire', 'QuestionnaireResponse', 'Communication', 'ChargeItem', 'Invoice',
  'Provenance', 'Group',
] as const;

/** Every scope a client may hold: SMART v1 `.read` and v2 `.rs` (read and search), for all types or one. */
export const SCOPES_SISTEMA: readonly string[] = ['*', ...FHIR_TIPOS].flatMap((t) => [`system/${t}.read`, `system/${t}.rs`]);

export const ALGS = { EC: 'ES384', RSA: 'RS384' } as const;
const MAX_KEYS = 10;
const MAX_RSA_BITS = 8192; // a bigger key only makes every verification slower
/** Members of a private JWK (RFC 7518 §6.2.2, §6.3.2, §6.4): a client must never hand them over. */
const PRIVADOS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];
const PUBLICOS = { EC: ['kty', 'kid', 'alg', 'use', 'crv', 'x', 'y'], RSA: ['kty', 'kid', 'alg', 'use', 'n', 'e'] } as const;

const invalid = (es: string, en: string) => errors.invalid(`jwks: ${es}`, `jwks: ${en}`);

/** One key's public members, or 400 naming what is wrong with it. */
function clavePublica(raw: unknown, i: number): JwkPublica {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw invalid(`la clave ${i + 1} no es un objeto JWK`, `key ${i + 1} is not a JWK object`);
  const jwk = raw as Record<string, unknown>;
  const privados = PRIVADOS.filter((m) => m in jwk);
  if (privados.length > 0) {
    throw invalid(`la clave ${i + 1} contiene miembros privados (${privados.join(', ')}): registre solo la clave pública`,
      `key ${i + 1} has private members (${privados.join(', ')}): register the public key only`);
  }
  const kty = jwk.kty;
  if (kty !== 'EC' && kty !== 'RSA') throw invalid(`la clave ${i + 1} debe tener kty EC o RSA`, `key ${i + 1} must have kty EC or RSA`);
  const out: JwkPublica = {};
  for (const m of PUBLICOS[kty]) {
    if (jwk[m] === undefined) continue;
    if (typeof jwk[m] !== 'string' || (jwk[m] as string).length > 2048) throw invalid(`${m} de la clave ${i + 1} debe ser un texto`, `${m} of key ${i + 1} must be a string`);
    out[m] = jwk[m] as string;
  }
  if (!out.kid || out.kid.length > 255) throw invalid(`la clave ${i + 1} necesita un kid de 1 a 255 caracteres`, `key ${i + 1} needs a kid of 1 to 255 characters`);
  if (out.alg !== undefined && out.alg !== ALGS[kty]) throw invalid(`alg de la clave ${out.kid} debe ser ${ALGS[kty]}`, `alg of key ${out.kid} must be ${ALGS[kty]}`);
  if (out.use !== undefined && out.use !== 'sig') throw invalid(`use de la clave ${out.kid} debe ser sig`, `use of key ${out.kid} must be sig`);
  // RFC 7517 §4.3: key_ops, when given, says what the key is for; a client's key only verifies its signatures.
  const ops = jwk.key_ops;
  if (ops !== undefined && !(Array.isArray(ops) && ops.length === 1 && ops[0] === 'verify')) {
    throw invalid(`key_ops de la clave ${out.kid} debe ser ["verify"]`, `key_ops of key ${out.kid} must be ["verify"]`);
  }
  if (kty === 'EC' && out.crv !== 'P-384') throw invalid(`la clave EC ${out.kid} debe ser de la curva P-384`, `EC key ${out.kid} must be on curve P-384`);
  checkUsable(out, kty);
  return out;
}

/** The key must import (a point on the curve, a well-formed modulus) and an RSA key have 2048 to 8192 bits. */
function checkUsable(jwk: JwkPublica, kty: 'EC' | 'RSA'): void {
  let bits: number | undefined;
  try {
    bits = createPublicKey({ key: jwk as never, format: 'jwk' }).asymmetricKeyDetails?.modulusLength;
  } catch {
    throw invalid(`la clave ${jwk.kid} no es una clave pública ${kty} válida`, `key ${jwk.kid} is not a valid ${kty} public key`);
  }
  if (kty === 'RSA' && (bits === undefined || bits < 2048 || bits > MAX_RSA_BITS)) {
    throw invalid(`la clave RSA ${jwk.kid} debe tener de 2048 a ${MAX_RSA_BITS} bits`, `RSA key ${jwk.kid} must have 2048 to ${MAX_RSA_BITS} bits`);
  }
}

/** The key set with only public members; 400 for a private member, an unusable key or a repeated kid. */
export function jwksPublico(jwks: unknown): { keys: JwkPublica[] } {
  const keys = (jwks as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys) || keys.length < 1 || keys.length > MAX_KEYS) {
    throw invalid(`se esperaba {"keys": [...]} con 1 a ${MAX_KEYS} claves`, `expected {"keys": [...]} with 1 to ${MAX_KEYS} keys`);
  }
  const out = keys.map(clavePublica);
  const kids = out.map((k) => k.kid);
  const repetido = kids.find((kid, i) => kids.indexOf(kid) !== i);
  if (repetido !== undefined) throw invalid(`kid repetido: ${repetido}`, `repeated kid: ${repetido}`);
  return { keys: out };
}

/** The allowed scopes, each once, in a stable order; 400 for an unknown one or none. */
export function scopesPermitidos(scopes: readonly string[]): string[] {
  const unknown = scopes.find((sc) => !SCOPES_SISTEMA.includes(sc));
  if (unknown !== undefined) throw errors.invalid(`scopes: ámbito no admitido: ${unknown}`, `scopes: unsupported scope: ${unknown}`);
  const out = [...new Set(scopes)];
  if (out.length === 0) throw errors.invalid('scopes: indique al menos un ámbito', 'scopes: give at least one scope');
  return out;
}
