import { expect } from 'chai';
import { DateTime } from 'luxon';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectError, pacienteBody, psicologoBody, uniqueEmail, type Res } from '../http/helpers.ts';
import { handleCommand } from '../../src/commands/handler.ts';
import { commandContext } from '../../src/commands/deps.ts';
import { usuarioDecider } from '../../src/commands/usuario.ts';
import { emailReservation } from '../../src/commands/registration.ts';
import { hashPassword } from '../../src/platform/security.ts';

const PACIENTE_KEYS = [
  'idPaciente', 'idUsuario', 'nombre', 'apellido', 'email', 'idPsicologo', 'fechaNacimiento', 'genero', 'telefono', 'metodoPago', 'estadoPago',
];

interface Who { token: string; idUsuario: number; idPaciente: number; idPsicologo: number; email: string }

describe('patients area', () => {
  let srv: TestServer;
  let admin: string;
  let psiA: Who;
  let psiB: Who;
  let pac1: Who;
  let pac2: Who;
  const seen: string[] = [];
  const req = async (method: string, path: string, opts?: Parameters<TestServer['request']>[2]): Promise<Res> => {
    const r = await srv.request(method, path, opts);
    seen.push(r.text);
    return r;
  };
  const adult = (years = 30) => DateTime.now().setZone('Europe/Madrid').minus({ years }).toISODate()!;

  async function registerPaciente(): Promise<Who> {
    const body = pacienteBody();
    const r = await req('POST', '/auth/register-paciente', { body });
    expect(r.status, r.text).to.equal(200);
    return { ...r.body, email: body.usuario.email };
  }
  async function registerPsicologo(): Promise<Who> {
    const body = psicologoBody();
    const r = await req('POST', '/auth/register-psicologo', { token: admin, body });
    expect(r.status, r.text).to.equal(200);
    return { ...r.body, email: body.email };
  }
  /** A PACIENTE user with no patient profile yet (as an import would leave one): no endpoint makes these. */
  async function usuarioSinPerfil(): Promise<{ idUsuario: number; email: string }> {
    const deps = srv.deps;
    const email = uniqueEmail('sinperfil');
    const idUsuario = await deps.ids('usuario');
    const data = {
      idUsuario, nombre: 'Sin', apellido: 'Perfil', email, emailHash: deps.lookupHash('email', email),
      passwordHash: await hashPassword('secreto123', 4), dni: null, rol: 'PACIENTE' as const,
    };
    const step = { streamId: `usuario-${idUsuario}`, decider: usuarioDecider, command: { type: 'RegistrarUsuario', data } };
    const r = await handleCommand(deps.store, [step], commandContext(deps, { idUsuario: null, rol: null }), () => [emailReservation(deps, email)]);
    expect(await deps.projections.waitFor(r.position, 5000)).to.equal(true);
    return { idUsuario, email };
  }
  const asignar = (idPaciente: number, idPsicologo: number, token = admin) =>
    req('POST', '/api/admin/psicologos/asignar-psicologo', { token, body: { idPaciente, idPsicologo } });

  before(async () => {
    srv = await startTestServer();
    admin = await srv.adminToken();
    [psiA, psiB] = [await registerPsicologo(), await registerPsicologo()];
    [pac1, pac2] = [await registerPaciente(), await registerPaciente()];
    expect((await asignar(pac1.idPaciente, psiA.idPsicologo)).body).to.equal(true);
    expect((await asignar(pac2.idPaciente, psiB.idPsicologo)).body).to.equal(true);
  });
  after(async () => { await srv?.stop(); });

  describe('GET /api/pacientes/admin', () => {
    it('lists every patient by idPaciente, in the patient shape, to an administrator', async () => {
      const r = await req('GET', '/api/pacientes/admin', { token: admin });
      expect(r.status, r.text).to.equal(200);
      const ids = r.body.map((p: { idPaciente: number }) => p.idPaciente);
      expect(ids).to.deep.equal([...ids].sort((a: number, b: number) => a - b));
      const p1 = r.body.find((p: { idPaciente: number }) => p.idPaciente === pac1.idPaciente);
      expect(p1).to.have.all.keys(...PACIENTE_KEYS);
      expect(p1).to.include({ idUsuario: pac1.idUsuario, email: pac1.email.toLowerCase(), nombre: 'Ana', idPsicologo: psiA.idPsicologo, estadoPago: 'PENDIENTE', metodoPago: 'ONLINE' });
    });

    it('401 without a token, 403 for PACIENTE and PSICOLOGO', async () => {
      expectError(await req('GET', '/api/pacientes/admin'), 401);
      expectError(await req('GET', '/api/pacientes/admin', { token: pac1.token }), 403);
      expectError(await req('GET', '/api/pacientes/admin', { token: psiA.token }), 403);
    });
  });

  describe('POST /api/pacientes', () => {
    const crear = (body: Record<string, unknown>, token = admin) => req('POST', '/api/pacientes', { token, body });
    const bodyFor = (idUsuario: number, over: Record<string, unknown> = {}) => ({
      idUsuario, idPsicologo: psiA.idPsicologo, fechaNacimiento: '1985-03-04', genero: 'M', telefono: '600 111 222', metodoPago: 'PRESENCIAL', ...over,
    });

    it('creates the profile of a PACIENTE user: 201 with the patient, PENDIENTE by default; the user then logs in as the patient', async () => {
      const u = await usuarioSinPerfil();
      const r = await crear(bodyFor(u.idUsuario));
      expect(r.status, r.text).to.equal(201);
      expect(r.body).to.have.all.keys(...PACIENTE_KEYS);
      expect(r.body).to.include({ idUsuario: u.idUsuario, idPsicologo: psiA.idPsicologo, fechaNacimiento: '1985-03-04', genero: 'M', telefono: '600 111 222', metodoPago: 'PRESENCIAL', estadoPago: 'PENDIENTE', nombre: 'Sin', email: u.email });
      expect((await req('GET', `/api/pacientes/${r.body.idPaciente}`, { token: admin })).body).to.deep.equal(r.body);
      const login = await req('POST', '/auth/login', { body: { email: u.email, password: 'secreto123' } });
      expect(login.body.idPaciente).to.equal(r.body.idPaciente);
      expect((await req('GET', `/api/pacientes/${r.body.idPaciente}`, { token: login.body.token })).status).to.equal(200);
      expect((await req('GET', `/api/pacientes/${r.body.idPaciente}`, { token: psiA.token })).status).to.equal(200);
    });

    it('takes estadoPago when given; 409 for a user who already has a profile, even under concurrency', async () => {
      const u = await usuarioSinPerfil();
      const rs = await Promise.all([1, 2, 3].map(() => crear(bodyFor(u.idUsuario, { estadoPago: 'PAGADO' }))));
      expect(rs.map((r) => r.status).sort()).to.deep.equal([201, 409, 409]);
      rs.filter((r) => r.status === 409).forEach((r) => expectError(r, 409));
      expect(rs.find((r) => r.status === 201)!.body.estadoPago).to.equal('PAGADO');
      expectError(await crear(bodyFor(pac1.idUsuario)), 409);
    });

    it('400 for an unknown user, a user who is not a patient, an unknown psychologist, a minor, bad enums and bad bodies', async () => {
      const u = await usuarioSinPerfil();
      const minor = DateTime.now().setZone('Europe/Madrid').minus({ years: 18 }).plus({ days: 1 }).toISODate();
      const cases: Record<string, unknown>[] = [
        bodyFor(999_999), bodyFor(psiA.idUsuario), bodyFor(u.idUsuario, { idPsicologo: 999_999 }),
        bodyFor(u.idUsuario, { fechaNacimiento: minor }), bodyFor(u.idUsuario, { fechaNacimiento: '1990-02-30' }),
        bodyFor(u.idUsuario, { metodoPago: 'EFECTIVO' }), bodyFor(u.idUsuario, { estadoPago: 'REGALADO' }),
        bodyFor(u.idUsuario, { activo: true }), bodyFor(u.idUsuario, { idPaciente: 5 }), bodyFor(u.idUsuario, { idUsuario: 2 ** 31 }),
        bodyFor(u.idUsuario, { telefono: 'llámame' }), { idUsuario: u.idUsuario, idPsicologo: psiA.idPsicologo },
      ];
      for (const body of cases) expectError(await crear(body), 400);
      expectError(await req('POST', '/api/pacientes', { token: admin, raw: '{"idUsuario":', headers: { 'Content-Type': 'application/json' } }), 400);
      // None of these left a profile behind.
      expect((await crear(bodyFor(u.idUsuario))).status).to.equal(201);
    });

    it('401 without a token, 403 for PACIENTE and PSICOLOGO', async () => {
      const u = await usuarioSinPerfil();
      expectError(await req('POST', '/api/pacientes', { body: bodyFor(u.idUsuario) }), 401);
      expectError(await crear(bodyFor(u.idUsuario), pac1.token), 403);
      expectError(await crear(bodyFor(u.idUsuario), psiA.token), 403);
    });
  });

  describe('GET /api/pacientes/{id}', () => {
    const get = (id: number | string, token?: string) => req('GET', `/api/pacientes/${id}`, { token });

    it('ADMIN any, PACIENTE themself, PSICOLOGO their own patients', async () => {
      for (const token of [admin, pac1.token, psiA.token]) {
        const r = await get(pac1.idPaciente, token);
        expect(r.status, r.text).to.equal(200);
        expect(r.body).to.have.all.keys(...PACIENTE_KEYS);
        expect(r.body).to.include({ idPaciente: pac1.idPaciente, idUsuario: pac1.idUsuario, fechaNacimiento: '1990-05-01', genero: 'F', telefono: '+34 600 000 000' });
      }
    });

    it('404 for another patient, another psychologist\'s patient, an unknown id; 400 for a bad id; 401 without a token', async () => {
      expectError(await get(pac2.idPaciente, pac1.token), 404);
      expectError(await get(pac2.idPaciente, psiA.token), 404);
      expectError(await get(999_999, admin), 404);
      expectError(await get('abc', admin), 400);
      expectError(await get(pac1.idPaciente), 401);
      expectError(await get(pac1.idPaciente, 'not.a.token'), 401);
    });
  });

  describe('PUT /api/pacientes/{id}', () => {
    const put = (id: number, body: unknown, token: string) => req('PUT', `/api/pacientes/${id}`, { token, body });

    it('a patient updates their own profile; the answer and the next GET agree; null clears a field', async () => {
      const r = await put(pac1.idPaciente, { telefono: '+34 699 000 111', genero: 'No binario' }, pac1.token);
      expect(r.status, r.text).to.equal(200);
      expect(r.body).to.include({ telefono: '+34 699 000 111', genero: 'No binario', estadoPago: 'PENDIENTE', metodoPago: 'ONLINE', idPsicologo: psiA.idPsicologo });
      expect((await req('GET', `/api/pacientes/${pac1.idPaciente}`, { token: pac1.token })).body).to.deep.equal(r.body);
      expect((await put(pac1.idPaciente, { genero: null }, pac1.token)).body.genero).to.equal(null);
    });

    it('a psychologist updates their own patient; another psychologist or patient gets 404', async () => {
      const r = await put(pac1.idPaciente, { metodoPago: 'PRESENCIAL' }, psiA.token);
      expect(r.status, r.text).to.equal(200);
      expect(r.body.metodoPago).to.equal('PRESENCIAL');
      expectError(await put(pac1.idPaciente, { metodoPago: 'ONLINE' }, psiB.token), 404);
      expectError(await put(pac1.idPaciente, { metodoPago: 'ONLINE' }, pac2.token), 404);
      expectError(await put(999_999, { metodoPago: 'ONLINE' }, admin), 404);
    });

    it('idPsicologo and estadoPago: ADMIN only (403 for the others)', async () => {
      for (const token of [pac1.token, psiA.token]) {
        expectError(await put(pac1.idPaciente, { estadoPago: 'PAGADO' }, token), 403);
        expectError(await put(pac1.idPaciente, { idPsicologo: psiB.idPsicologo, telefono: '600000000' }, token), 403);
      }
      const r = await put(pac1.idPaciente, { estadoPago: 'PAGADO', idPsicologo: psiB.idPsicologo, fechaNacimiento: adult(40) }, admin);
      expect(r.status, r.text).to.equal(200);
      expect(r.body).to.include({ estadoPago: 'PAGADO', idPsicologo: psiB.idPsicologo, fechaNacimiento: adult(40) });
      expectError(await req('GET', `/api/pacientes/${pac1.idPaciente}`, { token: psiA.token }), 404);
      expect((await req('GET', `/api/pacientes/${pac1.idPaciente}`, { token: psiB.token })).status).to.equal(200);
      expect((await put(pac1.idPaciente, { idPsicologo: psiA.idPsicologo }, admin)).body.idPsicologo).to.equal(psiA.idPsicologo);
    });

    it('400 for an unknown psychologist, a minor, an empty body, unknown fields, bad enums and types; 401 without a token', async () => {
      const minor = DateTime.now().setZone('Europe/Madrid').minus({ years: 17 }).toISODate();
      const cases: unknown[] = [
        { idPsicologo: 999_999 }, { fechaNacimiento: minor }, { fechaNacimiento: '2999-01-01' }, {}, { nombre: 'Otro' },
        { idUsuario: pac2.idUsuario }, { metodoPago: 'EFECTIVO' }, { estadoPago: 'PENDIENTE ' }, { telefono: 612345678 }, { idPsicologo: '1' },
      ];
      for (const body of cases) expectError(await put(pac1.idPaciente, body, admin), 400);
      expectError(await req('PUT', `/api/pacientes/${pac1.idPaciente}`, { body: { telefono: '1' } }), 401);
      expect((await req('GET', `/api/pacientes/${pac1.idPaciente}`, { token: admin })).body.idPsicologo).to.equal(psiA.idPsicologo);
    });
  });

  describe('POST /api/admin/psicologos/asignar-psicologo', () => {
    it('answers true and keeps the history as PsicologoAsignado events (previous and new psychologist)', async () => {
      const p = await registerPaciente();
      const r = await asignar(p.idPaciente, psiA.idPsicologo);
      expect(r.status, r.text).to.equal(200);
      expect(r.body).to.equal(true);
      expect((await asignar(p.idPaciente, psiB.idPsicologo)).body).to.equal(true);
      expect((await asignar(p.idPaciente, psiB.idPsicologo)).body).to.equal(true); // same one again: no new event
      expect((await req('GET', `/api/pacientes/${p.idPaciente}`, { token: psiB.token })).body.idPsicologo).to.equal(psiB.idPsicologo);
      const history = (await srv.deps.store.readStream(`paciente-${p.idPaciente}`)).filter((e) => e.type === 'PsicologoAsignado');
      expect(history.map((e) => e.data)).to.deep.equal([
        { idPaciente: p.idPaciente, idPsicologoAnterior: null, idPsicologo: psiA.idPsicologo },
        { idPaciente: p.idPaciente, idPsicologoAnterior: psiA.idPsicologo, idPsicologo: psiB.idPsicologo },
      ]);
    });

    it('404 for an unknown patient or psychologist; 400 for bad bodies; 401; 403 for PSICOLOGO and PACIENTE', async () => {
      expectError(await asignar(999_999, psiA.idPsicologo), 404);
      expectError(await asignar(pac2.idPaciente, 999_999), 404);
      const path = '/api/admin/psicologos/asignar-psicologo';
      for (const body of [{ idPaciente: pac2.idPaciente }, { idPaciente: pac2.idPaciente, idPsicologo: psiA.idPsicologo, x: 1 }, { idPaciente: 'a', idPsicologo: 1 }]) {
        expectError(await req('POST', path, { token: admin, body }), 400);
      }
      expectError(await req('POST', path, { body: { idPaciente: pac2.idPaciente, idPsicologo: psiA.idPsicologo } }), 401);
      expectError(await asignar(pac2.idPaciente, psiA.idPsicologo, psiA.token), 403);
      expectError(await asignar(pac2.idPaciente, psiA.idPsicologo, pac2.token), 403);
      expect((await req('GET', `/api/pacientes/${pac2.idPaciente}`, { token: admin })).body.idPsicologo).to.equal(psiB.idPsicologo);
    });
  });

  describe('GET /api/pacientes/{id}/exportacion', () => {
    it('gives the patient every record of theirs: user, profile, addresses and events, without secrets', async () => {
      const r = await req('GET', `/api/pacientes/${pac2.idPaciente}/exportacion`, { token: pac2.token });
      expect(r.status, r.text).to.equal(200);
      expect(r.body).to.have.all.keys('generadoEn', 'usuario', 'paciente', 'direcciones', 'ajustes', 'dispositivos', 'citas', 'sesiones',
        'historialClinico', 'diarioEmocional', 'progresoEmocional', 'mensajes', 'consentimientos', 'cuestionarios', 'eventos');
      expect(r.body.usuario).to.include({ idUsuario: pac2.idUsuario, email: pac2.email.toLowerCase(), nombre: 'Ana', dni: '12345678Z', rol: 'PACIENTE', activo: true });
      expect(r.body.paciente).to.include({ idPaciente: pac2.idPaciente, fechaNacimiento: '1990-05-01', aceptaTerminos: true, activo: true });
      expect(r.body.direcciones).to.have.length(1);
      expect(r.body.direcciones[0]).to.include({ idPaciente: pac2.idPaciente, calle: 'Calle Mayor 1', codigoPostal: '28001' });
      const types = r.body.eventos.map((e: { type: string }) => e.type);
      expect(types).to.include.members(['UsuarioRegistrado', 'PacienteRegistrado', 'PsicologoAsignado']);
      const registrado = r.body.eventos.find((e: { type: string }) => e.type === 'UsuarioRegistrado');
      expect(registrado.data).to.include({ email: pac2.email.toLowerCase(), dni: '12345678Z' });
      expect(registrado.data).not.to.have.any.keys('passwordHash', 'emailHash');
      expect(registrado.occurredAt).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
      expect(JSON.stringify(r.body)).not.to.include(pac1.email.toLowerCase());
      const byAdmin = await req('GET', `/api/pacientes/${pac2.idPaciente}/exportacion`, { token: admin });
      expect(byAdmin.body.eventos).to.deep.equal(r.body.eventos);
    });

    it('404 for another patient or an unknown id, 403 for a psychologist, 401 without a token', async () => {
      expectError(await req('GET', `/api/pacientes/${pac1.idPaciente}/exportacion`, { token: pac2.token }), 404);
      expectError(await req('GET', '/api/pacientes/999999/exportacion', { token: admin }), 404);
      expectError(await req('GET', `/api/pacientes/${pac2.idPaciente}/exportacion`, { token: psiB.token }), 403);
      expectError(await req('GET', `/api/pacientes/${pac2.idPaciente}/exportacion`), 401);
    });
  });

  describe('DELETE /api/pacientes/{id}', () => {
    it('401 without a token, 403 for PACIENTE and PSICOLOGO, 404 for an unknown patient', async () => {
      expectError(await req('DELETE', `/api/pacientes/${pac2.idPaciente}`), 401);
      expectError(await req('DELETE', `/api/pacientes/${pac2.idPaciente}`, { token: pac2.token }), 403);
      expectError(await req('DELETE', `/api/pacientes/${pac2.idPaciente}`, { token: psiB.token }), 403);
      expectError(await req('DELETE', '/api/pacientes/999999', { token: admin }), 404);
    });

    it('erases: 204, then the patient is gone everywhere (404), their token and login stop working, the e-mail is free again', async () => {
      const p = await registerPaciente();
      const r = await req('DELETE', `/api/pacientes/${p.idPaciente}`, { token: admin });
      expect(r.status, r.text).to.equal(204);
      expect(r.text).to.equal('');
      expectError(await req('GET', `/api/pacientes/${p.idPaciente}`, { token: admin }), 404);
      expectError(await req('PUT', `/api/pacientes/${p.idPaciente}`, { token: admin, body: { telefono: '1' } }), 404);
      expectError(await asignar(p.idPaciente, psiA.idPsicologo), 404);
      expectError(await req('GET', `/api/pacientes/${p.idPaciente}/exportacion`, { token: admin }), 404);
      expectError(await req('DELETE', `/api/pacientes/${p.idPaciente}`, { token: admin }), 404);
      expectError(await req('PUT', `/auth/pacientes/${p.idPaciente}/baja`, { token: admin }), 404);
      expectError(await req('GET', `/api/pacientes/${p.idPaciente}`, { token: p.token }), 401);
      expectError(await req('POST', '/auth/login', { body: { email: p.email, password: 'secreto123' } }), 404);
      const list = await req('GET', '/api/pacientes/admin', { token: admin });
      expect(list.body.map((x: { idPaciente: number }) => x.idPaciente)).not.to.include(p.idPaciente);
      const again = await req('POST', '/auth/register-paciente', { body: pacienteBody({}, { email: p.email }) });
      expect(again.status, again.text).to.equal(200);
    });

    it('erases a patient already dado de baja too', async () => {
      const p = await registerPaciente();
      expect((await req('PUT', `/auth/pacientes/${p.idPaciente}/baja`, { token: admin })).status).to.equal(200);
      expect((await req('GET', `/api/pacientes/${p.idPaciente}`, { token: admin })).status).to.equal(200);
      expect((await req('DELETE', `/api/pacientes/${p.idPaciente}`, { token: admin })).status).to.equal(204);
      expectError(await req('GET', `/api/pacientes/${p.idPaciente}`, { token: admin }), 404);
    });
  });

  describe('every response above', () => {
    it('carries no password or password hash', () => {
      expect(seen.length).to.be.above(60);
      for (const text of seen) {
        expect(text).not.to.match(/password/i);
        expect(text).not.to.include('$2b$');
      }
    });
  });
});
