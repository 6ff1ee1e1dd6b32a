import { createHmac, generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectError, pacienteBody } from '../http/helpers.ts';
import { verifySmartAccessToken } from '../../src/http/fhir/smart/index.ts';
import { rebuildProjections } from '../../src/cli/rebuild-projections.ts';

// SMART Backend Services (App Launch 2.x; Bulk Data IG v2.0.0): an admin registers a system with its
// public keys; the system gets 5-minute tokens with a JWT it signs (client_credentials +
// private_key_jwt), exactly as an EHR's export job does, and every assertion a careful
// authorization server must refuse is refused.

type Res = Awaited<ReturnType<TestServer['request']>>;

const ec = generateKeyPairSync('ec', { namedCurve: 'P-384' });
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const otherEc = generateKeyPairSync('ec', { namedCurve: 'P-384' });
const jwk = (key: KeyObject, kid: string, alg?: string) => ({ ...key.export({ format: 'jwk' }), kid, ...(alg ? { alg } : {}) });
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** A compact JWS signed as the header's alg says (or unsigned for `none`, HMAC for HS256). */
function jws(header: Record<string, unknown>, claims: Record<string, unknown>, key?: KeyObject | string): string {
  const signed = `${b64(header)}.${b64(claims)}`;
  const alg = header.alg;
  let sig = Buffer.alloc(0);
  if (alg === 'ES384') sig = sign('sha384', Buffer.from(signed), { key: key as KeyObject, dsaEncoding: 'ieee-p1363' });
  if (alg === 'RS384') sig = sign('sha384', Buffer.from(signed), key as KeyObject);
  if (alg === 'RS256') sig = sign('sha256', Buffer.from(signed), key as KeyObject);
  if (alg === 'HS256') sig = createHmac('sha256', key as string).update(signed).digest();
  return `${signed}.${sig.toString('base64url')}`;
}

describe('SMART Backend Services (client registration, /fhir/R4/auth/token)', function () {
  this.timeout(60_000);
  let srv: TestServer;
  let admin: string;
  let tokenUrl: string;
  let client: { idCliente: number; clientId: string };

  const register = (body: unknown, token = admin) => srv.request('POST', '/api/admin/clientes-fhir', { token, body });
  const claims = (over: Record<string, unknown> = {}, clientId = client.clientId) => ({
    iss: clientId, sub: clientId, aud: tokenUrl, exp: Math.floor(Date.now() / 1000) + 240, jti: randomUUID(), ...over,
  });
  const esAssertion = (over: Record<string, unknown> = {}, clientId?: string) => jws({ alg: 'ES384', kid: 'ec-1', typ: 'JWT' }, claims(over, clientId), ec.privateKey);
  const requestToken = (params: Record<string, string>, headers: Record<string, string> = {}) =>
    srv.request('POST', '/fhir/R4/auth/token', {
      raw: new URLSearchParams(params).toString(), headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    });
  const tokenFor = (assertion: string, scope = 'system/*.read') => requestToken({
    grant_type: 'client_credentials', client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer', client_assertion: assertion, scope,
  });
  const oauthError = (r: Res, status: number, error: string, why?: RegExp) => {
    expect(r.status, r.text).to.equal(status);
    expect(r.headers.get('content-type')).to.match(/^application\/json/);
    expect(r.headers.get('cache-control')).to.equal('no-store');
    expect(r.body.error).to.equal(error);
    expect(r.body.error_description).to.be.a('string').and.not.equal('');
    if (why) expect(r.body.error_description).to.match(why);
  };

  before(async () => {
    srv = await startTestServer();
    admin = await srv.adminToken();
    tokenUrl = `${srv.url}/fhir/R4/auth/token`;
    const r = await register({ nombre: 'Exportación HCE Hospital Norte', jwks: { keys: [jwk(ec.publicKey, 'ec-1', 'ES384'), jwk(rsa.publicKey, 'rsa-1')] } });
    expect(r.status, r.text).to.equal(201);
    client = r.body;
  });
  after(async () => srv?.stop());

  it('registers a client with an EC P-384 and an RSA key: its client_id, scopes and token URL, listed to the admin', async () => {
    const r = await register({ nombre: 'Analítica', jwks: { keys: [jwk(otherEc.publicKey, 'k')] }, scopes: ['system/Patient.rs', 'system/Observation.read'] });
    expect(r.status, r.text).to.equal(201);
    expect(r.body).to.have.all.keys('idCliente', 'clientId', 'nombre', 'scopes', 'activo', 'registradoEn', 'tokenUrl');
    expect(r.body.clientId).to.match(/^[0-9a-f]{32}$/);
    expect(r.body).to.include({ nombre: 'Analítica', activo: true, tokenUrl });
    expect(r.body.scopes).to.deep.equal(['system/Patient.rs', 'system/Observation.read']);
    expect(client.clientId).to.not.equal(r.body.clientId);
    const list = await srv.request('GET', '/api/admin/clientes-fhir', { token: admin });
    expect(list.status, list.text).to.equal(200);
    const first = list.body.find((c: { idCliente: number }) => c.idCliente === client.idCliente);
    expect(first).to.include({ clientId: client.clientId, activo: true });
    expect(first.scopes).to.deep.equal(['system/*.read']);
    expect(list.text, 'no key material in the list').to.not.include('"x"');
  });

  it('publishes its SMART configuration', async () => {
    const r = await srv.request('GET', '/fhir/R4/.well-known/smart-configuration');
    expect(r.status, r.text).to.equal(200);
    expect(r.body).to.deep.include({
      token_endpoint: tokenUrl, grant_types_supported: ['client_credentials'], token_endpoint_auth_methods_supported: ['private_key_jwt'],
      token_endpoint_auth_signing_alg_values_supported: ['ES384', 'RS384'], capabilities: ['client-confidential-asymmetric', 'permission-v1', 'permission-v2'],
    });
    expect(r.body.scopes_supported).to.include.members(['system/*.read', 'system/*.rs', 'system/Patient.read', 'system/Observation.rs']);
  });

  it('issues a 5-minute bearer token for an ES384 assertion and for an RS384 one, which the FHIR API takes', async () => {
    for (const assertion of [esAssertion(), jws({ alg: 'RS384', kid: 'rsa-1' }, claims(), rsa.privateKey)]) {
      const r = await tokenFor(assertion, 'system/*.read');
      expect(r.status, r.text).to.equal(200);
      expect(r.headers.get('cache-control')).to.equal('no-store');
      expect(r.body).to.have.all.keys('access_token', 'token_type', 'expires_in', 'scope');
      expect(r.body).to.include({ token_type: 'bearer', expires_in: 300, scope: 'system/*.read' });
      const found = await verifySmartAccessToken(srv.deps, r.body.access_token);
      expect(found).to.include({ idCliente: client.idCliente, clientId: client.clientId, nombre: 'Exportación HCE Hospital Norte', types: 'all' });
      expect(found!.scopes).to.deep.equal(['system/*.read']);
      const metadata = await srv.request('GET', '/fhir/R4/Patient', { token: r.body.access_token });
      expect(metadata.status, metadata.text).to.not.equal(401);
    }
  });

  it('grants what was both asked and allowed, in the form asked (SMART v1 .read, v2 .rs)', async () => {
    const r = await tokenFor(esAssertion(), 'system/Patient.rs system/Observation.read system/Patient.write launch');
    expect(r.status, r.text).to.equal(200);
    expect(r.body.scope).to.equal('system/Patient.rs system/Observation.read');
    const found = await verifySmartAccessToken(srv.deps, r.body.access_token);
    expect([...(found!.types as Set<string>)]).to.deep.equal(['Patient', 'Observation']);
  });

  it('refuses a scope the client was not registered for (invalid_scope)', async () => {
    const other = await register({ nombre: 'Solo pacientes', jwks: { keys: [jwk(otherEc.publicKey, 'o-1')] }, scopes: ['system/Patient.read'] });
    expect(other.status, other.text).to.equal(201);
    const assertion = jws({ alg: 'ES384', kid: 'o-1' }, claims({}, other.body.clientId), otherEc.privateKey);
    oauthError(await tokenFor(assertion, 'system/Observation.read system/Encounter.rs'), 400, 'invalid_scope');
    const narrowed = await tokenFor(jws({ alg: 'ES384', kid: 'o-1' }, claims({}, other.body.clientId), otherEc.privateKey), 'system/*.read');
    expect(narrowed.status, narrowed.text).to.equal(200);
    expect(narrowed.body.scope).to.equal('system/Patient.read');
  });

  it('refuses any alg but ES384 and RS384: HS256 keyed with the public key, RS256, none', async () => {
    const publicPem = rsa.publicKey.export({ format: 'pem', type: 'spki' }).toString();
    const hs = jws({ alg: 'HS256', kid: 'rsa-1' }, claims(), publicPem);
    const hsJwk = jws({ alg: 'HS256', kid: 'ec-1' }, claims(), JSON.stringify(jwk(ec.publicKey, 'ec-1')));
    const rs256 = jws({ alg: 'RS256', kid: 'rsa-1' }, claims(), rsa.privateKey);
    const none = jws({ alg: 'none', kid: 'ec-1' }, claims());
    for (const assertion of [hs, hsJwk, rs256, none]) oauthError(await tokenFor(assertion), 401, 'invalid_client', /alg must be ES384 or RS384/);
  });

  it('refuses an unknown kid, a key of another kind, a forged signature, a wrong aud, iss ≠ sub', async () => {
    oauthError(await tokenFor(jws({ alg: 'ES384', kid: 'nope' }, claims(), ec.privateKey)), 401, 'invalid_client', /kid/);
    oauthError(await tokenFor(jws({ alg: 'RS384', kid: 'ec-1' }, claims(), rsa.privateKey)), 401, 'invalid_client', /cannot sign RS384/);
    oauthError(await tokenFor(jws({ alg: 'ES384', kid: 'ec-1' }, claims(), otherEc.privateKey)), 401, 'invalid_client', /signature/);
    oauthError(await tokenFor(esAssertion({ aud: `${srv.url}/fhir/R4/metadata` })), 401, 'invalid_client', /aud/);
    oauthError(await tokenFor(esAssertion({ aud: 'https://elsewhere.example/fhir/R4/auth/token' })), 401, 'invalid_client', /aud/);
    oauthError(await tokenFor(esAssertion({ sub: 'someone-else' })), 401, 'invalid_client', /iss and sub/);
    oauthError(await tokenFor('not-a-jwt'), 401, 'invalid_client');
  });

  it('refuses an expired assertion, one without exp, and one whose exp is more than 5 minutes ahead', async () => {
    const now = Math.floor(Date.now() / 1000);
    oauthError(await tokenFor(esAssertion({ exp: now - 10 })), 401, 'invalid_client', /expired/);
    oauthError(await tokenFor(esAssertion({ exp: undefined })), 401, 'invalid_client', /exp is required/);
    oauthError(await tokenFor(esAssertion({ exp: now + 600 })), 401, 'invalid_client', /5 minutes/);
  });

  it('refuses an assertion used a second time (jti)', async () => {
    const assertion = esAssertion();
    expect((await tokenFor(assertion)).status).to.equal(200);
    oauthError(await tokenFor(assertion), 401, 'invalid_client', /already used/);
    oauthError(await tokenFor(esAssertion({ jti: undefined })), 401, 'invalid_client', /jti is required/);
  });

  it('answers malformed requests with OAuth errors: grant_type, assertion type, JSON body, oversized body', async () => {
    const base = { client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer', client_assertion: esAssertion(), scope: 'system/*.read' };
    oauthError(await requestToken({ ...base, grant_type: 'authorization_code' }), 400, 'unsupported_grant_type');
    oauthError(await requestToken({ ...base, grant_type: 'client_credentials', client_assertion_type: 'urn:x' }), 400, 'invalid_request');
    oauthError(await requestToken({ ...base }), 400, 'invalid_request');
    const json = await srv.request('POST', '/fhir/R4/auth/token', { body: { ...base, grant_type: 'client_credentials' } });
    oauthError(json, 400, 'invalid_request', /x-www-form-urlencoded/);
    oauthError(await requestToken({ ...base, grant_type: 'client_credentials', padding: 'x'.repeat(17 * 1024) }), 413, 'invalid_request');
  });

  it('a client token opens nothing of the REST API, and a user token is no client token', async () => {
    const r = await tokenFor(esAssertion());
    expectError(await srv.request('GET', '/api/admin/clientes-fhir', { token: r.body.access_token }), 401);
    expectError(await srv.request('GET', '/api/citas', { token: r.body.access_token }), 401);
    expect(await verifySmartAccessToken(srv.deps, admin)).to.equal(null);
  });

  it('refuses a private JWK, a short RSA key, a repeated kid, a wrong alg at registration (400), and a non-admin (403)', async () => {
    const withPrivate = { ...jwk(ec.privateKey, 'priv') };
    expect(withPrivate).to.have.property('d');
    expectError(await register({ nombre: 'Fuga', jwks: { keys: [withPrivate] } }), 400, /privad/);
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 });
    expectError(await register({ nombre: 'Corta', jwks: { keys: [jwk(small.publicKey, 's')] } }), 400);
    expectError(await register({ nombre: 'Doble', jwks: { keys: [jwk(ec.publicKey, 'a'), jwk(otherEc.publicKey, 'a')] } }), 400);
    expectError(await register({ nombre: 'Alg', jwks: { keys: [jwk(ec.publicKey, 'a', 'RS384')] } }), 400);
    expectError(await register({ nombre: 'P256', jwks: { keys: [jwk(generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey, 'a')] } }), 400);
    expectError(await register({ nombre: 'Ámbito', jwks: { keys: [jwk(ec.publicKey, 'a')] }, scopes: ['system/*.write'] }), 400);
    const pac = await srv.request('POST', '/auth/register-paciente', { body: pacienteBody() });
    expectError(await register({ nombre: 'Paciente', jwks: { keys: [jwk(ec.publicKey, 'a')] } }, pac.body.token), 403);
  });

  it('revoking a client stops its earlier token at once and refuses new ones', async () => {
    const reg = await register({ nombre: 'Temporal', jwks: { keys: [jwk(otherEc.publicKey, 't-1')] } });
    const assertion = () => jws({ alg: 'ES384', kid: 't-1' }, claims({}, reg.body.clientId), otherEc.privateKey);
    const earlier = await tokenFor(assertion());
    expect(earlier.status, earlier.text).to.equal(200);
    expect(await verifySmartAccessToken(srv.deps, earlier.body.access_token)).to.not.equal(null);
    const del = await srv.request('DELETE', `/api/admin/clientes-fhir/${reg.body.idCliente}`, { token: admin });
    expect(del.status, del.text).to.equal(204);
    expect(await verifySmartAccessToken(srv.deps, earlier.body.access_token)).to.equal(null);
    expect((await srv.request('GET', '/fhir/R4/Patient', { token: earlier.body.access_token })).status).to.equal(401);
    oauthError(await tokenFor(assertion()), 401, 'invalid_client', /revoked/);
    expectError(await srv.request('DELETE', `/api/admin/clientes-fhir/${reg.body.idCliente}`, { token: admin }), 404);
    const list = await srv.request('GET', '/api/admin/clientes-fhir', { token: admin });
    expect(list.body.find((c: { idCliente: number }) => c.idCliente === reg.body.idCliente)).to.include({ activo: false });
  });

  it('rebuilds fhir_clientes from the log exactly; the used jtis are not the log\'s and stay', async () => {
    const knex = srv.db.knex;
    const rows = () => knex('fhir_clientes').orderBy('id_cliente').select('*');
    const [before, jtis] = [await rows(), await knex('fhir_jti_usados').count({ n: '*' }).first()];
    expect(before.length).to.be.greaterThan(2);
    await rebuildProjections(srv.config);
    expect(await rows()).to.deep.equal(before);
    expect(await knex('fhir_jti_usados').count({ n: '*' }).first()).to.deep.equal(jtis);
    expect((await tokenFor(esAssertion())).status, 'the client still gets tokens').to.equal(200);
  });
});
