import { expect } from 'chai';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from '../support/server.ts';
import { expectError, expectSession, pacienteBody, psicologoBody } from '../http/helpers.ts';
import { storedEvents } from '../support/log.ts';

const ITEM_KEYS = ['idPsicologo', 'idUsuario', 'nombre', 'apellido', 'email', 'especialidad', 'experiencia', 'descripcion', 'licencia'];
const PERFIL_KEYS = [...ITEM_KEYS, 'fotoPerfilUrl'];
let licSeq = 0;
const lic = (tag = 'COL') => `${tag}-${process.pid}-${++licSeq}`;

describe('psychologists area', () => {
  let srv: TestServer;
  let admin: string;
  type Psi = { token: string; idPsicologo: number; idUsuario: number; email: string; password: string; licencia: string };
  let a: Psi;
  let b: Psi;
  let paciente: { token: string; idPaciente: number; idUsuario: number };
  let otroPaciente: { token: string; idPaciente: number };
  const req = (method: string, path: string, opts?: Parameters<TestServer['request']>[2]) => srv.request(method, path, opts);

  async function registerPsi(over: Record<string, unknown> = {}): Promise<Psi> {
    const licencia = (over.licencia as string | undefined) ?? lic();
    const body = psicologoBody({ ...over, licencia });
    const r = await req('POST', '/auth/register-psicologo', { token: admin, body });
    expectSession(r, 'PSICOLOGO');
    return { token: r.body.token, idPsicologo: r.body.idPsicologo, idUsuario: r.body.idUsuario, email: body.email, password: body.password, licencia };
  }
  async function registerPaciente() {
    const r = await req('POST', '/auth/register-paciente', { body: pacienteBody() });
    expectSession(r, 'PACIENTE');
    return { token: r.body.token as string, idPaciente: r.body.idPaciente as number, idUsuario: r.body.idUsuario as number };
  }
  // Assignment is the patients area's endpoint; these tests only need the read-model column it sets.
  const assign = (idPaciente: number, idPsicologo: number) => srv.db.knex('pacientes').where({ id_paciente: idPaciente }).update({ id_psicologo: idPsicologo });

  before(async () => {
    srv = await startTestServer();
    admin = await srv.adminToken();
    a = await registerPsi();
    b = await registerPsi({ especialidad: 'Infantil' });
    paciente = await registerPaciente();
    otroPaciente = await registerPaciente();
    await assign(paciente.idPaciente, a.idPsicologo);
  });
  after(async () => { await srv?.stop(); });

  describe('listings', () => {
    it('GET /api/psicologo lists every profile by id for ADMIN and PSICOLOGO, without secrets', async () => {
      for (const token of [admin, a.token]) {
        const r = await req('GET', '/api/psicologo', { token });
        expect(r.status, r.text).to.equal(200);
        expect(r.body.map((p: any) => p.idPsicologo)).to.deep.equal([a.idPsicologo, b.idPsicologo]);
        for (const p of r.body) expect(p).to.have.all.keys(...ITEM_KEYS);
        expect(r.body[0]).to.include({ idUsuario: a.idUsuario, email: a.email, nombre: 'Laura', experiencia: 7, licencia: a.licencia });
      }
      expect(JSON.stringify((await req('GET', '/api/psicologo', { token: admin })).body)).not.to.match(/password|hash|\$2[aby]\$/i);
    });

    it('GET /api/psicologo: 401 without a token, 403 for a patient', async () => {
      expectError(await req('GET', '/api/psicologo'), 401);
      expectError(await req('GET', '/api/psicologo', { token: paciente.token }), 403);
    });

    it('GET /api/admin/psicologos gives the admin shape; other roles 403', async () => {
      const r = await req('GET', '/api/admin/psicologos', { token: admin });
      expect(r.status, r.text).to.equal(200);
      expect(r.body[1]).to.deep.equal({ idPsicologo: b.idPsicologo, idUsuario: b.idUsuario, nombre: 'Laura', apellido: 'Gómez', email: b.email, especialidad: 'Infantil' });
      expectError(await req('GET', '/api/admin/psicologos', { token: a.token }), 403);
      expectError(await req('GET', '/api/admin/psicologos', { token: paciente.token }), 403);
      expectError(await req('GET', '/api/admin/psicologos'), 401);
    });

    it('GET /api/admin/psicologos/pacientes groups active patients under their psychologist', async () => {
      const r = await req('GET', '/api/admin/psicologos/pacientes', { token: admin });
      expect(r.status, r.text).to.equal(200);
      const ofA = r.body.find((p: any) => p.idPsicologo === a.idPsicologo);
      expect(ofA.nombrePsicologo).to.equal('Laura Gómez');
      expect(ofA.pacientes).to.have.length(1);
      expect(ofA.pacientes[0]).to.have.all.keys('idPaciente', 'nombrePaciente', 'email');
      expect(ofA.pacientes[0]).to.include({ idPaciente: paciente.idPaciente, nombrePaciente: 'Ana Pérez' });
      expect(r.body.find((p: any) => p.idPsicologo === b.idPsicologo).pacientes).to.deep.equal([]);
      expectError(await req('GET', '/api/admin/psicologos/pacientes', { token: a.token }), 403);
    });

    it('GET /api/psicologo/pacientes/getAll gives a psychologist only their own patients', async () => {
      const r = await req('GET', '/api/psicologo/pacientes/getAll', { token: a.token });
      expect(r.status, r.text).to.equal(200);
      expect(r.body).to.have.length(1);
      expect(r.body[0]).to.have.all.keys('idPaciente', 'idUsuario', 'nombre', 'apellido', 'email', 'fechaNacimiento', 'genero', 'telefono', 'metodoPago', 'estadoPago', 'alertaSeguridad');
      expect(r.body[0]).to.include({ idPaciente: paciente.idPaciente, idUsuario: paciente.idUsuario, fechaNacimiento: '1990-05-01', metodoPago: 'ONLINE', estadoPago: 'PENDIENTE', alertaSeguridad: false });
      expect((await req('GET', '/api/psicologo/pacientes/getAll', { token: b.token })).body).to.deep.equal([]);
      expectError(await req('GET', '/api/psicologo/pacientes/getAll', { token: paciente.token }), 403);
      expectError(await req('GET', '/api/psicologo/pacientes/getAll'), 401);
    });

    it('GET /api/psicologo/pacientes/{id}/psicologo is public and shows professional fields only', async () => {
      const r = await req('GET', `/api/psicologo/pacientes/${paciente.idPaciente}/psicologo`);
      expect(r.status, r.text).to.equal(200);
      expect(r.body).to.deep.equal({
        idPsicologo: a.idPsicologo, nombre: 'Laura', apellido: 'Gómez', especialidad: 'Clínica', experiencia: 7,
        descripcion: 'Terapia cognitivo-conductual', licencia: a.licencia, fotoPerfilUrl: null,
      });
      expectError(await req('GET', `/api/psicologo/pacientes/${otroPaciente.idPaciente}/psicologo`), 404);
      expectError(await req('GET', '/api/psicologo/pacientes/999999/psicologo'), 404);
      expectError(await req('GET', '/api/psicologo/pacientes/abc/psicologo'), 400);
    });
  });

  describe('profile', () => {
    it('GET /api/psicologo/{id}/perfil answers any role with fotoPerfilUrl null until a photo', async () => {
      for (const token of [admin, b.token, paciente.token]) {
        const r = await req('GET', `/api/psicologo/${a.idPsicologo}/perfil`, { token });
        expect(r.status, r.text).to.equal(200);
        expect(r.body).to.have.all.keys(...PERFIL_KEYS);
        expect(r.body).to.include({ idPsicologo: a.idPsicologo, fotoPerfilUrl: null, email: a.email });
      }
      expectError(await req('GET', `/api/psicologo/${a.idPsicologo}/perfil`), 401);
      expectError(await req('GET', '/api/psicologo/999999/perfil', { token: admin }), 404);
      expectError(await req('GET', '/api/psicologo/99999999999/perfil', { token: admin }), 400);
    });

    it('PUT /api/psicologo/{id}: a psychologist updates their own profile; omitted fields stay', async () => {
      const r = await req('PUT', `/api/psicologo/${a.idPsicologo}`, { token: a.token, body: { especialidad: 'Adultos', experiencia: 8 } });
      expect(r.status, r.text).to.equal(200);
      expect(r.body).to.have.all.keys(...PERFIL_KEYS);
      expect(r.body).to.include({ especialidad: 'Adultos', experiencia: 8, descripcion: 'Terapia cognitivo-conductual', licencia: a.licencia });
      expect((await req('GET', `/api/psicologo/${a.idPsicologo}/perfil`, { token: b.token })).body.especialidad).to.equal('Adultos');
    });

    it("PUT: another psychologist's profile is 404, a patient 403, no token 401", async () => {
      expectError(await req('PUT', `/api/psicologo/${a.idPsicologo}`, { token: b.token, body: { experiencia: 1 } }), 404);
      expectError(await req('PUT', `/api/psicologo/${a.idPsicologo}`, { token: paciente.token, body: { experiencia: 1 } }), 403);
      expectError(await req('PUT', `/api/psicologo/${a.idPsicologo}`, { body: { experiencia: 1 } }), 401);
      expect((await req('GET', `/api/psicologo/${a.idPsicologo}/perfil`, { token: admin })).body.experiencia).to.equal(8);
    });

    it('PUT: invalid bodies are 400, an unknown psychologist 404', async () => {
      const path = `/api/psicologo/${a.idPsicologo}`;
      for (const body of [{}, { experiencia: -1 }, { experiencia: 'x' }, { idUsuario: 5 }, { licencia: 'x'.repeat(51) }, { especialidad: 'a\u0000b' }]) {
        expectError(await req('PUT', path, { token: a.token, body }), 400);
      }
      expectError(await req('PUT', path, { token: a.token, raw: '{"experiencia":', headers: { 'Content-Type': 'application/json' } }), 400);
      expectError(await req('PUT', '/api/psicologo/999999', { token: admin, body: { experiencia: 1 } }), 404);
    });

    it('PUT moves the licence reservation: the old value is freed, a taken one is 409 (case-insensitive)', async () => {
      const old = a.licencia;
      const nueva = lic('NUEVA');
      expectError(await req('PUT', `/api/psicologo/${a.idPsicologo}`, { token: a.token, body: { licencia: b.licencia.toLowerCase() } }), 409, 'La licencia ya está registrada');
      const r = await req('PUT', `/api/psicologo/${a.idPsicologo}`, { token: a.token, body: { licencia: ` ${nueva} ` } });
      expect(r.status, r.text).to.equal(200);
      expect(r.body.licencia).to.equal(nueva);
      a.licencia = nueva;
      // The old licence may be taken again; the new one may not.
      const byAdmin = await req('PUT', `/api/admin/psicologos/${b.idPsicologo}`, { token: admin, body: { licencia: old } });
      expect(byAdmin.status, byAdmin.text).to.equal(200);
      b.licencia = old;
      expectError(await req('POST', '/auth/register-psicologo', { token: admin, body: psicologoBody({ licencia: nueva.toLowerCase() }) }), 409);
    });

    it('PUT /api/admin/psicologos/{id} takes the same body; only ADMIN', async () => {
      const r = await req('PUT', `/api/admin/psicologos/${a.idPsicologo}`, { token: admin, body: { descripcion: null } });
      expect(r.status, r.text).to.equal(200);
      expect(r.body).to.include({ idPsicologo: a.idPsicologo, descripcion: null, especialidad: 'Adultos' });
      expectError(await req('PUT', `/api/admin/psicologos/${a.idPsicologo}`, { token: a.token, body: { experiencia: 1 } }), 403);
      expectError(await req('PUT', `/api/admin/psicologos/${a.idPsicologo}`, { token: admin, body: { nombre: 'X' } }), 400);
      expectError(await req('PUT', '/api/admin/psicologos/999999', { token: admin, body: { experiencia: 1 } }), 404);
    });

    it('keeps the licence and description sealed in the event log', async () => {
      const rows = await storedEvents(srv, { type: ['PsicologoRegistrado', 'PsicologoActualizado'] });
      const log = JSON.stringify(rows.map((e) => e.data));
      expect(rows.length).to.be.greaterThan(2);
      expect(log).not.to.include(a.licencia);
      expect(log).not.to.include('Terapia cognitivo-conductual');
    });
  });

  describe('delete and create', () => {
    let c: Psi;
    before(async () => { c = await registerPsi(); });

    it('DELETE: PSICOLOGO 403, PACIENTE 403, no token 401, unknown 404', async () => {
      expectError(await req('DELETE', `/api/psicologo/${c.idPsicologo}`, { token: c.token }), 403);
      expectError(await req('DELETE', `/api/psicologo/${c.idPsicologo}`, { token: paciente.token }), 403);
      expectError(await req('DELETE', `/api/psicologo/${c.idPsicologo}`), 401);
      expectError(await req('DELETE', '/api/psicologo/999999', { token: admin }), 404);
      expectError(await req('DELETE', '/api/admin/psicologos/999999', { token: admin }), 404);
    });

    it('DELETE /api/psicologo/{id}: 204, the profile leaves listings, its licence is freed', async () => {
      const r = await req('DELETE', `/api/psicologo/${c.idPsicologo}`, { token: admin });
      expect(r.status, r.text).to.equal(204);
      expect(r.text).to.equal('');
      expectError(await req('GET', `/api/psicologo/${c.idPsicologo}/perfil`, { token: admin }), 404);
      expect((await req('GET', '/api/psicologo', { token: admin })).body.map((p: any) => p.idPsicologo)).not.to.include(c.idPsicologo);
      expectError(await req('DELETE', `/api/psicologo/${c.idPsicologo}`, { token: admin }), 404);
      expectError(await req('PUT', `/api/psicologo/${c.idPsicologo}`, { token: admin, body: { experiencia: 2 } }), 404);
      // The user stays (and can log in) with no profile.
      const session = await req('POST', '/auth/login', { body: { email: c.email, password: c.password } });
      expect(session.body).to.include({ rol: 'PSICOLOGO', idPsicologo: null });
      expect((await req('GET', '/api/psicologo/pacientes/getAll', { token: c.token })).body).to.deep.equal([]);
      const again = await registerPsi({ licencia: c.licencia });
      expect(again.licencia).to.equal(c.licencia);
    });

    it('POST /api/psicologo/create: 201 with the new profile for a PSICOLOGO user without one', async () => {
      const body = { idUsuario: c.idUsuario, especialidad: 'Pareja', experiencia: 0, descripcion: 'Nueva etapa', licencia: lic() };
      const r = await req('POST', '/api/psicologo/create', { token: admin, body });
      expect(r.status, r.text).to.equal(201);
      expect(r.body).to.have.all.keys(...PERFIL_KEYS);
      expect(r.body).to.include({ ...body, email: c.email, nombre: 'Laura', fotoPerfilUrl: null });
      expect(r.body.idPsicologo).to.be.above(c.idPsicologo);
      const session = await req('POST', '/auth/login', { body: { email: c.email, password: c.password } });
      expect(session.body.idPsicologo).to.equal(r.body.idPsicologo);
      expectError(await req('POST', '/api/psicologo/create', { token: admin, body: { ...body, licencia: lic() } }), 409);
    });

    it('POST create: 400 for a user that is not a psychologist, bad bodies; 409 for a taken licence', async () => {
      const d = await registerPsi();
      expect((await req('DELETE', `/api/admin/psicologos/${d.idPsicologo}`, { token: admin })).status).to.equal(204);
      const adminId = (await req('POST', '/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).body.idUsuario;
      const base = { idUsuario: d.idUsuario, experiencia: 3, licencia: lic() };
      for (const idUsuario of [paciente.idUsuario, adminId, 999999]) {
        expectError(await req('POST', '/api/admin/psicologos/create', { token: admin, body: { ...base, idUsuario } }), 400);
      }
      for (const body of [{ ...base, experiencia: -1 }, { ...base, idUsuario: undefined }, { ...base, extra: 1 }, { ...base, idUsuario: 99999999999 }]) {
        expectError(await req('POST', '/api/admin/psicologos/create', { token: admin, body }), 400);
      }
      expectError(await req('POST', '/api/admin/psicologos/create', { token: admin, body: { ...base, licencia: a.licencia } }), 409, 'La licencia ya está registrada');
      expectError(await req('POST', '/api/admin/psicologos/create', { token: d.token, body: base }), 403);
      expectError(await req('POST', '/api/psicologo/create', { token: paciente.token, body: base }), 403);
      expectError(await req('POST', '/api/psicologo/create', { body: base }), 401);
      const r = await req('POST', '/api/admin/psicologos/create', { token: admin, body: base });
      expect(r.status, r.text).to.equal(201);
      expect(r.body).to.include({ idUsuario: d.idUsuario, experiencia: 3, especialidad: null, descripcion: null });
    });
  });
});
