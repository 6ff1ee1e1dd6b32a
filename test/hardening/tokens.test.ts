import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { startTestServer, type TestServer } from '../support/server.ts';
import { decodeJwt, expectError, pacienteBody, uniqueEmail } from '../http/helpers.ts';

// A token opens only the user it was issued to: by id, not by the e-mail it names.
describe('tokens name their user by id', () => {
  let srv: TestServer;
  let admin: string;
  before(async () => {
    srv = await startTestServer();
    admin = await srv.adminToken();
  });
  after(() => srv?.stop());

  const register = async (email: string) => {
    const r = await srv.request('POST', '/auth/register-paciente', { body: pacienteBody({}, { email }) });
    expect(r.status, r.text).to.equal(200);
    return r.body as { token: string; idPaciente: number; idUsuario: number };
  };
  const ajustes = (token: string) => srv.request('GET', '/api/ajustes', { token });

  it("refuses an erased patient's token, also after someone registers again with the same e-mail", async () => {
    const email = uniqueEmail('again');
    const first = await register(email);
    expect((await ajustes(first.token)).status).to.equal(200);
    const erased = await srv.request('DELETE', `/api/pacientes/${first.idPaciente}`, { token: admin });
    expect(erased.status, erased.text).to.be.oneOf([200, 204]);
    expectError(await ajustes(first.token), 401);

    const second = await register(email);
    expect(second.idUsuario).to.not.equal(first.idUsuario);
    expect(decodeJwt(second.token).payload.uid).to.equal(second.idUsuario);
    expect((await ajustes(second.token)).status).to.equal(200);
    expectError(await ajustes(first.token), 401);
    // The old token reads nothing of the new account over STOMP either: same check (src/realtime/host.ts).
  });

  it("refuses a deactivated patient's unexpired token", async () => {
    const p = await register(uniqueEmail('baja'));
    expect((await srv.request('PUT', `/auth/pacientes/${p.idPaciente}/baja`, { token: admin })).status).to.equal(200);
    expectError(await ajustes(p.token), 401);
  });

  it('refuses a token issued more than 60 s in the future, accepts small clock skew', async () => {
    const p = await register(uniqueEmail('iat'));
    const { payload } = decodeJwt(p.token);
    const now = Math.floor(Date.now() / 1000);
    const sign = (iat: number) => jwt.sign({ ...payload, iat, exp: iat + 3600 }, srv.config.jwtSecret, { algorithm: 'HS256' });
    expectError(await ajustes(sign(now + 120)), 401);
    expectError(await ajustes(sign(now + 3600 * 24 * 365)), 401);
    expect((await ajustes(sign(now + 30))).status).to.equal(200);
  });
});
