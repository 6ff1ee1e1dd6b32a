import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectError } from '../http/helpers.ts';
import { asignar, dump, newPaciente, type Paciente } from './support.ts';
import { digestOf, expectFirma, expectFirmaAdenda, newFirmante, PASSWORD, storedRows, type Firmante } from './firma-support.ts';
import type { EventStore } from '../../src/eventstore/port.ts';
import { corregirHistorial } from '../../src/commands/clinico.ts';
import { firmarHistorial } from '../../src/commands/firmas.ts';
import { allProjections } from '../../src/projections/index.ts';
import { resetProjections } from '../../src/projections/runner.ts';
import { runAuditExport } from '../../src/cli/audit-export.ts';
import { runAuditVerify } from '../../src/cli/audit-verify.ts';
import { checkpointCovering, eventCount } from '../audit/support.ts';
import { logEvents } from '../support/log.ts';

// Signed clinical-history entries (issue 23): POST /api/psicologo/historial-clinico/{id}/firma and /adendas.
describe('signed clinical-history entries', function () {
  this.timeout(120_000);
  let srv: TestServer;
  let admin: string;
  let psiA: Firmante;
  let psiB: Firmante;
  let p1: Paciente;
  let p2: Paciente;
  let p3: Paciente;

  const entrada = { titulo: 'Evaluación inicial', diagnostico: 'Ansiedad generalizada', tratamiento: 'TCC', observaciones: 'Duerme mal' };
  const crear = async (token: string, idPaciente?: number) => {
    const r = idPaciente === undefined
      ? await srv.request('POST', '/api/historial-clinico', { token, body: entrada })
      : await srv.request('POST', '/api/psicologo/historial-clinico', { token, body: { ...entrada, idPaciente } });
    expect(r.status, r.text).to.equal(201);
    return r.body.idHistory as number;
  };
  const firmar = (token: string, id: number, password = PASSWORD) =>
    srv.request('POST', `/api/psicologo/historial-clinico/${id}/firma`, { token, body: { password } });
  const adenda = (token: string, id: number, tipo: string, texto: string, password = PASSWORD) =>
    srv.request('POST', `/api/psicologo/historial-clinico/${id}/adendas`, { token, body: { tipo, texto, password } });
  const lista = async (token: string, path: string, id: number) => (await srv.request('GET', path, { token })).body.find((h: any) => h.idHistory === id);

  before(async () => {
    srv = await startTestServer();
    admin = await srv.adminToken();
    [psiA, psiB] = [await newFirmante(srv, admin, 'Laura'), await newFirmante(srv, admin, 'Marta')];
    [p1, p2, p3] = [await newPaciente(srv), await newPaciente(srv), await newPaciente(srv)];
    await asignar(srv, admin, p1.idPaciente, psiA.idPsicologo);
    await asignar(srv, admin, p2.idPaciente, psiA.idPsicologo);
    await asignar(srv, admin, p3.idPaciente, psiB.idPsicologo);
  });
  after(async () => {
    await srv?.stop();
  });

  it('shows unsigned entries with firma null and adendas [], corrected and deleted as before', async () => {
    const id = await crear(psiA.token, p1.idPaciente);
    const got = await srv.request('GET', `/api/historial-clinico/${id}`, { token: p1.token });
    expect(got.body).to.include({ firma: null }).and.to.have.property('adendas').that.deep.equals([]);
    const put = await srv.request('PUT', `/api/psicologo/historial-clinico/${id}`, { token: psiA.token, body: { ...entrada, titulo: 'Corregido' } });
    expect(put.status, put.text).to.equal(200);
    expect(put.body).to.include({ titulo: 'Corregido', firma: null });
    expect((await srv.request('DELETE', `/api/psicologo/historial-clinico/${id}`, { token: psiA.token })).status).to.equal(204);
  });

  it("refuses a wrong password (401), someone else's patient (404), a patient's entry and another psychologist's (409)", async () => {
    const id = await crear(psiA.token, p1.idPaciente);
    const delPaciente = await crear(p1.token);
    expectError(await firmar(psiA.token, id, 'no-es-la-clave1'), 401);
    expectError(await firmar(psiB.token, id), 404);
    expectError(await firmar(psiA.token, 999_999), 404);
    expectError(await firmar(p1.token, id), 403);
    expectError(await firmar(psiA.token, delPaciente), 409, 'El registro lo escribió el paciente: solo se firman los registros del psicólogo');
    // Written by psiA; once the patient moves to psiB, psiB sees it but may not sign it as its author, and psiA no longer reaches it.
    const previo = await crear(psiA.token, p2.idPaciente);
    await asignar(srv, admin, p2.idPaciente, psiB.idPsicologo);
    expectError(await firmar(psiB.token, previo), 409, 'Solo el psicólogo que escribió el registro puede firmarlo');
    expectError(await firmar(psiA.token, previo), 404);
    for (const x of [id, delPaciente, previo]) expect((await storedRows(srv, `historial-${x}`)).length).to.equal(1);
  });

  describe('a signed entry', () => {
    let id: number;
    let huella: string;

    it('signs: 201, huella = digest of the stored events, shown to the psychologist, the patient, the administrator and the audit', async () => {
      id = await crear(psiA.token, p1.idPaciente);
      const r = await firmar(psiA.token, id);
      expect(r.status, r.text).to.equal(201);
      const rows = await storedRows(srv, `historial-${id}`);
      expect(rows.map((x) => x.type)).to.deep.equal(['HistorialCreado', 'HistorialFirmado']);
      huella = digestOf(rows, 1);
      expect(rows[1].data).to.include({ idHistory: id, idPaciente: p1.idPaciente, idPsicologo: psiA.idPsicologo, significado: 'AUTOR', huella });
      expect(JSON.stringify(rows[0].data)).not.to.include('Ansiedad generalizada'); // digested sealed
      expectFirma(r.body.firma, psiA, huella);
      const reads = [
        (await srv.request('GET', `/api/historial-clinico/${id}`, { token: p1.token })).body,
        await lista(p1.token, '/api/historial-clinico', id),
        await lista(psiA.token, `/api/psicologo/historial-clinico?idPaciente=${p1.idPaciente}`, id),
        await lista(admin, '/api/admin/historial-clinico', id),
        await lista(admin, `/api/admin/auditoria/pacientes/${p1.idPaciente}/historial-clinico`, id),
      ];
      for (const x of reads) expectFirma(x.firma, psiA, huella);
      expectError(await firmar(psiA.token, id), 409, 'El registro ya está firmado');
    });

    it('refuses every correction and delete, by the psychologist and by the patient (409)', async () => {
      const signed = 'El registro está firmado: no se puede eliminar ni corregir; añada una adenda';
      expectError(await srv.request('PUT', `/api/psicologo/historial-clinico/${id}`, { token: psiA.token, body: entrada }), 409, signed);
      expectError(await srv.request('DELETE', `/api/psicologo/historial-clinico/${id}`, { token: psiA.token }), 409, signed);
      expectError(await srv.request('PUT', `/api/historial-clinico/${id}`, { token: p1.token, body: entrada }), 409, signed);
      expectError(await srv.request('DELETE', `/api/historial-clinico/${id}`, { token: p1.token }), 409, signed);
      expect((await storedRows(srv, `historial-${id}`)).length).to.equal(2);
    });

    it('takes addenda (referencia = huella), seen by the patient and in the audit replay; none after ANULACION', async () => {
      expectError(await adenda(psiA.token, id, 'CORRECCION', 'x', 'clave-mala-2'), 401);
      expectError(await adenda(psiB.token, id, 'CORRECCION', 'x'), 404);
      const r = await adenda(psiA.token, id, 'CORRECCION', 'Diagnóstico: ansiedad social, no generalizada');
      expect(r.status, r.text).to.equal(201);
      expect(r.body.adendas).to.have.length(1);
      const [a] = r.body.adendas;
      expect(a).to.include({ tipo: 'CORRECCION', texto: 'Diagnóstico: ansiedad social, no generalizada', referencia: huella });
      expectFirmaAdenda(a.firma, psiA, { tipo: 'CORRECCION', texto: 'Diagnóstico: ansiedad social, no generalizada', referencia: huella });
      expect((await srv.request('GET', `/api/historial-clinico/${id}`, { token: p1.token })).body.adendas).to.deep.equal([a]);
      expect((await lista(admin, `/api/admin/auditoria/pacientes/${p1.idPaciente}/historial-clinico`, id)).adendas).to.deep.equal([a]);
      const eventos = (await srv.request('GET', `/api/admin/auditoria/pacientes/${p1.idPaciente}/eventos`, { token: admin })).body;
      expect(eventos.filter((e: any) => e.stream === `historial-${id}`).map((e: any) => e.type))
        .to.deep.equal(['HistorialCreado', 'HistorialFirmado', 'HistorialAdendaAgregada']);
      expect((await adenda(psiA.token, id, 'ANULACION', 'Entrada duplicada')).status).to.equal(201);
      expectError(await adenda(psiA.token, id, 'ACLARACION', 'Tarde'), 409);
    });
  });

  it('takes addenda only on a signed entry (409)', async () => {
    const id = await crear(psiA.token, p1.idPaciente);
    expectError(await adenda(psiA.token, id, 'ACLARACION', 'Sin firmar'), 409, 'Solo un registro firmado admite adendas: fírmelo antes');
  });

  it('appends the signature at the revision its huella was computed at: a correction in between is digested too (retried)', async () => {
    const id = await crear(psiA.token, p1.idPaciente);
    const store = srv.deps.store;
    let raced = false;
    // Between the digest's read and the append, the entry is corrected: the signature must not land over it unseen.
    const racing: EventStore = Object.assign(Object.create(store), {
      async readStreamAsStored(streamId: string) {
        const rows = await store.readStreamAsStored!(streamId);
        if (!raced) {
          raced = true;
          await corregirHistorial(srv.deps, { idUsuario: psiA.idUsuario, rol: 'PSICOLOGO' }, id, p1.idPaciente, 'PSICOLOGO', { ...entrada, titulo: 'Corregido a la vez' });
        }
        return rows;
      },
    });
    await firmarHistorial({ ...srv.deps, store: racing }, { idUsuario: psiA.idUsuario, rol: 'PSICOLOGO' }, psiA.idPsicologo, id, p1.idPaciente);
    const rows = await storedRows(srv, `historial-${id}`);
    expect(rows.map((x) => x.type)).to.deep.equal(['HistorialCreado', 'HistorialCorregido', 'HistorialFirmado']);
    expect(rows[2].data.huella).to.equal(digestOf(rows, 2));
  });

  it('erasing the patient appends nothing to signed entries and clears the addenda text from the read model; a rebuild agrees', async () => {
    const id = await crear(psiB.token, p3.idPaciente);
    expect((await firmar(psiB.token, id)).status).to.equal(201);
    expect((await adenda(psiB.token, id, 'ACLARACION', 'Texto clínico de la adenda')).status).to.equal(201);
    const before = await storedRows(srv, `historial-${id}`);
    const del = await srv.request('DELETE', `/api/pacientes/${p3.idPaciente}`, { token: admin });
    expect(del.status, del.text).to.equal(204);
    await srv.deps.projections.waitFor(await srv.deps.store.head(), 10_000);
    expect(await storedRows(srv, `historial-${id}`)).to.deep.equal(before);
    const row = await srv.deps.knex('adendas_clinicas').where({ registro: 'HISTORIAL', id_registro: id }).first();
    expect(row.texto).to.equal(null);
    // Auditors still replay it until the retention job shreds the key.
    const audit = await lista(admin, `/api/admin/auditoria/pacientes/${p3.idPaciente}/historial-clinico`, id);
    expect(audit.adendas.map((a: any) => a.texto)).to.deep.equal(['Texto clínico de la adenda']);

    const tables = async () => [await dump(srv, 'firmas_clinicas', 'registro, id_registro'), await dump(srv, 'adendas_clinicas', 'registro, id_registro, revision')];
    const live = await tables();
    expect(live.every((t) => t !== '[]')).to.equal(true);
    await resetProjections(srv.deps.knex, allProjections(srv.config));
    expect(await srv.deps.projections.waitFor(await srv.deps.store.head(), 60_000)).to.equal(true);
    expect(await tables()).to.deep.equal(live);
  });

  it("passes the offline verifier (audit:export, audit:verify): every signature's huella and every addendum's referencia", async function () {
    const id = await crear(psiA.token, p1.idPaciente);
    expect((await firmar(psiA.token, id)).status).to.equal(201);
    expect((await adenda(psiA.token, id, 'ACLARACION', 'Verificable')).status).to.equal(201);
    const work = mkdtempSync(join(tmpdir(), 'practice-firmas-'));
    try {
      const keyFile = join(work, 'key.txt');
      writeFileSync(keyFile, (await srv.request('GET', '/audit/v1/key', { token: admin })).text);
      await checkpointCovering(srv, admin, await eventCount(srv));
      await runAuditExport(srv.config, join(work, 'bundle'));
      const report = await runAuditVerify(join(work, 'bundle'), { key: keyFile });
      expect(report.failure).to.equal(null);
      expect(report.verified).to.equal(true);
      const signed = (await logEvents(srv, { type: ['HistorialFirmado', 'SesionFirmada'] })).length;
      const addenda = (await logEvents(srv, { type: ['HistorialAdendaAgregada', 'SesionAdendaAgregada'] })).length;
      expect(signed).to.be.greaterThan(2);
      expect(report).to.include({ signedRecords: signed, addenda });
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
