import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { DateTime } from 'luxon';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from '../support/server.ts';
import {
  adminBody, b64url, decodeJwt, expectError, expectSession, pacienteBody, psicologoBody, uniqueEmail, type Res,
} from '../http/helpers.ts';

describe('authentication area', () => {
  let srv: TestServer;
  let admin: string;
  let paciente: { token: string; idPaciente: number; email: string; password: string };
  let psicologo: string;
  const seen: string[] = [];
  const req = async (method: string, path: string, opts?: Parameters<TestServer['request']>[2]): Promise<Res> => {
    const r = await srv.request(method, path, opts);
    seen.push(r.text);
    return r;
  };
  const login = (email: string, password: string) => req('POST', '/auth/login', { body: { email, password } });
  const registerPaciente = (body: unknown) => req('POST', '/auth/register-paciente', { body });
  const madridToday = () => DateTime.now().setZone('Europe/Madrid').startOf('day');

  before(async () => {
    srv = await startTestServer();
    admin = await srv.adminToken();
    const body = pacienteBody();
    const r = await registerPaciente(body);
    expectSession(r, 'PACIENTE');
    paciente = { token: r.body.token, idPaciente: r.body.idPaciente, email: body.usuario.email, password: body.usuario.password };
    const p = await req('POST', '/auth/register-psicologo', { token: admin, body: psicologoBody() });
    expectSession(p, 'PSICOLOGO');
    psicologo = p.body.token;
  });
  after(async () => { await srv?.stop(); });

  describe('POST /auth/login', () => {
    it('answers the login response with an HS256 token carrying exactly sub, uid, rol, iat and exp', async () => {
      const r = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
      expectSession(r, 'ADMIN');
      expect(r.body.nombre).to.be.a('string').and.not.equal('');
      const { header, payload } = decodeJwt(r.body.token);
      expect(header.alg).to.equal('HS256');
      expect(payload).to.have.all.keys('sub', 'uid', 'rol', 'iat', 'exp');
      expect(payload).to.include({ sub: ADMIN_EMAIL, uid: r.body.idUsuario, rol: 'ADMIN' });
      expect(payload.exp - payload.iat).to.equal(86400);
      expect(Math.abs(payload.iat - Date.now() / 1000)).to.be.below(60);
      expect(() => jwt.verify(r.body.token, srv.config.jwtSecret, { algorithms: ['HS256'] })).not.to.throw();
    });

    it('compares e-mails case-insensitively and returns the patient ids', async () => {
      const r = await login(paciente.email.toUpperCase(), paciente.password);
      expectSession(r, 'PACIENTE');
      expect(r.body.idPaciente).to.equal(paciente.idPaciente);
      expect(decodeJwt(r.body.token).payload.sub).to.equal(paciente.email.toLowerCase());
    });

    it('answers 401 for a wrong password and 404 for an unknown user', async () => {
      expectError(await login(ADMIN_EMAIL, 'Wrong12345'), 401, 'Credenciales no válidas');
      expectError(await login(uniqueEmail('nadie'), 'Whatever123'), 404);
      expectError(await req('POST', '/auth/login', { body: { email: ADMIN_EMAIL } }), 400);
    });
  });

  describe('POST /auth/register-paciente', () => {
    it('rejects missing required fields with 400', async () => {
      const full = pacienteBody();
      const { usuario, ...rest } = full;
      const cases: unknown[] = [
        rest,
        { ...full, fechaNacimiento: undefined },
        { ...full, aceptaTerminos: undefined },
        { ...full, usuario: { ...usuario, email: undefined } },
        { ...full, usuario: { ...usuario, password: undefined } },
        { ...full, usuario: { ...usuario, nombre: '  ' } },
        { ...full, direccion: [{ ciudad: 'Madrid', codigoPostal: '28001', pais: 'España' }] },
      ];
      for (const body of cases) expectError(await registerPaciente(body), 400);
    });

    it('requires legal age (18) in Europe/Madrid', async () => {
      const eighteen = madridToday().minus({ years: 18 });
      expectError(await registerPaciente(pacienteBody({ fechaNacimiento: eighteen.plus({ days: 1 }).toISODate() })), 400);
      expectError(await registerPaciente(pacienteBody({ fechaNacimiento: '2999-01-01' })), 400);
      expectError(await registerPaciente(pacienteBody({ fechaNacimiento: '1990-02-30' })), 400);
      expectSession(await registerPaciente(pacienteBody({ fechaNacimiento: eighteen.toISODate() })), 'PACIENTE');
    });

    it('validates Spanish postal codes (5 digits, 01-52) and others loosely', async () => {
      for (const codigoPostal of ['53001', '00123', '2800', '280011', '2800A']) {
        const direccion = [{ calle: 'Mayor 1', ciudad: 'X', provincia: 'X', codigoPostal, pais: 'España' }];
        expectError(await registerPaciente(pacienteBody({ direccion })), 400, /^codigoPostal: se esperaba un código postal español, cinco dígitos/);
      }
      const uk = [{ calle: 'Baker St 221b', ciudad: 'London', provincia: 'London', codigoPostal: 'NW1 6XE', pais: 'United Kingdom' }];
      expectSession(await registerPaciente(pacienteBody({ direccion: uk })), 'PACIENTE');
    });

    it('rejects weak passwords (8-72 bytes, a letter and a digit)', async () => {
      for (const password of ['abc123', 'abcdefgh', '12345678', `${'ñ'.repeat(36)}1`]) {
        expectError(await registerPaciente(pacienteBody({}, { password })), 400);
      }
      expectSession(await registerPaciente(pacienteBody({}, { password: `${'ñ'.repeat(35)}1` })), 'PACIENTE');
    });

    it('answers 409 for an e-mail already registered, in any case', async () => {
      expectError(await registerPaciente(pacienteBody({}, { email: paciente.email.toUpperCase() })), 409);
      expectError(await registerPaciente(pacienteBody({}, { email: ADMIN_EMAIL })), 409);
    });

    it('rejects aceptaTerminos false, unknown fields, bad enums and wrong types with 400', async () => {
      expectError(await registerPaciente(pacienteBody({ aceptaTerminos: false })), 400);
      expectError(await registerPaciente(pacienteBody({ idPaciente: 99 })), 400, /idPaciente/);
      expectError(await registerPaciente(pacienteBody({}, { rol: 'ADMIN' })), 400, /rol/);
      expectError(await registerPaciente(pacienteBody({ metodoPago: 'EFECTIVO' })), 400);
      expectError(await registerPaciente(pacienteBody({ aceptaTerminos: 'true' })), 400);
      expectError(await registerPaciente(pacienteBody({ direccion: { calle: 'x', codigoPostal: '28001' } })), 400);
    });

    it('lets exactly one of concurrent registrations of one e-mail through', async () => {
      const email = uniqueEmail('race');
      const rs = await Promise.all([email, email.toUpperCase(), email, email.toUpperCase()].map((e) => registerPaciente(pacienteBody({}, { email: e }))));
      expect(rs.map((r) => r.status).sort()).to.deep.equal([200, 409, 409, 409]);
      rs.filter((r) => r.status === 409).forEach((r) => expectError(r, 409));
      expectSession(await login(email, 'secreto123'), 'PACIENTE');
    });

    it('sends one Spanish welcome mail to the new address through SMTP', async () => {
      const email = uniqueEmail('bienvenida');
      expectSession(await registerPaciente(pacienteBody({}, { email: email.toUpperCase() })), 'PACIENTE');
      const deadline = Date.now() + 10_000;
      const to = () => srv.smtp.mails.filter((m) => m.to.includes(email));
      while (to().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      await new Promise((r) => setTimeout(r, 300));
      expect(to()).to.have.length(1);
      expect(to()[0].raw).to.match(/^Subject: Bienvenido\/a a la consulta/m);
      expect(to()[0].raw).to.match(/Hola Ana/);
    });
  });

  describe('POST /auth/register-admin and /auth/register-psicologo', () => {
    for (const path of ['/auth/register-admin', '/auth/register-psicologo']) {
      const body = path.endsWith('admin') ? adminBody : psicologoBody;
      it(`${path}: 401 without a token, 403 for PACIENTE and PSICOLOGO`, async () => {
        expectError(await req('POST', path, { body: body() }), 401);
        expectError(await req('POST', path, { body: body(), token: paciente.token }), 403);
        expectError(await req('POST', path, { body: body(), token: psicologo }), 403);
      });
    }

    it('registers an administrator who can then sign in and act as one', async () => {
      const b = adminBody();
      const r = await req('POST', '/auth/register-admin', { token: admin, body: b });
      expectSession(r, 'ADMIN');
      expect(r.body.nombre).to.equal('Carmen');
      const again = await login(b.email, b.password);
      expectSession(again, 'ADMIN');
      expect((await req('GET', '/auth/admins', { token: again.body.token })).status).to.equal(200);
      expectError(await req('POST', '/auth/register-admin', { token: admin, body: { ...adminBody(), email: b.email.toUpperCase() } }), 409);
      expectError(await req('POST', '/auth/register-admin', { token: admin, body: adminBody({ password: 'short1' }) }), 400);
      expectError(await req('POST', '/auth/register-admin', { token: admin, body: adminBody({ rol: 'ADMIN' }) }), 400);
    });

    it('registers a psychologist with idPsicologo, the same on login', async () => {
      const b = psicologoBody({ licencia: 'M-28-0001' });
      const r = await req('POST', '/auth/register-psicologo', { token: admin, body: b });
      expectSession(r, 'PSICOLOGO');
      const l = await login(b.email, b.password);
      expectSession(l, 'PSICOLOGO');
      expect(l.body.idPsicologo).to.equal(r.body.idPsicologo);
      expect(l.body.idUsuario).to.equal(r.body.idUsuario);
    });

    it('rejects negative or mistyped experiencia with 400', async () => {
      expectError(await req('POST', '/auth/register-psicologo', { token: admin, body: psicologoBody({ experiencia: -1 }) }), 400);
      expectError(await req('POST', '/auth/register-psicologo', { token: admin, body: psicologoBody({ experiencia: '5' }) }), 400);
      expectError(await req('POST', '/auth/register-psicologo', { token: admin, body: psicologoBody({ experiencia: 2.5 }) }), 400);
    });

    it('answers 409 for a duplicate licencia and a duplicate e-mail, without taking the e-mail', async () => {
      expectSession(await req('POST', '/auth/register-psicologo', { token: admin, body: psicologoBody({ licencia: 'LIC-777' }) }), 'PSICOLOGO');
      const b = psicologoBody({ licencia: ' lic-777 ' });
      expectError(await req('POST', '/auth/register-psicologo', { token: admin, body: b }), 409);
      expectError(await login(b.email, b.password), 404);
      expectSession(await req('POST', '/auth/register-psicologo', { token: admin, body: { ...b, licencia: 'LIC-778' } }), 'PSICOLOGO');
      expectError(await req('POST', '/auth/register-psicologo', { token: admin, body: psicologoBody({ email: paciente.email.toUpperCase() }) }), 409);
    });
  });

  describe('GET /auth/admins', () => {
    it('lists administrators to an ADMIN; 401 without token, 403 otherwise', async () => {
      const r = await req('GET', '/auth/admins', { token: admin });
      expect(r.status).to.equal(200);
      expect(r.body).to.be.an('array').with.length.of.at.least(2);
      for (const a of r.body) {
        expect(a).to.have.all.keys('idUsuario', 'nombre', 'apellido', 'email', 'rol', 'activo');
        expect(a).to.include({ rol: 'ADMIN', activo: true });
      }
      expect(r.body.map((a: any) => a.email)).to.include(ADMIN_EMAIL);
      const ids = r.body.map((a: any) => a.idUsuario);
      expect(ids).to.deep.equal([...ids].sort((x: number, y: number) => x - y));
      expectError(await req('GET', '/auth/admins'), 401);
      expectError(await req('GET', '/auth/admins', { token: paciente.token }), 403);
      expectError(await req('GET', '/auth/admins', { token: psicologo }), 403);
    });
  });

  describe('PUT /auth/pacientes/{id}/baja', () => {
    it('deactivates the patient: plain-text 200, then its login and its token answer 401', async () => {
      const body = pacienteBody();
      const reg = await registerPaciente(body);
      expectSession(reg, 'PACIENTE');
      const path = `/auth/pacientes/${reg.body.idPaciente}/baja`;
      expectError(await req('GET', '/auth/admins', { token: reg.body.token }), 403);
      expectError(await req('PUT', path), 401);
      expectError(await req('PUT', path, { token: reg.body.token }), 403);
      const r = await req('PUT', path, { token: admin });
      expect(r.status, r.text).to.equal(200);
      expect(r.headers.get('content-type')).to.match(/^text\/plain/);
      expect(r.text).to.equal('Paciente dado de baja correctamente');
      expectError(await login(body.usuario.email, body.usuario.password), 401);
      expectError(await req('GET', '/auth/admins', { token: reg.body.token }), 401);
      expectSession(await login(paciente.email, paciente.password), 'PACIENTE');
    });

    it('answers 404 for an unknown patient and 400 for a non-numeric id', async () => {
      expectError(await req('PUT', '/auth/pacientes/999999/baja', { token: admin }), 404);
      expectError(await req('PUT', '/auth/pacientes/abc/baja', { token: admin }), 400);
    });
  });

  describe('tokens', () => {
    const sign = (payload: object, opts: jwt.SignOptions = {}) => jwt.sign(payload, srv.config.jwtSecret, { algorithm: 'HS256', ...opts });
    const now = () => Math.floor(Date.now() / 1000);
    const hmacWith = (alg: string, payload: object) => {
      const valid = sign(payload);
      return `${b64url({ alg, typ: 'JWT' })}.${valid.split('.')[1]}.${valid.split('.')[2]}`;
    };

    it('answers 401 with the error body to every bad token or header', async () => {
      const claims = { sub: ADMIN_EMAIL, uid: decodeJwt(admin).payload.uid, rol: 'ADMIN', iat: now(), exp: now() + 3600 };
      const [h, p] = admin.split('.');
      const bad: Record<string, string> = {
        forged: `${h}.${p}.${b64url('not the signature')}`,
        otherSecret: jwt.sign(claims, 'another-secret-that-is-long-enough-1234', { algorithm: 'HS256' }),
        algNone: `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`,
        hs512: sign(claims, { algorithm: 'HS512' }),
        rs256Header: hmacWith('RS256', claims),
        expired: sign({ ...claims, iat: now() - 90_000, exp: now() - 10 }),
        noExp: sign({ sub: ADMIN_EMAIL, uid: claims.uid, rol: 'ADMIN', iat: now() }),
        noUid: sign({ sub: ADMIN_EMAIL, rol: 'ADMIN', iat: now(), exp: now() + 3600 }),
        otherUid: sign({ ...claims, uid: claims.uid + 1 }),
        iatFarAhead: sign({ ...claims, iat: now() + 120, exp: now() + 3600 }),
        unknownUser: sign({ ...claims, sub: uniqueEmail('ghost') }),
        roleForged: sign({ ...claims, sub: paciente.email, rol: 'ADMIN' }),
        garbage: 'abc.def.ghi',
      };
      for (const [name, token] of Object.entries(bad)) {
        const r = await req('GET', '/auth/admins', { token });
        expect(r.status, name).to.equal(401);
        expectError(r, 401);
      }
      for (const authorization of ['Bearer', 'Bearer ', `Basic ${admin}`, admin, `Bearer ${admin} extra`, `Token ${admin}`]) {
        const r = await req('GET', '/auth/admins', { headers: { Authorization: authorization } });
        expect(r.status, authorization).to.equal(401);
        expectError(r, 401);
      }
      expect((await req('GET', '/auth/admins', { token: sign(claims) })).status, 'a well-made token works').to.equal(200);
      expect((await req('GET', '/auth/admins', { headers: { Authorization: `bearer ${admin}` } })).status).to.equal(200);
    });
  });

  describe('every response above', () => {
    it('never shows a password or its hash', () => {
      expect(seen.length).to.be.above(50);
      for (const text of seen) {
        expect(text).not.to.match(/"password\w*"\s*:/i);
        expect(text).not.to.match(/password_?hash/i);
        expect(text).not.to.include('$2b$');
        expect(text).not.to.include('$2a$');
      }
    });
  });
});
