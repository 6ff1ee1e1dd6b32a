import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { ASYNC, exportNow, linesByType, type Manifest } from './bulk-support.ts';
import { newPaciente, practice } from '../clinico/support.ts';

// An EHR's nightly job end to end, with nothing but what a machine client has: its key pair and
// client_id. Token by SMART Backend Services, system export, polls honouring Retry-After in real
// time, files with the same token; then an incremental export with `_since`.

const ec = generateKeyPairSync('ec', { namedCurve: 'P-384' });
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

describe('Bulk Data export by a SMART Backend Services client', function () {
  this.timeout(120_000);
  let srv: TestServer;
  let admin: string;
  let pacienteToken: string;

  async function clientToken(clientId: string, scope: string): Promise<string> {
    const claims = { iss: clientId, sub: clientId, aud: `${srv.url}/fhir/R4/auth/token`, exp: Math.floor(Date.now() / 1000) + 240, jti: randomUUID() };
    const signed = `${b64({ alg: 'ES384', kid: 'k1', typ: 'JWT' })}.${b64(claims)}`;
    const assertion = `${signed}.${sign('sha384', Buffer.from(signed), { key: ec.privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
    const r = await srv.request('POST', '/fhir/R4/auth/token', {
      raw: new URLSearchParams({ grant_type: 'client_credentials', client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer', client_assertion: assertion, scope }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(r.status, r.text).to.equal(200);
    return r.body.access_token;
  }

  async function register(scopes: string[]): Promise<string> {
    const jwks = { keys: [{ ...ec.publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'ES384' }] };
    const r = await srv.request('POST', '/api/admin/clientes-fhir', { token: admin, body: { nombre: `EHR ${scopes.join(' ')}`, jwks, scopes } });
    expect(r.status, r.text).to.equal(201);
    return r.body.clientId;
  }

  /** Kick-off, then polls as told (real seconds), then every file: resources by type. */
  async function exportAll(token: string, query = ''): Promise<{ manifest: Manifest; byType: Map<string, any[]> }> {
    const manifest = await exportNow(srv, `$export${query}`, token, ASYNC);
    return { manifest, byType: await linesByType(srv, manifest, token) };
  }

  before(async () => {
    srv = await startTestServer({ env: { BULK_EXPORT_RETRY_AFTER_SECONDS: '1' } });
    admin = await srv.adminToken();
    const { psicologo, paciente } = await practice(srv, admin);
    pacienteToken = paciente.token;
    await newPaciente(srv);
    const cita = await srv.request('POST', '/api/citas', { token: paciente.token, body: { idPsicologo: psicologo.idPsicologo, startDatetime: '2027-03-01T10:00:00', durationMinutes: 50, motivo: null } });
    expect(cita.status, cita.text).to.equal(201);
    const s = await srv.request('POST', '/api/psicologo/sesiones', { token: psicologo.token, body: { idCita: cita.body.idCita, idPaciente: paciente.idPaciente, sessionDate: '2027-03-01T10:00:00', durationMinutes: 50, notas: 'Notas de la sesión', recomendaciones: null } });
    expect(s.status, s.text).to.equal(201);
    expect((await srv.request('POST', '/api/diario-emocional', { token: paciente.token, body: { emocion: 'Calma', intensidad: 4 } })).status).to.equal(201);
  });
  after(async () => srv?.stop());

  it('exports every patient with system/*.read, never the psychotherapy notes; the files need the token; logged as the client', async () => {
    const clientId = await register(['system/*.read']);
    const token = await clientToken(clientId, 'system/*.read');
    const { manifest, byType } = await exportAll(token);
    expect(manifest.requiresAccessToken).to.equal(true);
    expect(byType.get('Patient')).to.have.length(2);
    expect(byType.get('Appointment')).to.have.length(1);
    expect(byType.get('Encounter')).to.have.length(1);
    expect(byType.get('Observation')).to.have.length(1);
    expect(byType.has('DocumentReference'), 'notes need a scope naming DocumentReference').to.equal(false);
    const file = new URL(manifest.output[0].url).pathname;
    expect((await srv.request('GET', file)).status).to.equal(401);
    const logged = await srv.deps.knex('accesos_clinicos').where({ recurso: 'FHIR $export', rol: 'CLIENTE_FHIR' });
    expect(logged).to.have.length(2);
    expect(logged.every((r) => r.id_usuario === null && r.id_cliente_fhir !== null)).to.equal(true);

    // The next night: only what changed since the manifest's transactionTime.
    const since = encodeURIComponent(manifest.transactionTime);
    expect([...(await exportAll(token, `?_since=${since}`)).byType.values()].flat()).to.deep.equal([]);
    const entrada = await srv.request('POST', '/api/diario-emocional', { token: pacienteToken, body: { emocion: 'Alegría', intensidad: 7 } });
    expect(entrada.status, entrada.text).to.equal(201);
    const next = await exportAll(token, `?_since=${since}`);
    // The entry, and who wrote it (Provenance, when served).
    expect([...next.byType.keys()].filter((t) => t !== 'Provenance')).to.deep.equal(['Observation']);
    expect(next.byType.get('Observation')!.map((o) => o.id)).to.deep.equal([`diario-${entrada.body.idDiario}`]);
  });

  it('a client whose scopes name only Observation exports only Observation, and is refused other types', async () => {
    const clientId = await register(['system/Observation.read']);
    const token = await clientToken(clientId, 'system/Observation.read');
    const { byType } = await exportAll(token);
    expect([...byType.keys()]).to.deep.equal(['Observation']);
    const refused = await srv.request('GET', '/fhir/R4/$export?_type=Patient', { token, headers: { Prefer: 'respond-async', Accept: 'application/fhir+json' } });
    expect(refused.status, refused.text).to.equal(403);
    expect(refused.body.resourceType).to.equal('OperationOutcome');
    expect((await srv.request('GET', '/fhir/R4/Patient', { token })).status).to.equal(403);
    expect((await srv.request('GET', '/fhir/R4/Observation', { token })).status).to.equal(200);
  });
});
