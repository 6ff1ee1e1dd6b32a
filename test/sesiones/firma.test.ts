import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectError } from '../http/helpers.ts';
import { asignar, newCita, newPaciente, type Persona } from '../notifications/support.ts';
import { digestOf, expectFirma, expectFirmaAdenda, FECHA_LOCAL, newFirmante, PASSWORD, storedRows, type Firmante } from '../clinico/firma-support.ts';
import { recordDigest, leafHashOf } from '../../src/platform/audit/leaf.ts';

// Signed session records (issue 23): POST /api/psicologo/sesiones/{id}/firma and /adendas, on a real server.
describe('signed session records', () => {
  let srv: TestServer;
  let admin: string;
  let psiA: Firmante;
  let psiB: Firmante;
  let p1: Persona;
  let p3: Persona;
  let cita1: number;
  let cita3: number;

  const sesion = async (token: string, idCita: number, idPaciente?: number, notas = 'Ansiedad anticipatoria ante exámenes') => {
    const path = idPaciente === undefined ? '/api/sesiones' : '/api/psicologo/sesiones';
    const body = { idCita, sessionDate: '2030-01-15T10:00:00', durationMinutes: 50, notas, recomendaciones: 'Respiración', ...(idPaciente ? { idPaciente } : {}) };
    const r = await srv.request('POST', path, { token, body });
    expect(r.status, r.text).to.equal(201);
    return r.body.idSesion as number;
  };
  const firmar = (token: string, id: number, password = PASSWORD) =>
    srv.request('POST', `/api/psicologo/sesiones/${id}/firma`, { token, body: { password } });
  const adenda = (token: string, id: number, tipo: string, texto: string, password = PASSWORD) =>
    srv.request('POST', `/api/psicologo/sesiones/${id}/adendas`, { token, body: { tipo, texto, password } });

  before(async () => {
    srv = await startTestServer({ env: { LOGIN_MAX_FAILURES: '4' } });
    admin = await srv.adminToken();
    [psiA, psiB] = [await newFirmante(srv, admin, 'Laura'), await newFirmante(srv, admin, 'Marta')];
    [p1, p3] = [await newPaciente(srv, 'Ana'), await newPaciente(srv, 'Carla')];
    await asignar(srv, admin, p1.idPaciente, psiA.idPsicologo);
    await asignar(srv, admin, p3.idPaciente, psiB.idPsicologo);
    cita1 = await newCita(srv, p1.idPaciente, psiA.idPsicologo, '2030-01-15T10:00:00');
    cita3 = await newCita(srv, p3.idPaciente, psiB.idPsicologo, '2030-01-15T12:00:00');
  });
  after(async () => {
    await srv?.stop();
  });

  it('shows unsigned records with firma null and adendas [] everywhere, and they behave as before', async () => {
    const own = await sesion(p1.token, cita1);
    const clinica = await sesion(psiA.token, cita1, p1.idPaciente);
    for (const [token, path] of [[p1.token, `/api/sesiones/${clinica}`], [psiA.token, `/api/psicologo/sesiones/${clinica}`]]) {
      const r = await srv.request('GET', path, { token });
      expect(r.status, r.text).to.equal(200);
      expect(r.body).to.include({ firma: null }).and.to.have.property('adendas').that.deep.equals([]);
    }
    const lists = [[p1.token, '/api/sesiones'], [psiA.token, '/api/psicologo/sesiones'], [admin, '/api/admin/sesiones']];
    for (const [token, path] of lists) {
      const r = await srv.request('GET', path, { token });
      expect(r.body.every((x: any) => x.firma === null && Array.isArray(x.adendas) && x.adendas.length === 0), path).to.equal(true);
    }
    // The patient still deletes their own unsigned account of a session, and not the psychologist's.
    expect((await srv.request('DELETE', `/api/sesiones/${own}`, { token: p1.token })).status).to.equal(204);
    expectError(await srv.request('DELETE', `/api/sesiones/${clinica}`, { token: p1.token }), 403);
  });

  it('refuses a wrong password (401, nothing signed), someone else\'s patient (404) and a patient-authored record (409)', async () => {
    const clinica = await sesion(psiA.token, cita1, p1.idPaciente);
    const ajena = await sesion(psiB.token, cita3, p3.idPaciente);
    const delPaciente = await sesion(p1.token, cita1);
    expectError(await firmar(psiA.token, clinica, 'otra-clave-1'), 401);
    expectError(await firmar(psiA.token, clinica, ''), 401);
    expect((await srv.request('GET', `/api/psicologo/sesiones/${clinica}`, { token: psiA.token })).body.firma).to.equal(null);
    expectError(await firmar(psiB.token, clinica), 404);
    expectError(await firmar(psiA.token, ajena), 404);
    expectError(await firmar(psiA.token, 424242), 404);
    const missing = await firmar(psiA.token, 424242);
    expect((await firmar(psiB.token, clinica)).body.mensaje).to.equal(missing.body.mensaje);
    expectError(await firmar(psiA.token, delPaciente), 409, 'El registro lo escribió el paciente: solo se firman los registros del psicólogo');
    expect((await storedRows(srv, `sesion-${clinica}`)).map((r) => r.type)).to.deep.equal(['SesionRegistrada']);
  });

  it('answers 400 to bad bodies, 401 without a token and 403 to other roles', async () => {
    const clinica = await sesion(psiA.token, cita1, p1.idPaciente);
    for (const body of [{}, { password: 12 }, { password: PASSWORD, extra: 1 }]) {
      expectError(await srv.request('POST', `/api/psicologo/sesiones/${clinica}/firma`, { token: psiA.token, body }), 400);
    }
    expectError(await srv.request('POST', `/api/psicologo/sesiones/${clinica}/firma`, { body: { password: PASSWORD } }), 401);
    expectError(await firmar(p1.token, clinica), 403);
    expectError(await firmar(admin, clinica), 403);
    expectError(await srv.request('POST', '/api/psicologo/sesiones/abc/firma', { token: psiA.token, body: { password: PASSWORD } }), 400);
  });

  describe('a signed session', () => {
    let id: number;
    let huella: string;

    it('signs: 201 with the signature block, whose huella is the digest of the stored (sealed) events', async () => {
      id = await sesion(psiA.token, cita1, p1.idPaciente, 'Nota que se firmará');
      const r = await firmar(psiA.token, id);
      expect(r.status, r.text).to.equal(201);
      const rows = await storedRows(srv, `sesion-${id}`);
      expect(rows.map((x) => x.type)).to.deep.equal(['SesionRegistrada', 'SesionFirmada']);
      huella = digestOf(rows, 1);
      expectFirma(r.body.firma, psiA, huella);
      expect(r.body).to.include({ idSesion: id, notas: 'Nota que se firmará' });
      expect(r.body.adendas).to.deep.equal([]);
      // The event as the lead's verifier reads it.
      expect(rows[1].data).to.include({ idSesion: id, idPaciente: p1.idPaciente, idPsicologo: psiA.idPsicologo, significado: 'AUTOR', huella });
      expect(rows[1].data.firmadoEn).to.match(FECHA_LOCAL);
      // Over the sealed data: the notes are ciphertext in the row, and the opened stream digests to something else.
      expect(JSON.stringify(rows[0].data)).not.to.include('Nota que se firmará');
      const opened = (await srv.deps.store.readStream(`sesion-${id}`)).slice(0, 1);
      expect(opened[0].data.notas).to.equal('Nota que se firmará');
      expect(recordDigest(opened.map((e) => leafHashOf(e)))).not.to.equal(huella);
    });

    it('shows the same signature to the psychologist, the patient and the administrator', async () => {
      const reads = [
        (await srv.request('GET', `/api/psicologo/sesiones/${id}`, { token: psiA.token })).body,
        (await srv.request('GET', `/api/sesiones/${id}`, { token: p1.token })).body,
        (await srv.request('GET', '/api/sesiones', { token: p1.token })).body.find((x: any) => x.idSesion === id),
        (await srv.request('GET', `/api/psicologo/sesiones?idPaciente=${p1.idPaciente}`, { token: psiA.token })).body.find((x: any) => x.idSesion === id),
        (await srv.request('GET', '/api/admin/sesiones', { token: admin })).body.find((x: any) => x.idSesion === id),
      ];
      for (const r of reads) expectFirma(r.firma, psiA, huella);
      const exported = await srv.request('GET', `/api/pacientes/${p1.idPaciente}/exportacion`, { token: p1.token });
      expectFirma(exported.body.sesiones.find((x: any) => x.idSesion === id).firma, psiA, huella);
    });

    it('is signed once: a second signature is 409', async () => {
      expectError(await firmar(psiA.token, id), 409, 'El registro ya está firmado');
      expect((await storedRows(srv, `sesion-${id}`)).length).to.equal(2);
    });

    it("refuses every delete, the patient's own DELETE /api/sesiones/{id} included (409, not 403)", async () => {
      expectError(await srv.request('DELETE', `/api/sesiones/${id}`, { token: p1.token }), 409, 'El registro está firmado: no se puede eliminar ni corregir; añada una adenda');
      expect((await srv.request('GET', `/api/sesiones/${id}`, { token: p1.token })).status).to.equal(200);
    });

    it('takes signed addenda that reference the huella, listed in order and visible to the patient', async () => {
      expectError(await adenda(psiA.token, id, 'CORRECCION', 'La duración fue de 45 minutos', 'mala-clave-9'), 401);
      const r = await adenda(psiA.token, id, 'CORRECCION', 'La duración fue de 45 minutos');
      expect(r.status, r.text).to.equal(201);
      const r2 = await adenda(psiA.token, id, 'ACLARACION', 'La recomendación es diaria');
      expect(r2.status, r2.text).to.equal(201);
      expectFirma(r2.body.firma, psiA, huella); // the record's signature does not move
      expect(r2.body.adendas.map((a: any) => [a.tipo, a.texto, a.referencia])).to.deep.equal([
        ['CORRECCION', 'La duración fue de 45 minutos', huella], ['ACLARACION', 'La recomendación es diaria', huella],
      ]);
      const [first] = r2.body.adendas;
      expect(first).to.have.all.keys('tipo', 'texto', 'firma', 'referencia');
      expectFirmaAdenda(first.firma, psiA, { tipo: 'CORRECCION', texto: 'La duración fue de 45 minutos', referencia: huella });
      const patient = (await srv.request('GET', `/api/sesiones/${id}`, { token: p1.token })).body;
      expect(patient.adendas).to.deep.equal(r2.body.adendas);
      // Stored with the texto sealed, and the referencia and huella in the clear for the verifier.
      const rows = await storedRows(srv, `sesion-${id}`);
      expect(rows.map((x) => x.type)).to.deep.equal(['SesionRegistrada', 'SesionFirmada', 'SesionAdendaAgregada', 'SesionAdendaAgregada']);
      expect(rows[2].data).to.include({ tipo: 'CORRECCION', referencia: huella, huella: first.firma.huella });
      expect(rows[2].data.texto).to.be.a('string').and.not.equal('La duración fue de 45 minutos');
      // The key of the huella is sealed with the texto; only the version is in the clear.
      expect(rows[2].data).to.include({ huellaVersion: 2 });
      expect(rows[2].data.claveHuella).to.be.a('string').and.not.equal(first.firma.claveHuella);
      expect(rows[2].metadata.sealing.fields).to.deep.equal({ texto: 'clinical', claveHuella: 'clinical' });
    });

    it('answers 400 to a bad addendum, 404 to another psychologist, and 409 after an ANULACION', async () => {
      for (const body of [
        { tipo: 'OTRA', texto: 'x', password: PASSWORD }, { tipo: 'ACLARACION', texto: '', password: PASSWORD },
        { tipo: 'ACLARACION', texto: '   ', password: PASSWORD }, { tipo: 'ACLARACION', password: PASSWORD }, { tipo: 'ACLARACION', texto: 'x' },
        { tipo: 'ACLARACION', texto: 'x'.repeat(10_001), password: PASSWORD },
      ]) expectError(await srv.request('POST', `/api/psicologo/sesiones/${id}/adendas`, { token: psiA.token, body }), 400);
      expectError(await adenda(psiB.token, id, 'ACLARACION', 'Ajena'), 404);
      expectError(await adenda(p1.token, id, 'ACLARACION', 'Paciente'), 403);
      const anulada = await adenda(psiA.token, id, 'ANULACION', 'Registro de otra paciente por error');
      expect(anulada.status, anulada.text).to.equal(201);
      expectError(await adenda(psiA.token, id, 'ACLARACION', 'Tarde'), 409, 'El registro está anulado: no admite más adendas');
      expect((await storedRows(srv, `sesion-${id}`)).length).to.equal(5);
    });
  });

  it('takes addenda only on a signed record (409)', async () => {
    const clinica = await sesion(psiA.token, cita1, p1.idPaciente);
    expectError(await adenda(psiA.token, clinica, 'CORRECCION', 'Antes de firmar'), 409, 'Solo un registro firmado admite adendas: fírmelo antes');
  });

  it('counts wrong signing passwords towards the login lockout (429 on signing and on login)', async () => {
    const psiC = await newFirmante(srv, admin, 'Inés');
    await asignar(srv, admin, p3.idPaciente, psiC.idPsicologo);
    const cita = await newCita(srv, p3.idPaciente, psiC.idPsicologo, '2030-01-16T09:00:00');
    const clinica = await sesion(psiC.token, cita, p3.idPaciente);
    for (let i = 0; i < 4; i++) expectError(await firmar(psiC.token, clinica, `equivocada${i}`), 401);
    const locked = await firmar(psiC.token, clinica);
    expectError(locked, 429);
    expect(Number(locked.headers.get('retry-after'))).to.be.greaterThan(0);
    expectError(await srv.request('POST', '/auth/login', { body: { email: psiC.email, password: PASSWORD } }), 429);
    expect((await storedRows(srv, `sesion-${clinica}`)).length).to.equal(1);
  });
});
