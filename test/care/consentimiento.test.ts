import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { DateTime } from 'luxon';
import { startTestServer, type TestServer } from '../support/server.ts';
import { asStored } from '../../src/eventstore/port.ts';
import { adminBody, expectError } from '../http/helpers.ts';
import { asignar, at, newPaciente, newPsicologo, type Paciente, type Psicologo, ZONE } from '../citas/support.ts';

// Informed consent (issue 34 §3, docs/care.md "3. Informed consent").
describe('informed consent', function () {
  this.timeout(120_000);
  let srv: TestServer;
  let admin: string;
  let auditor: string;
  let psi: Psicologo;
  let ana: Paciente;
  let luis: Paciente;
  let eva: Paciente;
  const PASSWORD = 'secreto123';
  const ahora = () => DateTime.now().setZone(ZONE).toFormat("yyyy-LL-dd'T'HH:mm:ss.SSS");

  const publicar = (tipo: string, titulo: string, cuerpo: string, token = admin) =>
    srv.request('POST', '/api/admin/consentimientos/documentos', { token, body: { tipo, titulo, cuerpo } });
  const requerir = (tipos: string[], token = admin) => srv.request('PUT', '/api/admin/consentimientos/requeridos', { token, body: { tipos } });
  const firmar = (p: Paciente, tipo: string, version: number, password = PASSWORD) =>
    srv.request('POST', '/api/consentimientos', { token: p.token, body: { tipo, version, password } });
  const retirar = (p: Paciente, tipo: string, password = PASSWORD) =>
    srv.request('POST', '/api/consentimientos/retiradas', { token: p.token, body: { tipo, motivo: 'Lo he pensado mejor', password } });
  const mios = async (p: Paciente) => (await srv.request('GET', '/api/consentimientos', { token: p.token })).body as any[];
  const reservar = (p: Paciente, start: string) =>
    srv.request('POST', '/api/citas', { token: p.token, body: { idPsicologo: psi.idPsicologo, startDatetime: start, durationMinutes: 50, motivo: null } });
  const citasDe = async (p: Paciente) => (await srv.request('GET', '/api/citas', { token: p.token })).body as any[];
  const asOf = (idPaciente: number, en?: string, token = auditor) =>
    srv.request('GET', `/api/admin/auditoria/pacientes/${idPaciente}/consentimientos${en ? `?en=${en}` : ''}`, { token });
  const porTipo = (rows: any[], tipo: string) => rows.find((r) => r.tipo === tipo);
  /** The canonical form written out by hand (RFC 8785 of these four members: sorted keys, JSON strings). */
  const sha = (d: { tipo: string; version: number; titulo: string; cuerpo: string }) => createHash('sha256')
    .update(`{"cuerpo":${JSON.stringify(d.cuerpo)},"tipo":${JSON.stringify(d.tipo)},"titulo":${JSON.stringify(d.titulo)},"version":${d.version}}`)
    .digest('hex');

  before(async () => {
    srv = await startTestServer({ env: { LOGIN_MAX_FAILURES: '3' } });
    admin = await srv.adminToken();
    psi = await newPsicologo(srv, admin);
    [ana, luis, eva] = [await newPaciente(srv, 'Ana'), await newPaciente(srv, 'Luis'), await newPaciente(srv, 'Eva')];
    await asignar(srv, admin, ana.idPaciente, psi.idPsicologo);
    await asignar(srv, admin, luis.idPaciente, psi.idPsicologo);
    const r = await srv.request('POST', '/auth/register-auditor', { token: admin, body: adminBody({ nombre: 'Inés', apellido: 'Auditora' }) });
    expect(r.status, r.text).to.equal(200);
    auditor = r.body.token;
  });
  after(async () => {
    await srv?.stop();
  });

  it('books as before while no document is required (the default)', async () => {
    const docs = (await srv.request('GET', '/api/consentimientos/documentos', { token: ana.token })).body;
    expect(docs.map((d: any) => [d.tipo, d.requerido, d.versionActual])).to.deep.equal([['TRATAMIENTO', false, null], ['DATOS', false, null], ['ONLINE', false, null]]);
    expect((await reservar(ana, at('02-02', '10:00'))).status).to.equal(201);
  });

  it('publishes versioned documents with the SHA-256 of their canonical form; only the administrator, and bad input is a 400', async () => {
    const v1 = await publicar('TRATAMIENTO', 'Consentimiento para el tratamiento', 'Texto v1\r\ncon dos líneas');
    expect(v1.status, v1.text).to.equal(201);
    expect(v1.body).to.include({ tipo: 'TRATAMIENTO', version: 1, cuerpo: 'Texto v1\ncon dos líneas' });
    expect(v1.body.sha256).to.equal(sha({ tipo: 'TRATAMIENTO', version: 1, titulo: v1.body.titulo, cuerpo: 'Texto v1\ncon dos líneas' }));
    expect(v1.body.publicadoEn).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    const v2 = await publicar('TRATAMIENTO', 'Consentimiento para el tratamiento', 'Texto v2');
    expect(v2.body).to.include({ version: 2, sha256: sha({ tipo: 'TRATAMIENTO', version: 2, titulo: 'Consentimiento para el tratamiento', cuerpo: 'Texto v2' }) });
    expect((await publicar('DATOS', 'Tratamiento de datos', 'RGPD')).body).to.include({ version: 1 });

    const read = await srv.request('GET', '/api/consentimientos/documento?tipo=TRATAMIENTO&version=1', { token: eva.token });
    expect(read.body).to.include({ version: 1, cuerpo: 'Texto v1\ncon dos líneas', sha256: v1.body.sha256 });
    expect((await srv.request('GET', '/api/consentimientos/documento?tipo=TRATAMIENTO', { token: psi.token })).body).to.include({ version: 2 });
    expectError(await srv.request('GET', '/api/consentimientos/documento?tipo=TRATAMIENTO&version=9', { token: eva.token }), 404);
    expectError(await srv.request('GET', '/api/consentimientos/documento?tipo=ONLINE', { token: eva.token }), 404);
    expectError(await srv.request('GET', '/api/consentimientos/documento?tipo=TRATAMIENTO&version=uno', { token: eva.token }), 400);
    expectError(await srv.request('GET', '/api/consentimientos/documentos'), 401);

    expectError(await publicar('TRATAMIENTO', 'x', 'y', ana.token), 403);
    expectError(await publicar('TRATAMIENTO', 'x', 'y', psi.token), 403);
    expectError(await publicar('OTRO', 'x', 'y'), 400);
    expectError(await publicar('DATOS', 'x'.repeat(201), 'y'), 400);
    expectError(await publicar('DATOS', 'x', 'y'.repeat(100_001)), 400);
    expectError(await publicar('DATOS', 'x', '   '), 400);
    expectError(await srv.request('POST', '/api/admin/consentimientos/documentos', { token: admin, body: { tipo: 'DATOS', titulo: 'x', cuerpo: 'y', version: 7 } }), 400);
    const docs = (await srv.request('GET', '/api/consentimientos/documentos', { token: ana.token })).body;
    expect(porTipo(docs, 'TRATAMIENTO').versionActual).to.include({ version: 2 });
    expect(porTipo(docs, 'DATOS').versionActual).to.include({ version: 1 });
  });

  it('requires only published documents, set by the administrator', async () => {
    expectError(await requerir(['TRATAMIENTO', 'ONLINE']), 409, /ONLINE/);
    expectError(await requerir(['TRATAMIENTO'], ana.token), 403);
    expectError(await requerir(['TRATAMIENTO', 'TRATAMIENTO']), 400);
    const r = await requerir(['TRATAMIENTO', 'DATOS']);
    expect(r.status, r.text).to.equal(200);
    expect(r.body.map((d: any) => [d.tipo, d.requerido])).to.deep.equal([['TRATAMIENTO', true], ['DATOS', true], ['ONLINE', false]]);
  });

  it('refuses a booking (409 naming the documents) until they are signed; a wrong password or a former version stores nothing', async () => {
    const antes = await reservar(luis, at('02-03', '10:00'));
    expectError(antes, 409);
    expect(antes.body.mensaje).to.include('TRATAMIENTO v2').and.include('DATOS v1');
    const serie = await srv.request('POST', '/api/citas/series', { token: luis.token, body: { idPsicologo: psi.idPsicologo, startDatetime: at('02-10', '10:00'), frecuencia: 'SEMANAL', repeticiones: 2 } });
    expectError(serie, 409, /TRATAMIENTO/);
    const porPsicologo = await srv.request('POST', '/api/psicologo/citas/series', { token: psi.token, body: { idPaciente: luis.idPaciente, startDatetime: at('02-10', '10:00'), frecuencia: 'SEMANAL', repeticiones: 2 } });
    expectError(porPsicologo, 409, /DATOS/);
    expect(await citasDe(luis)).to.deep.equal([]);

    expectError(await firmar(luis, 'TRATAMIENTO', 2, 'no-es-la-mia'), 401);
    expectError(await firmar(luis, 'TRATAMIENTO', 1), 409, /vigente/);
    expectError(await firmar(luis, 'ONLINE', 1), 404);
    expectError(await srv.request('POST', '/api/consentimientos', { token: luis.token, body: { tipo: 'DATOS', version: 1, password: PASSWORD, idPaciente: ana.idPaciente } }), 400);
    expectError(await srv.request('POST', '/api/consentimientos', { token: psi.token, body: { tipo: 'DATOS', version: 1, password: 'terapia2024' } }), 403);
    expect(await mios(luis)).to.deep.equal([]);

    const t = await firmar(luis, 'TRATAMIENTO', 2);
    expect(t.status, t.text).to.equal(201);
    expect(t.body).to.include({ numero: 1, tipo: 'TRATAMIENTO', version: 2, significado: 'ACEPTA', estado: 'VIGENTE', retiradoEn: null });
    expect(t.body.sha256).to.equal(sha({ tipo: 'TRATAMIENTO', version: 2, titulo: 'Consentimiento para el tratamiento', cuerpo: 'Texto v2' }));
    expectError(await firmar(luis, 'TRATAMIENTO', 2), 409);
    const falta = await reservar(luis, at('02-03', '10:00'));
    expectError(falta, 409);
    expect(falta.body.mensaje).to.include('DATOS v1').and.not.include('TRATAMIENTO');
    expect((await firmar(luis, 'DATOS', 1)).status).to.equal(201);
    expect((await reservar(luis, at('02-03', '10:00'))).status).to.equal(201);
  });

  it('asks for the new version of a required document before the next booking; booked appointments stay', async () => {
    expect((await publicar('TRATAMIENTO', 'Consentimiento para el tratamiento', 'Texto v3')).body).to.include({ version: 3 });
    const r = await reservar(luis, at('02-04', '10:00'));
    expectError(r, 409);
    expect(r.body.mensaje).to.include('TRATAMIENTO v3').and.not.include('DATOS');
    expect((await citasDe(luis)).map((c) => [c.startDatetime, c.estado])).to.deep.equal([[at('02-03', '10:00'), 'PENDIENTE']]);
    expect((await firmar(luis, 'TRATAMIENTO', 3)).status).to.equal(201);
    expect((await reservar(luis, at('02-04', '10:00'))).status).to.equal(201);
    expect((await mios(luis)).map((c) => [c.numero, c.tipo, c.version, c.estado])).to.deep.equal([
      [1, 'TRATAMIENTO', 2, 'SUSTITUIDO'], [2, 'DATOS', 1, 'VIGENTE'], [3, 'TRATAMIENTO', 3, 'VIGENTE'],
    ]);
  });

  it('records a withdrawal without deleting the signature, and booking needs a new signature', async () => {
    expectError(await retirar(luis, 'DATOS', 'mal'), 401);
    const w = await retirar(luis, 'DATOS');
    expect(w.status, w.text).to.equal(200);
    expect(w.body).to.include({ numero: 2, tipo: 'DATOS', estado: 'RETIRADO' });
    expect(w.body.retiradoEn).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expectError(await retirar(luis, 'DATOS'), 409);
    expectError(await reservar(luis, at('02-05', '10:00')), 409, /DATOS v1/);
    expect((await mios(luis)).map((c) => c.estado)).to.deep.equal(['SUSTITUIDO', 'RETIRADO', 'VIGENTE']);
    expect((await firmar(luis, 'DATOS', 1)).body).to.include({ numero: 4, estado: 'VIGENTE' });
    expect((await reservar(luis, at('02-05', '10:00'))).status).to.equal(201);
  });

  it('counts wrong passwords towards the login lockout (LOGIN_MAX_FAILURES=3)', async () => {
    for (let i = 0; i < 3; i++) expectError(await firmar(eva, 'DATOS', 1, `adivina${i}`), 401);
    expectError(await firmar(eva, 'DATOS', 1), 429);
    expect(await mios(eva)).to.deep.equal([]);
  });

  it('decides a withdrawal racing bookings on one stream: every booking that succeeded was checked before the withdrawal', async () => {
    const sol = await newPaciente(srv, 'Sol');
    const actual = (await srv.request('GET', '/api/consentimientos/documento?tipo=TRATAMIENTO', { token: sol.token })).body.version;
    expect((await firmar(sol, 'TRATAMIENTO', actual)).status).to.equal(201);
    expect((await firmar(sol, 'DATOS', 1)).status).to.equal(201);
    const horas = ['09:00', '10:00', '11:00', '12:00', '13:00', '16:00'];
    const [retirada, ...reservas] = await Promise.all([retirar(sol, 'DATOS'), ...horas.map((h) => reservar(sol, at('03-02', h)))]);
    expect(retirada.status, retirada.text).to.equal(200);
    for (const r of reservas.filter((x) => x.status !== 201)) expectError(r, 409, /DATOS v1/);
    const reservadas = reservas.filter((r) => r.status === 201).map((r) => r.body.idCita).sort();
    const stream = await srv.deps.store.readStream(`consentimientos-paciente-${sol.idPaciente}`);
    const orden = stream.map((e) => e.type).filter((t) => t !== 'ConsentimientoFirmado');
    const verificadas = orden.filter((t) => t === 'ConsentimientosVerificados').length;
    expect(orden).to.deep.equal([...Array(verificadas).fill('ConsentimientosVerificados'), 'ConsentimientoRetirado']);
    const checked = stream.filter((e) => e.type === 'ConsentimientosVerificados').flatMap((e) => (e.data as { idCitas: number[] }).idCitas).sort();
    expect(checked).to.deep.equal(reservadas);
    expect((await citasDe(sol)).map((c) => c.idCita).sort()).to.deep.equal(reservadas);
  });

  it('answers an auditor what a patient had signed at a given time, from the log', async () => {
    const p = await newPaciente(srv, 'Rosa');
    const t0 = ahora();
    await firmar(p, 'TRATAMIENTO', 3);
    const t1 = ahora();
    await publicar('TRATAMIENTO', 'Consentimiento para el tratamiento', 'Texto v4');
    const t2 = ahora();
    await firmar(p, 'TRATAMIENTO', 4);
    await retirar(p, 'TRATAMIENTO');
    const t3 = ahora();

    const en0 = porTipo((await asOf(p.idPaciente, t0)).body, 'TRATAMIENTO');
    expect(en0).to.deep.include({ requerido: true, firma: null, firmadoVigente: false });
    expect(en0.versionVigente).to.include({ version: 3 });
    const en1 = porTipo((await asOf(p.idPaciente, t1)).body, 'TRATAMIENTO');
    expect(en1).to.include({ firmadoVigente: true });
    expect(en1.firma).to.include({ numero: 1, version: 3, retiradoEn: null });
    const en2 = porTipo((await asOf(p.idPaciente, t2)).body, 'TRATAMIENTO');
    expect(en2).to.include({ firmadoVigente: false });
    expect([en2.versionVigente.version, en2.firma.version]).to.deep.equal([4, 3]);
    const en3 = porTipo((await asOf(p.idPaciente, t3)).body, 'TRATAMIENTO');
    expect(en3).to.include({ firmadoVigente: false });
    expect(en3.firma).to.include({ numero: 2, version: 4 }).and.have.property('retiradoEn').that.is.a('string');
    const replay = await srv.request('GET', `/api/admin/auditoria/pacientes/${p.idPaciente}/eventos`, { token: auditor });
    expect(replay.body.map((e: any) => e.type)).to.deep.equal(['ConsentimientoFirmado', 'ConsentimientoFirmado', 'ConsentimientoRetirado']);
    expect(replay.body[0].data).to.include({ significado: 'ACEPTA', version: 3 });
    const now = await asOf(p.idPaciente, undefined, admin);
    expect(porTipo(now.body, 'TRATAMIENTO').firma).to.include({ numero: 2 });

    expectError(await asOf(p.idPaciente, '2026-13-01T10:00'), 400);
    expectError(await asOf(p.idPaciente, 'ayer'), 400);
    expectError(await asOf(999_999, t3), 404);
    expectError(await asOf(p.idPaciente, t3, p.token), 403);
    expectError(await asOf(p.idPaciente, t3, psi.token), 403);
  });

  it("lets a psychologist read their own patients' consents; another's is 404", async () => {
    const own = await srv.request('GET', `/api/psicologo/consentimientos?idPaciente=${luis.idPaciente}`, { token: psi.token });
    expect(own.status, own.text).to.equal(200);
    expect(own.body).to.have.length(4);
    expectError(await srv.request('GET', `/api/psicologo/consentimientos?idPaciente=${eva.idPaciente}`, { token: psi.token }), 404);
    expectError(await srv.request('GET', `/api/psicologo/consentimientos?idPaciente=${luis.idPaciente}`, { token: luis.token }), 403);
    expect(await mios(ana)).to.deep.equal([]); // the list is always the caller's own
  });

  it("puts signatures, withdrawals and bookings' checks in the patient's export", async () => {
    const r = await srv.request('GET', `/api/pacientes/${luis.idPaciente}/exportacion`, { token: luis.token });
    expect(r.status, r.text).to.equal(200);
    expect(r.body.consentimientos).to.deep.equal(await mios(luis)).and.to.have.length(4);
    const ev = (r.body.eventos as any[]).filter((e) => e.stream === `consentimientos-paciente-${luis.idPaciente}`);
    expect(ev.map((e) => e.type)).to.include.members(['ConsentimientoFirmado', 'ConsentimientoRetirado', 'ConsentimientosVerificados']);
    expect(ev.find((e) => e.type === 'ConsentimientoFirmado').data).to.include({ significado: 'ACEPTA', tipo: 'TRATAMIENTO', version: 2 });
    expect(ev.find((e) => e.type === 'ConsentimientoRetirado').data).to.include({ motivo: 'Lo he pensado mejor' });
  });

  it('seals what the patient declared in the log; erasure blanks it in the read model while the auditor still answers', async () => {
    const stored = await asStored(srv.deps.store, `consentimientos-paciente-${luis.idPaciente}`);
    const firmas = stored.filter((e) => e.type === 'ConsentimientoFirmado');
    expect(firmas).to.have.length(4);
    for (const e of firmas) {
      expect(e.data.significado).to.be.a('string').and.not.equal('ACEPTA');
      expect(e.data).to.include({ idPaciente: luis.idPaciente, tipo: e.data.tipo });
      expect(e.data.sha256).to.match(/^[0-9a-f]{64}$/);
    }
    const del = await srv.request('DELETE', `/api/pacientes/${luis.idPaciente}`, { token: admin });
    expect(del.status, del.text).to.be.oneOf([200, 204]);
    const rows = await srv.deps.knex('consentimientos').where({ id_paciente: luis.idPaciente }).orderBy('numero');
    expect(rows.map((r: any) => [r.numero, r.significado, r.motivo_retirada])).to.deep.equal([[1, null, null], [2, null, null], [3, null, null], [4, null, null]]);
    const audit = await asOf(luis.idPaciente);
    expect(porTipo(audit.body, 'DATOS')).to.deep.include({ firmadoVigente: true });
  });
});
