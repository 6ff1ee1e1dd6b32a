import { expect } from 'chai';
import { consistencyKey, encodeToken } from '../../src/http/consistency.ts';
import { expectError, pacienteBody } from '../http/helpers.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

// Issue 31 item 5: a consistency token from the future held any GET for READ_YOUR_WRITES_TIMEOUT_MS,
// before authentication, and the OpenAPI document's own example was such a token. Here the wait
// is 60 s and each test has 20 s: a request that waited would fail by mocha's timeout, so every
// assertion below is on an answer, never on a time.

const TOKEN = 'X-Consistency-Token';
const legacy = (position: string) => Buffer.from(position, 'utf8').toString('base64url');
// A token as the previous version issued them, far ahead of any log: 2^63 - 1, since a KurrentDB log's
// positions are byte offsets (the stand-in's start past 2^53), not PostgreSQL's small transaction ids.
const FUTURE = legacy('9223372036854775807/1');

describe('X-Consistency-Token: only a token the service issued may hold a read', function () {
  this.timeout(20_000);
  let srv: TestServer;
  let admin: string;
  let example: string;

  before(async function () {
    this.timeout(120_000);
    srv = await startTestServer({ env: { READ_YOUR_WRITES_TIMEOUT_MS: '60000' } });
    admin = await srv.adminToken();
    const doc = (await srv.request('GET', '/v3/api-docs')).body;
    const param = (doc.paths['/api/admin/situaciones'].get.parameters as { name: string; schema: { example: string } }[]).find((p) => p.name === TOKEN)!;
    example = param.schema.example;
  });
  after(async () => { await srv?.stop(); });

  const read = (headers: Record<string, string>, token: string | null = admin) => srv.request('GET', '/api/admin/situaciones', { token: token ?? undefined, headers });

  it('the OpenAPI document\'s example is answered at once: a 400 in the error body', async () => {
    expectError(await read({ [TOKEN]: example }), 400, /X-Consistency-Token/);
  });

  it('a token ahead of the log\'s head is a 400 at once', async () => {
    expectError(await read({ [TOKEN]: FUTURE }), 400, /X-Consistency-Token/);
  });

  it('a token of another deployment or of another store kind is a 400', async () => {
    expectError(await read({ [TOKEN]: encodeToken(consistencyKey('another deployment\'s secret', 'postgres'), '1/1') }), 400, /X-Consistency-Token/);
    expectError(await read({ [TOKEN]: encodeToken(consistencyKey(srv.config.jwtSecret, 'another-store'), '1/1') }), 400, /X-Consistency-Token/);
  });

  it('authentication comes first: without a login 401, /health and unknown paths ignore the token', async () => {
    expectError(await read({ [TOKEN]: FUTURE }, null), 401);
    expectError(await srv.request('GET', '/api/pacientes/admin', { headers: { [TOKEN]: FUTURE } }), 401);
    expect((await srv.request('GET', '/health', { headers: { [TOKEN]: FUTURE } })).status).to.equal(200);
    expect((await srv.request('GET', '/api/nonsense', { token: admin, headers: { [TOKEN]: FUTURE } })).status).to.equal(404);
  });

  it('FHIR: 401 without a login, an OperationOutcome 400 with one', async () => {
    const anonymous = await srv.request('GET', '/fhir/R4/Patient', { headers: { [TOKEN]: FUTURE } });
    expect(anonymous.status).to.equal(401);
    const r = await srv.request('GET', '/fhir/R4/Patient', { token: admin, headers: { [TOKEN]: example } });
    expect(r.status, r.text).to.equal(400);
    expect(r.body.resourceType).to.equal('OperationOutcome');
  });

  it('a token a write answered reads it back; one in the previous form still does up to the head', async () => {
    const reg = await srv.request('POST', '/auth/register-paciente', { body: pacienteBody() });
    expect(reg.status, reg.text).to.be.oneOf([200, 201]);
    const w = await srv.request('POST', '/api/diario-emocional', { token: reg.body.token, body: { emocion: 'Calma', intensidad: 4 } });
    expect(w.status, w.text).to.equal(201);
    const issued = w.headers.get(TOKEN)!;
    const mine = await srv.request('GET', '/api/diario-emocional', { token: reg.body.token, headers: { [TOKEN]: issued } });
    expect(mine.status, mine.text).to.equal(200);
    expect(mine.body.map((e: { idDiario: number }) => e.idDiario)).to.include(w.body.idDiario);
    const position = Buffer.from(issued, 'base64url').toString('utf8').split('.')[0];
    const old = await srv.request('GET', '/api/diario-emocional', { token: reg.body.token, headers: { [TOKEN]: legacy(position) } });
    expect(old.status, old.text).to.equal(200);
  });
});
