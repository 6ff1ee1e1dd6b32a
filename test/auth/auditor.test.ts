import { expect } from 'chai';
import { allRoutes } from '../../src/http/app.ts';
import { auditorMayCall } from '../../src/http/auditor-access.ts';
import type { RouteDef } from '../../src/http/routes.ts';
import { ADMIN_EMAIL, startTestServer, type TestServer } from '../support/server.ts';
import { adminBody, decodeJwt, expectError, pacienteBody, psicologoBody, type Res } from '../http/helpers.ts';
import { RawStomp, stomp } from '../realtime/support.ts';

/** A concrete URL for a route: integer ids for id params, harmless strings for string params. */
const concrete = (def: RouteDef) =>
  def.path.replace(/:(\w+)/g, (_, name: string) => (name === 'name' ? 'x.png' : name === 'token' || name === 'secreto' ? 'tok' : '1'));

const AUDITOR_ONLY = /AUDITOR/;

/** The login response of an auditor: no patient, no psychologist. */
function expectAuditorSession(r: Res) {
  expect(r.status, r.text).to.equal(200);
  expect(r.body).to.have.all.keys('idUsuario', 'nombre', 'rol', 'token', 'idPsicologo', 'idPaciente');
  expect(r.body).to.include({ rol: 'AUDITOR', idPsicologo: null, idPaciente: null });
  expect(decodeJwt(r.body.token).payload).to.include({ rol: 'AUDITOR', uid: r.body.idUsuario });
}

describe('AUDITOR role', function () {
  this.timeout(120_000);
  let srv: TestServer;
  let admin: string;
  let paciente: { token: string; idPaciente: number };
  let psicologo: string;
  let auditor: { token: string; idUsuario: number; email: string; password: string };
  const seen: string[] = [];
  const req = async (method: string, path: string, opts?: Parameters<TestServer['request']>[2]) => {
    const r = await srv.request(method, path, opts);
    seen.push(r.text);
    return r;
  };

  before(async () => {
    srv = await startTestServer();
    admin = await srv.adminToken();
    const pac = await req('POST', '/auth/register-paciente', { body: pacienteBody() });
    paciente = { token: pac.body.token, idPaciente: pac.body.idPaciente };
    psicologo = (await req('POST', '/auth/register-psicologo', { token: admin, body: psicologoBody() })).body.token;
    const b = adminBody({ nombre: 'Inés', apellido: 'Auditora' });
    const r = await req('POST', '/auth/register-auditor', { token: admin, body: b });
    expectAuditorSession(r);
    auditor = { token: r.body.token, idUsuario: r.body.idUsuario, email: b.email, password: b.password };
  });
  after(async () => {
    await srv?.stop();
  });

  describe('POST /auth/register-auditor', () => {
    it('answers 401 without a token and 403 to PACIENTE, PSICOLOGO and AUDITOR', async () => {
      expectError(await req('POST', '/auth/register-auditor', { body: adminBody() }), 401);
      expectError(await req('POST', '/auth/register-auditor', { body: adminBody(), token: paciente.token }), 403);
      expectError(await req('POST', '/auth/register-auditor', { body: adminBody(), token: psicologo }), 403);
      expectError(await req('POST', '/auth/register-auditor', { body: adminBody(), token: auditor.token }), 403, AUDITOR_ONLY);
    });

    it('answers 409 for an e-mail already registered, whatever its role or case', async () => {
      expectError(await req('POST', '/auth/register-auditor', { token: admin, body: adminBody({ email: auditor.email.toUpperCase() }) }), 409);
      expectError(await req('POST', '/auth/register-auditor', { token: admin, body: adminBody({ email: ADMIN_EMAIL }) }), 409);
    });

    it('answers 400 to a bad body, as the administrator registration does', async () => {
      const bad = [adminBody({ password: 'short1' }), adminBody({ email: 'no-es-email' }), adminBody({ nombre: ' ' }), adminBody({ rol: 'ADMIN' }), { nombre: 'x' }, []];
      for (const body of bad) expectError(await req('POST', '/auth/register-auditor', { token: admin, body }), 400);
    });

    it('lets the auditor sign in like anyone, as an AUDITOR', async () => {
      const r = await req('POST', '/auth/login', { body: { email: auditor.email, password: auditor.password } });
      expectAuditorSession(r);
      expect(r.body.idUsuario).to.equal(auditor.idUsuario);
      expect(r.body.nombre).to.equal('Inés');
    });
  });

  describe('GET /auth/auditores', () => {
    it('lists the auditors to an ADMIN, paged, and no one else', async () => {
      const second = await req('POST', '/auth/register-auditor', { token: admin, body: adminBody() });
      expectAuditorSession(second);
      const r = await req('GET', '/auth/auditores', { token: admin });
      expect(r.status, r.text).to.equal(200);
      expect(r.body.map((a: { idUsuario: number }) => a.idUsuario)).to.deep.equal([auditor.idUsuario, second.body.idUsuario]);
      for (const a of r.body) {
        expect(a).to.have.all.keys('idUsuario', 'nombre', 'apellido', 'email', 'rol', 'activo');
        expect(a).to.include({ rol: 'AUDITOR', activo: true });
      }
      const first = await req('GET', '/auth/auditores?limit=1', { token: admin });
      expect(first.body).to.have.length(1);
      const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link') ?? '')?.[1];
      expect(next).to.be.a('string');
      expect((await req('GET', next!, { token: admin })).body.map((a: { idUsuario: number }) => a.idUsuario)).to.deep.equal([second.body.idUsuario]);
      // Administrators and auditors are listed apart.
      const admins = (await req('GET', '/auth/admins', { token: admin })).body.map((a: { rol: string }) => a.rol);
      expect(admins).to.not.include('AUDITOR');
      expectError(await req('GET', '/auth/auditores'), 401);
      expectError(await req('GET', '/auth/auditores', { token: paciente.token }), 403);
      expectError(await req('GET', '/auth/auditores', { token: psicologo }), 403);
      expectError(await req('GET', '/auth/auditores', { token: auditor.token }), 403, AUDITOR_ONLY);
    });
  });

  describe('what an auditor may read', () => {
    it('reads the audit export, the replay and the access log under /api/admin/auditoria/, and is logged there', async () => {
      const nota = { titulo: 'Primera nota', diagnostico: null, tratamiento: null, observaciones: null };
      expect((await req('POST', '/api/historial-clinico', { token: paciente.token, body: nota })).status).to.equal(201);
      const base = `/api/admin/auditoria/pacientes/${paciente.idPaciente}`;
      const eventos = await req('GET', `${base}/eventos`, { token: auditor.token });
      expect(eventos.status, eventos.text).to.equal(200);
      expect(eventos.body.map((e: { type: string }) => e.type)).to.deep.equal(['HistorialCreado']);
      const historial = await req('GET', `${base}/historial-clinico`, { token: auditor.token });
      expect(historial.status, historial.text).to.equal(200);
      expect(historial.body.map((h: { titulo: string }) => h.titulo)).to.deep.equal(['Primera nota']);
      // What the administrator is answered, exactly.
      expect((await req('GET', `${base}/historial-clinico`, { token: admin })).body).to.deep.equal(historial.body);
      const accesos = await req('GET', `/api/admin/auditoria/accesos?idPaciente=${paciente.idPaciente}`, { token: auditor.token });
      expect(accesos.status, accesos.text).to.equal(200);
      const mine = accesos.body.filter((a: { idUsuario: number }) => a.idUsuario === auditor.idUsuario);
      expect(mine.map((a: { rol: string; recurso: string }) => [a.rol, a.recurso])).to.deep.equal([['AUDITOR', 'AUDITORIA'], ['AUDITOR', 'AUDITORIA']]);
    });

    it('gets 403 with the error body on every other route of the API, methods of the audit paths included', async () => {
      let refused = 0;
      for (const d of allRoutes(srv.deps)) {
        if (d.auth === 'public' || auditorMayCall(d)) continue;
        const r = await req(d.method.toUpperCase(), concrete(d), { token: auditor.token, body: d.body ? {} : undefined });
        expect(r.status, `${d.method} ${d.path}: ${r.text}`).to.equal(403);
        expectError(r, 403, AUDITOR_ONLY);
        refused++;
      }
      expect(refused).to.be.greaterThan(50);
      for (const method of ['POST', 'PUT', 'DELETE']) {
        const r = await req(method, '/api/admin/auditoria/accesos', { token: auditor.token, body: {} });
        expect(r.status, `${method}: ${r.text}`).to.be.oneOf([403, 404, 405]);
      }
    });

    it('reaches the public routes only as anyone without a token does', async () => {
      const withToken = await req('GET', '/api/situaciones', { token: auditor.token });
      const without = await req('GET', '/api/situaciones');
      expect(withToken.status).to.equal(200);
      expect(withToken.body).to.deep.equal(without.body);
    });

    it('is named by every audit read and only by them, and every audit read allows it', () => {
      for (const d of allRoutes(srv.deps)) {
        const namesAuditor = Array.isArray(d.auth) && d.auth.includes('AUDITOR');
        expect(namesAuditor, `${d.method} ${d.path}`).to.equal(auditorMayCall(d));
      }
    });

    it('takes no messages: a patient writing to an auditor is told the receiver does not exist', async () => {
      const r = await req('POST', '/api/mensajes', { token: paciente.token, body: { receiverId: auditor.idUsuario, mensaje: 'hola' } });
      expectError(r, 400);
    });

    it('never sees a password hash in any answer', () => {
      // A hash, or a password field (an error message may name the field: that is no leak).
      for (const text of seen) expect(text).not.to.match(/\$2[aby]\$|"password(Hash)?"\s*:/i);
    });
  });

  describe('STOMP', () => {
    const wsUrl = () => `${srv.url.replace(/^http/, 'ws')}/ws`;

    it('refuses an auditor\'s CONNECT with an ERROR frame in the spec\'s body, and closes', async () => {
      const raw = await RawStomp.open(wsUrl());
      const frame = await raw.connect(auditor.token);
      expect(frame.command).to.equal('ERROR');
      expect(frame.headers.message).to.match(AUDITOR_ONLY);
      const body = JSON.parse(frame.body);
      expect(body).to.include({ status: 403, error: 'Forbidden' });
      expect(body.mensaje).to.match(AUDITOR_ONLY);
      await raw.waitClosed();
    });

    for (const transports of [['websocket'], ['xhr-streaming']]) {
      it(`refuses it over SockJS (${transports[0]}) too`, async () => {
        const err = await stomp(wsUrl(), auditor.token, { sockjs: transports }).then(() => null, (e: Error & { frame?: { headers: Record<string, string> } }) => e);
        expect(err?.frame?.headers.message).to.match(AUDITOR_ONLY);
      });
    }

    it('still lets the other roles connect', async () => {
      const u = await stomp(wsUrl(), psicologo);
      expect(u.connected.command).to.equal('CONNECTED');
      await u.close();
    });
  });
});
