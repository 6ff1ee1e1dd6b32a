import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectError } from '../http/helpers.ts';
import { newPaciente, practice, type Paciente, type Psicologo } from './support.ts';

// firma and adendas: the signature block (null while unsigned) and the addenda (test/clinico/firma.test.ts).
const FIELDS = ['idHistory', 'idPaciente', 'titulo', 'diagnostico', 'tratamiento', 'observaciones', 'creadoEn', 'firma', 'adendas'];

describe('clinical history', function () {
  this.timeout(120_000);
  let srv: TestServer;
  let admin: string;
  let psi: Psicologo;
  let pac: Paciente;
  let otroPsi: Psicologo;
  let otroPac: Paciente;
  let sinPsicologo: Paciente;
  const req = (method: string, path: string, token?: string, body?: unknown) => srv.request(method, path, { token, body });
  const own = (over: Record<string, unknown> = {}) => ({ titulo: 'Primera consulta', diagnostico: 'Ansiedad generalizada', tratamiento: 'TCC', observaciones: 'Duerme mal', ...over });

  before(async () => {
    srv = await startTestServer();
    admin = await srv.adminToken();
    ({ psicologo: psi, paciente: pac } = await practice(srv, admin));
    ({ psicologo: otroPsi, paciente: otroPac } = await practice(srv, admin));
    sinPsicologo = await newPaciente(srv);
  });
  after(async () => {
    await srv?.stop();
  });

  describe('the patient', () => {
    it('creates a record (201) with idPaciente from the token and creadoEn as a local datetime', async () => {
      const r = await req('POST', '/api/historial-clinico', pac.token, own());
      expect(r.status, r.text).to.equal(201);
      expect(r.body).to.have.all.keys(...FIELDS);
      expect(r.body).to.include({ idPaciente: pac.idPaciente, titulo: 'Primera consulta', diagnostico: 'Ansiedad generalizada', tratamiento: 'TCC', observaciones: 'Duerme mal' });
      expect(r.body.creadoEn).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
      const g = await req('GET', `/api/historial-clinico/${r.body.idHistory}`, pac.token);
      expect(g.status).to.equal(200);
      expect(g.body).to.deep.equal(r.body);
    });

    it('accepts only titulo, storing absent fields as null', async () => {
      const r = await req('POST', '/api/historial-clinico', pac.token, { titulo: 'Nota breve' });
      expect(r.status, r.text).to.equal(201);
      expect(r.body).to.include({ diagnostico: null, tratamiento: null, observaciones: null });
    });

    it('refuses an empty or blank titulo, a missing one, unknown fields and idPaciente in the body (400)', async () => {
      expectError(await req('POST', '/api/historial-clinico', pac.token, own({ titulo: '' })), 400);
      expectError(await req('POST', '/api/historial-clinico', pac.token, own({ titulo: '   ' })), 400);
      expectError(await req('POST', '/api/historial-clinico', pac.token, { diagnostico: 'x' }), 400);
      expectError(await req('POST', '/api/historial-clinico', pac.token, own({ idPaciente: otroPac.idPaciente })), 400, /idPaciente/);
      expectError(await req('POST', '/api/historial-clinico', pac.token, own({ titulo: 5 })), 400);
    });

    it('lists only their own records, by idHistory', async () => {
      await req('POST', '/api/historial-clinico', otroPac.token, own({ titulo: 'Del otro paciente' }));
      const r = await req('GET', '/api/historial-clinico', pac.token);
      expect(r.status).to.equal(200);
      expect(r.body.length).to.be.greaterThan(1);
      expect(r.body.every((h: { idPaciente: number }) => h.idPaciente === pac.idPaciente)).to.equal(true);
      const ids = r.body.map((h: { idHistory: number }) => h.idHistory);
      expect(ids).to.deep.equal([...ids].sort((a, b) => a - b));
    });

    it("answers 404 for another patient's record and for one that does not exist", async () => {
      const ajeno = await req('POST', '/api/historial-clinico', otroPac.token, own());
      expectError(await req('GET', `/api/historial-clinico/${ajeno.body.idHistory}`, pac.token), 404);
      expectError(await req('DELETE', `/api/historial-clinico/${ajeno.body.idHistory}`, pac.token), 404);
      expectError(await req('PUT', `/api/historial-clinico/${ajeno.body.idHistory}`, pac.token, own()), 404);
      expectError(await req('GET', '/api/historial-clinico/999999', pac.token), 404);
      expectError(await req('GET', '/api/historial-clinico/abc', pac.token), 400);
    });

    it('corrects their own record (200) and the list shows the correction', async () => {
      const c = await req('POST', '/api/historial-clinico', pac.token, own({ titulo: 'Con errata' }));
      const r = await req('PUT', `/api/historial-clinico/${c.body.idHistory}`, pac.token, own({ titulo: 'Sin errata', observaciones: null }));
      expect(r.status, r.text).to.equal(200);
      expect(r.body).to.deep.equal({ ...c.body, titulo: 'Sin errata', observaciones: null });
      const list = await req('GET', '/api/historial-clinico', pac.token);
      expect(list.body.find((h: { idHistory: number }) => h.idHistory === c.body.idHistory).titulo).to.equal('Sin errata');
      expectError(await req('PUT', `/api/historial-clinico/${c.body.idHistory}`, pac.token, { titulo: '' }), 400);
    });

    it('deletes their own record (204): it leaves the list and reads as 404 afterwards', async () => {
      const c = await req('POST', '/api/historial-clinico', pac.token, own({ titulo: 'Para borrar' }));
      const d = await req('DELETE', `/api/historial-clinico/${c.body.idHistory}`, pac.token);
      expect(d.status, d.text).to.equal(204);
      expectError(await req('GET', `/api/historial-clinico/${c.body.idHistory}`, pac.token), 404);
      expectError(await req('DELETE', `/api/historial-clinico/${c.body.idHistory}`, pac.token), 404);
      const list = await req('GET', '/api/historial-clinico', pac.token);
      expect(list.body.map((h: { idHistory: number }) => h.idHistory)).not.to.include(c.body.idHistory);
    });

    it("may not correct or delete what their psychologist wrote (403), but reads it", async () => {
      const p = await req('POST', '/api/psicologo/historial-clinico', psi.token, { ...own({ titulo: 'Valoración clínica' }), idPaciente: pac.idPaciente });
      expect((await req('GET', `/api/historial-clinico/${p.body.idHistory}`, pac.token)).status).to.equal(200);
      expectError(await req('PUT', `/api/historial-clinico/${p.body.idHistory}`, pac.token, own()), 403);
      expectError(await req('DELETE', `/api/historial-clinico/${p.body.idHistory}`, pac.token), 403);
    });
  });

  describe('the psychologist', () => {
    it('creates a record for one of their patients (201), naming the patient by idPaciente', async () => {
      const r = await req('POST', '/api/psicologo/historial-clinico', psi.token, { ...own({ titulo: 'Plan terapéutico' }), idPaciente: pac.idPaciente });
      expect(r.status, r.text).to.equal(201);
      expect(r.body).to.have.all.keys(...FIELDS);
      expect(r.body).to.include({ idPaciente: pac.idPaciente, titulo: 'Plan terapéutico' });
    });

    it("answers 404 for another psychologist's patient, a patient of nobody and an unknown patient; 400 without idPaciente", async () => {
      for (const idPaciente of [otroPac.idPaciente, sinPsicologo.idPaciente, 999999]) {
        expectError(await req('POST', '/api/psicologo/historial-clinico', psi.token, { ...own(), idPaciente }), 404);
        expectError(await req('GET', `/api/psicologo/historial-clinico?idPaciente=${idPaciente}`, psi.token), 404);
      }
      expectError(await req('POST', '/api/psicologo/historial-clinico', psi.token, own()), 400);
      expectError(await req('GET', '/api/psicologo/historial-clinico', psi.token), 400);
      expectError(await req('GET', '/api/psicologo/historial-clinico?idPaciente=uno', psi.token), 400);
      expectError(await req('GET', '/api/psicologo/historial-clinico?idPaciente=9999999999', psi.token), 400);
    });

    it("lists one of their patients' records, by id, exactly as the patient sees them", async () => {
      const r = await req('GET', `/api/psicologo/historial-clinico?idPaciente=${pac.idPaciente}`, psi.token);
      expect(r.status).to.equal(200);
      expect(r.body).to.deep.equal((await req('GET', '/api/historial-clinico', pac.token)).body);
    });

    it("corrects and deletes psychologists' records of their patients; not the patient's own (403), nor another practice's (404)", async () => {
      const p = await req('POST', '/api/psicologo/historial-clinico', psi.token, { ...own({ titulo: 'Borrador' }), idPaciente: pac.idPaciente });
      const put = await req('PUT', `/api/psicologo/historial-clinico/${p.body.idHistory}`, psi.token, own({ titulo: 'Definitivo' }));
      expect(put.status, put.text).to.equal(200);
      expect(put.body.titulo).to.equal('Definitivo');
      expectError(await req('PUT', `/api/psicologo/historial-clinico/${p.body.idHistory}`, otroPsi.token, own()), 404);
      expectError(await req('DELETE', `/api/psicologo/historial-clinico/${p.body.idHistory}`, otroPsi.token), 404);
      const delPsi = await req('DELETE', `/api/psicologo/historial-clinico/${p.body.idHistory}`, psi.token);
      expect(delPsi.status).to.equal(204);
      const delPsiAgain = await req('DELETE', `/api/psicologo/historial-clinico/${p.body.idHistory}`, psi.token);
      expectError(delPsiAgain, 404);
      const delPac = await req('POST', '/api/historial-clinico', pac.token, own({ titulo: 'Escrito por el paciente' }));
      expectError(await req('PUT', `/api/psicologo/historial-clinico/${delPac.body.idHistory}`, psi.token, own()), 403);
      expectError(await req('DELETE', `/api/psicologo/historial-clinico/${delPac.body.idHistory}`, psi.token), 403);
    });
  });

  describe('the administrator', () => {
    it('lists every live record of every patient, by id', async () => {
      const r = await req('GET', '/api/admin/historial-clinico', admin);
      expect(r.status).to.equal(200);
      const pacientes = new Set(r.body.map((h: { idPaciente: number }) => h.idPaciente));
      expect(pacientes.has(pac.idPaciente) && pacientes.has(otroPac.idPaciente)).to.equal(true);
      const ids = r.body.map((h: { idHistory: number }) => h.idHistory);
      expect(ids).to.deep.equal([...ids].sort((a, b) => a - b));
    });
  });

  describe('access control', () => {
    it('answers 401 without a token or with a bad one', async () => {
      expectError(await req('GET', '/api/historial-clinico'), 401);
      expectError(await req('POST', '/api/psicologo/historial-clinico', undefined, own()), 401);
      expectError(await req('GET', '/api/admin/historial-clinico', 'not.a.token'), 401);
    });

    it('answers 403 to roles that may not use a path', async () => {
      expectError(await req('GET', '/api/historial-clinico', psi.token), 403);
      expectError(await req('POST', '/api/historial-clinico', admin, own()), 403);
      expectError(await req('GET', `/api/psicologo/historial-clinico?idPaciente=${pac.idPaciente}`, pac.token), 403);
      expectError(await req('POST', '/api/psicologo/historial-clinico', admin, { ...own(), idPaciente: pac.idPaciente }), 403);
      expectError(await req('GET', '/api/admin/historial-clinico', psi.token), 403);
      expectError(await req('GET', '/api/admin/historial-clinico', pac.token), 403);
      expectError(await req('GET', '/api/admin/auditoria/accesos', psi.token), 403);
    });
  });

  describe('read-access log', () => {
    it("records every read by a psychologist or an administrator, and none of the patient's own", async () => {
      const before = (await req('GET', `/api/admin/auditoria/accesos?idPaciente=${pac.idPaciente}`, admin)).body.length;
      const adminId = (await srv.deps.knex('usuarios').where({ rol: 'ADMIN' }).first('id_usuario')).id_usuario;
      await req('GET', '/api/historial-clinico', pac.token);
      await req('GET', `/api/psicologo/historial-clinico?idPaciente=${pac.idPaciente}`, psi.token);
      await req('GET', '/api/admin/historial-clinico', admin);
      const r = await req('GET', `/api/admin/auditoria/accesos?idPaciente=${pac.idPaciente}`, admin);
      expect(r.status).to.equal(200);
      const nuevos = r.body.slice(before);
      expect(nuevos.map((a: Record<string, unknown>) => [a.idUsuario, a.rol, a.recurso, a.metodo, a.ruta])).to.deep.equal([
        [psi.idUsuario, 'PSICOLOGO', 'HISTORIAL', 'GET', '/api/psicologo/historial-clinico'],
        [adminId, 'ADMIN', 'HISTORIAL', 'GET', '/api/admin/historial-clinico'],
      ]);
      for (const a of nuevos) {
        expect(a).to.have.all.keys('idAcceso', 'idUsuario', 'idClienteFhir', 'rol', 'idPaciente', 'recurso', 'metodo', 'ruta', 'accedidoEn');
        expect(a.idClienteFhir).to.equal(null);
        expect(a.idPaciente).to.equal(pac.idPaciente);
        expect(a.accedidoEn).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
      }
    });

    it('does not record a refused read (404), and lists every patient without a filter', async () => {
      const before = (await req('GET', `/api/admin/auditoria/accesos?idPaciente=${otroPac.idPaciente}`, admin)).body.length;
      await req('GET', `/api/psicologo/historial-clinico?idPaciente=${otroPac.idPaciente}`, psi.token);
      expect((await req('GET', `/api/admin/auditoria/accesos?idPaciente=${otroPac.idPaciente}`, admin)).body.length).to.equal(before);
      const all = await req('GET', '/api/admin/auditoria/accesos', admin);
      expect(new Set(all.body.map((a: { idPaciente: number }) => a.idPaciente))).to.include(otroPac.idPaciente);
      const ids = all.body.map((a: { idAcceso: number }) => a.idAcceso);
      expect(ids).to.deep.equal([...ids].sort((a, b) => a - b));
      expectError(await req('GET', '/api/admin/auditoria/accesos?idPaciente=x', admin), 400);
    });
  });
});
