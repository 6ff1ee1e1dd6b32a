import { expect } from 'chai';
import { allRoutes } from '../../src/http/app.ts';
import type { RouteDef } from '../../src/http/routes.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { adminBody, expectError, pacienteBody, psicologoBody } from '../http/helpers.ts';

type Rol = 'ADMIN' | 'PSICOLOGO' | 'PACIENTE' | 'AUDITOR';
const ROLES: Rol[] = ['ADMIN', 'PSICOLOGO', 'PACIENTE', 'AUDITOR'];

/** A concrete URL for a route: integer ids for id params, harmless strings for string params. */
function concrete(def: RouteDef): string {
  return def.path.replace(/:(\w+)/g, (_, name: string) => (name === 'name' ? 'x.png' : name === 'token' ? 'tok' : '1'));
}

// Walks every endpoint the API declares, so a new endpoint is covered the day it is added.
describe('access control on every endpoint', function () {
  this.timeout(120_000);
  let srv: TestServer;
  const tokens = {} as Record<Rol, string>;
  let defs: RouteDef[];

  before(async () => {
    srv = await startTestServer();
    defs = allRoutes(srv.deps);
    tokens.ADMIN = await srv.adminToken();
    const pac = await srv.request('POST', '/auth/register-paciente', { body: pacienteBody() });
    tokens.PACIENTE = pac.body.token;
    const psi = await srv.request('POST', '/auth/register-psicologo', { body: psicologoBody(), token: tokens.ADMIN });
    tokens.PSICOLOGO = psi.body.token;
    const aud = await srv.request('POST', '/auth/register-auditor', { body: adminBody(), token: tokens.ADMIN });
    tokens.AUDITOR = aud.body.token;
    expect(tokens.PACIENTE && tokens.PSICOLOGO && tokens.AUDITOR).to.be.a('string');
  });
  after(async () => {
    await srv?.stop();
  });

  it('declares a role rule for every endpoint', () => {
    expect(defs.length).to.be.greaterThan(5);
    for (const d of defs) expect(d.auth, `${d.method} ${d.path}`).to.satisfy((a: unknown) => a === 'public' || a === 'authenticated' || Array.isArray(a));
  });

  it('answers 401 with the error body without a token, on every protected endpoint', async () => {
    for (const d of defs.filter((x) => x.auth !== 'public')) {
      const r = await srv.request(d.method.toUpperCase(), concrete(d), { body: d.body ? {} : undefined });
      expectError(r, 401);
    }
  });

  it('answers 401 to a token signed with another secret, on every protected endpoint', async () => {
    const [h, p] = tokens.ADMIN.split('.');
    const forged = `${h}.${p}.${Buffer.from('not-the-signature').toString('base64url')}`;
    for (const d of defs.filter((x) => x.auth !== 'public')) {
      expectError(await srv.request(d.method.toUpperCase(), concrete(d), { token: forged, body: d.body ? {} : undefined }), 401);
    }
  });

  it('answers 403 to every role the endpoint does not allow', async () => {
    let checked = 0;
    for (const d of defs) {
      if (!Array.isArray(d.auth)) continue;
      for (const rol of ROLES.filter((r) => !(d.auth as Rol[]).includes(r))) {
        const r = await srv.request(d.method.toUpperCase(), concrete(d), { token: tokens[rol], body: d.body ? {} : undefined });
        expect(r.status, `${rol} ${d.method} ${d.path}: ${r.text}`).to.equal(403);
        expectError(r, 403);
        checked++;
      }
    }
    expect(checked).to.be.greaterThan(0);
  });

  it('never answers a password hash or a password, to any role, on any readable list', async () => {
    for (const d of defs.filter((x) => x.method === 'get' && !x.path.includes(':'))) {
      for (const rol of ROLES) {
        if (Array.isArray(d.auth) && !d.auth.includes(rol)) continue;
        const r = await srv.request('GET', concrete(d) + (d.query ? '?month=2030-01&idPaciente=1' : ''), { token: tokens[rol] });
        expect(r.status, `${rol} GET ${d.path}`).to.be.below(500);
        expect(r.text, `${rol} GET ${d.path}`).not.to.match(/\$2[aby]\$|"password/i);
      }
    }
  });
});
