import { generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import { expect } from 'chai';
import type { TestServer } from '../support/server.ts';
import type { Clock } from '../../src/platform/clock.ts';

// What the Bulk Data and SMART attack test needs: key pairs, signed assertions, a registered
// machine client, and the checks every answer must pass (an OperationOutcome or an RFC 6749 body,
// never a 500, never a path of DATA_DIR).

export type Res = Awaited<ReturnType<TestServer['request']>>;

export const ec = generateKeyPairSync('ec', { namedCurve: 'P-384' });
export const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
export const jwk = (key: KeyObject, kid: string, extra: Record<string, unknown> = {}) => ({ ...key.export({ format: 'jwk' }), kid, ...extra });
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
export const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** A compact JWS: ES384 or RS384 as the header says, signed with `key`. */
export function jws(header: Record<string, unknown>, claims: Record<string, unknown>, key: KeyObject): string {
  const signed = `${b64(header)}.${b64(claims)}`;
  const sig = header.alg === 'ES384'
    ? sign('sha384', Buffer.from(signed), { key, dsaEncoding: 'ieee-p1363' })
    : sign('sha384', Buffer.from(signed), key);
  return `${signed}.${sig.toString('base64url')}`;
}

/** The payload of a JWT, unverified. */
export const payloadOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));

export class SmartClients {
  constructor(private readonly srv: TestServer, private readonly clock: Clock, private readonly admin: string) {}

  get tokenUrl() {
    return `${this.srv.url}/fhir/R4/auth/token`;
  }

  /** A client registered with the EC key (kid ec-1) and the RSA key (kid rsa-1), or the keys given. */
  async register(scopes: string[] = ['system/*.read'], keys: unknown[] = [jwk(ec.publicKey, 'ec-1'), jwk(rsa.publicKey, 'rsa-1')]): Promise<{ idCliente: number; clientId: string }> {
    const r = await this.srv.request('POST', '/api/admin/clientes-fhir', { token: this.admin, body: { nombre: 'Sistema Confidencial Norte', jwks: { keys }, scopes } });
    expect(r.status, r.text).to.equal(201);
    return r.body;
  }

  claims(clientId: string, over: Record<string, unknown> = {}) {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return { iss: clientId, sub: clientId, aud: this.tokenUrl, exp: now + 240, jti: randomUUID(), ...over };
  }

  assertion(clientId: string, over: Record<string, unknown> = {}, header: Record<string, unknown> = { alg: 'ES384', kid: 'ec-1' }, key: KeyObject = ec.privateKey) {
    return jws(header, this.claims(clientId, over), key);
  }

  form(params: Record<string, string>, contentType = 'application/x-www-form-urlencoded') {
    return this.srv.request('POST', '/fhir/R4/auth/token', { raw: new URLSearchParams(params).toString(), headers: { 'Content-Type': contentType } });
  }

  tokenFor(assertion: string, scope = 'system/*.read') {
    return this.form({ grant_type: 'client_credentials', client_assertion_type: JWT_BEARER, client_assertion: assertion, scope });
  }

  async token(clientId: string, scope = 'system/*.read'): Promise<string> {
    const r = await this.tokenFor(this.assertion(clientId), scope);
    expect(r.status, r.text).to.equal(200);
    return r.body.access_token;
  }
}

/** An RFC 6749 §5.2 error: JSON, no-store, `error` and a description. */
export function oauthError(r: Res, status: number, error: string, why?: RegExp): void {
  expect(r.status, r.text).to.equal(status);
  expect(r.headers.get('content-type')).to.match(/^application\/json/);
  expect(r.headers.get('cache-control')).to.equal('no-store');
  expect(Object.keys(r.body).sort()).to.deep.equal(['error', 'error_description']);
  expect(r.body.error).to.equal(error);
  if (why) expect(r.body.error_description).to.match(why);
}

/** A FHIR error: its status (or any 4xx when `status` is a list), an OperationOutcome, no path of DATA_DIR. */
export function fhirError(srv: TestServer, r: Res, status: number | number[]): void {
  if (Array.isArray(status)) expect(status, `${r.status} ${r.text}`).to.include(r.status);
  else expect(r.status, r.text).to.equal(status);
  expect(r.headers.get('content-type'), r.text).to.match(/^application\/fhir\+json/);
  expect(r.body.resourceType, r.text).to.equal('OperationOutcome');
  expect(r.text).not.to.include(srv.config.dataDir);
}
