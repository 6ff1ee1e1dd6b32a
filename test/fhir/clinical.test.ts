import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { newCita, newPaciente, type Persona } from '../notifications/support.ts';
import { asignar } from '../clinico/support.ts';
import { newFirmante, PASSWORD, type Firmante } from '../clinico/firma-support.ts';
import { badRequest, ids, notFound, read, searchAll } from './clinical-support.ts';
import { expectFhirTypesCover } from './stream-types.ts';

// The clinical record and messages as FHIR R4 (issue 26): Encounter, DocumentReference,
// Condition, CarePlan, Observation, Communication, Provenance, on one server with real REST writes.
describe('FHIR clinical record', function () {
  this.timeout(180_000);
  let srv: TestServer;
  let admin: string;
  let psiA: Firmante;
  let psiB: Firmante;
  let p1: Persona;
  let p2: Persona;
  let p3: Persona;
  const s: Record<string, number> = {};
  const citas: Record<string, number> = {};

  const ok = async (method: string, path: string, token: string, body?: unknown) => {
    const r = await srv.request(method, path, { token, body });
    expect(r.status, `${method} ${path}: ${r.text}`).to.be.oneOf([200, 201, 204]);
    return r.body;
  };
  const sesion = async (token: string, idCita: number, idPaciente: number, sessionDate: string, notas: string | null) =>
    (await ok('POST', '/api/psicologo/sesiones', token, { idCita, idPaciente, sessionDate, durationMinutes: 50, notas, recomendaciones: 'Respirar' })).idSesion as number;

  before(async () => {
    srv = await startTestServer();
    admin = await srv.adminToken();
    [psiA, psiB] = [await newFirmante(srv, admin, 'Laura'), await newFirmante(srv, admin, 'Marta')];
    [p1, p2, p3] = [await newPaciente(srv, 'Ana'), await newPaciente(srv, 'Bea'), await newPaciente(srv, 'Carla')];
    await asignar(srv, admin, p1.idPaciente, psiA.idPsicologo);
    await asignar(srv, admin, p2.idPaciente, psiA.idPsicologo);
    await asignar(srv, admin, p3.idPaciente, psiB.idPsicologo);
    citas.c1 = await newCita(srv, p1.idPaciente, psiA.idPsicologo, '2030-01-15T10:00:00');
    citas.c1b = await newCita(srv, p1.idPaciente, psiA.idPsicologo, '2030-07-15T10:00:00');
    citas.c2 = await newCita(srv, p2.idPaciente, psiA.idPsicologo, '2030-01-16T10:00:00');
    citas.c3 = await newCita(srv, p3.idPaciente, psiB.idPsicologo, '2030-01-17T10:00:00');
    s.s1 = await sesion(psiA.token, citas.c1, p1.idPaciente, '2030-01-15T10:00:00', 'Ansiedad ante exámenes; trabajamos respiración');
    s.s1b = await sesion(psiA.token, citas.c1b, p1.idPaciente, '2030-07-15T10:00:00', 'Verano: mejor');
    s.s2 = await sesion(psiA.token, citas.c2, p2.idPaciente, '2030-01-16T10:00:00', null);
    s.s3 = await sesion(psiB.token, citas.c3, p3.idPaciente, '2030-01-17T10:00:00', 'Duelo');
  });
  after(async () => {
    await srv?.stop();
  });

  describe('Encounter', () => {
    it('maps a session: finished, ambulatory psychotherapy, patient, practitioner, appointment, period with offset', async () => {
      const e = await read(srv, admin, `Encounter/${s.s1}`);
      expect(e).to.include({ resourceType: 'Encounter', id: String(s.s1), status: 'finished' });
      expect(e.class).to.include({ system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB' });
      expect(e.type[0].coding[0]).to.include({ system: 'http://snomed.info/sct', code: '75516001' });
      expect(e.subject).to.deep.equal({ reference: `Patient/${p1.idPaciente}` });
      expect(e.participant).to.deep.equal([{ individual: { reference: `Practitioner/${psiA.idPsicologo}` } }]);
      expect(e.appointment).to.deep.equal([{ reference: `Appointment/${citas.c1}` }]);
      // Europe/Madrid in January: +01:00; in July: +02:00.
      expect(e.period).to.deep.equal({ start: '2030-01-15T10:00:00+01:00', end: '2030-01-15T10:50:00+01:00' });
      expect((await read(srv, admin, `Encounter/${s.s1b}`)).period.start).to.equal('2030-07-15T10:00:00+02:00');
      expect(e.meta.versionId).to.equal('0');
      expect(Date.parse(e.meta.lastUpdated)).to.be.closeTo(Date.now(), 120_000);
    });

    it('searches by patient, date (prefixes, precision), _id and _lastUpdated', async () => {
      expect(await ids(srv, admin, `Encounter?patient=Patient/${p1.idPaciente}`)).to.deep.equal([String(s.s1), String(s.s1b)]);
      expect(await ids(srv, admin, `Encounter?patient=${p2.idPaciente}`)).to.deep.equal([String(s.s2)]);
      expect(await ids(srv, admin, `Encounter?patient=${p1.idPaciente},${p3.idPaciente}`)).to.deep.equal([String(s.s1), String(s.s1b), String(s.s3)]);
      expect(await ids(srv, admin, `Encounter?patient=${p1.idPaciente}&date=2030-07`)).to.deep.equal([String(s.s1b)]);
      expect(await ids(srv, admin, 'Encounter?date=2030-01-16')).to.deep.equal([String(s.s2)]);
      expect(await ids(srv, admin, 'Encounter?date=ge2030-01-16&date=lt2030-02')).to.deep.equal([String(s.s2), String(s.s3)]);
      expect(await ids(srv, admin, 'Encounter?date=2030-01-15T09:00:00Z')).to.deep.equal([String(s.s1)]);
      expect(await ids(srv, admin, `Encounter?_id=${s.s2},${s.s3}`)).to.deep.equal([String(s.s2), String(s.s3)]);
      expect(await ids(srv, admin, 'Encounter?_lastUpdated=gt2099-01-01')).to.deep.equal([]);
      expect(await ids(srv, admin, `Encounter?_id=${s.s1}&_lastUpdated=ge2020-01-01`)).to.deep.equal([String(s.s1)]);
      await badRequest(srv, admin, 'Encounter?patient=Practitioner/1');
      await badRequest(srv, admin, 'Encounter?date=ayer');
      await badRequest(srv, admin, 'Encounter?status=finished');
    });

    it('pages with next links', async () => {
      const all = await searchAll(srv, admin, 'Encounter?_count=1');
      expect(all.map((e) => e.id)).to.deep.equal([s.s1, s.s1b, s.s2, s.s3].map(String));
    });

    it('shows a patient their own, a psychologist the sessions they held, an admin all', async () => {
      expect(await ids(srv, p1.token, 'Encounter')).to.deep.equal([String(s.s1), String(s.s1b)]);
      expect(await ids(srv, p1.token, `Encounter?patient=${p3.idPaciente}`)).to.deep.equal([]);
      await notFound(srv, p1.token, `Encounter/${s.s3}`);
      expect(await ids(srv, psiA.token, 'Encounter')).to.deep.equal([s.s1, s.s1b, s.s2].map(String));
      await notFound(srv, psiA.token, `Encounter/${s.s3}`);
      await read(srv, psiB.token, `Encounter/${s.s3}`);
      await notFound(srv, admin, 'Encounter/999999');
      await notFound(srv, admin, 'Encounter/abc');
    });
  });

  describe('DocumentReference', () => {
    const PSY = ['PSY', 'PSYTHPN'];
    const decode = (a: any) => Buffer.from(a.data, 'base64').toString('utf8');

    it('maps session notes: labels PSY and PSYTHPN, preliminary until signed, then final, amended with signed addenda', async () => {
      let d = await read(srv, psiA.token, `DocumentReference/${s.s1}`);
      expect(d).to.include({ resourceType: 'DocumentReference', id: String(s.s1), status: 'current', docStatus: 'preliminary' });
      expect(d.meta.security.map((l: any) => [l.system, l.code])).to.deep.equal(PSY.map((c) => ['http://terminology.hl7.org/CodeSystem/v3-ActCode', c]));
      expect(d.meta.security[1].display).to.equal('psychotherapy note information sensitivity');
      expect(d.type.coding[0]).to.include({ system: 'http://loinc.org', code: '11510-5' });
      expect(d.subject).to.deep.equal({ reference: `Patient/${p1.idPaciente}` });
      expect(d.author).to.deep.equal([{ reference: `Practitioner/${psiA.idPsicologo}` }]);
      expect(d.context.encounter).to.deep.equal([{ reference: `Encounter/${s.s1}` }]);
      expect(d.content).to.have.length(1);
      expect(d.content[0].attachment.contentType).to.equal('text/plain; charset=utf-8');
      expect(decode(d.content[0].attachment)).to.equal('Ansiedad ante exámenes; trabajamos respiración');
      expect(Date.parse(d.date)).to.be.closeTo(Date.now(), 300_000);
      const v0 = d.meta.versionId;

      await ok('POST', `/api/psicologo/sesiones/${s.s1}/firma`, psiA.token, { password: PASSWORD });
      d = await read(srv, psiA.token, `DocumentReference/${s.s1}`);
      expect(d.docStatus).to.equal('final');
      expect(d.authenticator).to.deep.equal({ reference: `Practitioner/${psiA.idPsicologo}` });
      expect(Number(d.meta.versionId)).to.be.above(Number(v0));

      await ok('POST', `/api/psicologo/sesiones/${s.s1}/adendas`, psiA.token, { tipo: 'ACLARACION', texto: 'Exámenes de junio', password: PASSWORD });
      d = await read(srv, admin, `DocumentReference/${s.s1}`);
      expect(d.docStatus).to.equal('amended');
      expect(d.content.map((c: any) => decode(c.attachment))).to.deep.equal(['Ansiedad ante exámenes; trabajamos respiración', 'Exámenes de junio']);
      expect(d.content[1].attachment.title).to.equal('Adenda (ACLARACION)');
    });

    it('exists only for sessions with notes', async () => {
      await notFound(srv, admin, `DocumentReference/${s.s2}`);
      expect(await ids(srv, admin, 'DocumentReference')).to.deep.equal([s.s1, s.s1b, s.s3].map(String));
    });

    it('searches by patient, type (with and without system), date, _id; pages', async () => {
      expect(await ids(srv, admin, `DocumentReference?patient=Patient/${p1.idPaciente}`)).to.deep.equal([String(s.s1), String(s.s1b)]);
      expect(await ids(srv, admin, `DocumentReference?patient=${p3.idPaciente}&type=http://loinc.org|11510-5`)).to.deep.equal([String(s.s3)]);
      expect(await ids(srv, admin, `DocumentReference?patient=${p3.idPaciente}&type=11510-5`)).to.deep.equal([String(s.s3)]);
      expect(await ids(srv, admin, 'DocumentReference?type=http://snomed.info/sct|11510-5')).to.deep.equal([]);
      expect(await ids(srv, admin, 'DocumentReference?type=11488-4')).to.deep.equal([]);
      const today = new Date().toISOString().slice(0, 10);
      expect(await ids(srv, admin, `DocumentReference?date=ge${today}T00:00:00Z&_id=${s.s1b}`)).to.deep.equal([String(s.s1b)]);
      expect(await ids(srv, admin, 'DocumentReference?date=lt2020')).to.deep.equal([]);
      expect((await searchAll(srv, admin, 'DocumentReference?_count=2')).map((d) => d.id)).to.deep.equal([s.s1, s.s1b, s.s3].map(String));
      await badRequest(srv, admin, 'DocumentReference?category=x');
    });

    it('is never shown to a patient, even their own; a psychologist sees their sessions\' notes', async () => {
      await notFound(srv, p1.token, `DocumentReference/${s.s1}`);
      expect(await ids(srv, p1.token, 'DocumentReference')).to.deep.equal([]);
      expect(await ids(srv, p1.token, `DocumentReference?patient=${p1.idPaciente}`)).to.deep.equal([]);
      expect(await ids(srv, psiA.token, 'DocumentReference')).to.deep.equal([String(s.s1), String(s.s1b)]);
      await notFound(srv, psiB.token, `DocumentReference/${s.s1}`);
      expect(await ids(srv, psiB.token, 'DocumentReference')).to.deep.equal([String(s.s3)]);
    });
  });
  describe('Condition and CarePlan', () => {
    const h: Record<string, number> = {};
    const entrada = async (token: string, body: Record<string, unknown>, idPaciente?: number) =>
      (await ok('POST', idPaciente ? '/api/psicologo/historial-clinico' : '/api/historial-clinico', token, idPaciente ? { ...body, idPaciente } : body)).idHistory as number;

    before(async () => {
      h.h1 = await entrada(psiA.token, { titulo: 'Evaluación inicial', diagnostico: 'Ansiedad generalizada', tratamiento: 'TCC semanal', observaciones: 'Duerme mal' }, p1.idPaciente);
      h.h2 = await entrada(p1.token, { titulo: 'Cómo me siento', diagnostico: 'Creo que tengo depresión', tratamiento: null, observaciones: null });
      h.h3 = await entrada(psiB.token, { titulo: 'Duelo', diagnostico: null, tratamiento: 'Acompañamiento en el duelo', observaciones: null }, p3.idPaciente);
      h.h4 = await entrada(psiA.token, { titulo: 'Borrador', diagnostico: 'Error', tratamiento: 'Error', observaciones: null }, p2.idPaciente);
    });

    it('maps a diagnosis to a Condition: free text, confirmed when the psychologist wrote it, unconfirmed when the patient did', async () => {
      const c = await read(srv, admin, `Condition/${h.h1}`);
      expect(c.clinicalStatus.coding[0].code).to.equal('active');
      expect(c.verificationStatus.coding[0].code).to.equal('confirmed');
      expect(c.category[0].coding[0].code).to.equal('problem-list-item');
      expect(c.code).to.deep.equal({ text: 'Ansiedad generalizada' });
      expect(c.subject).to.deep.equal({ reference: `Patient/${p1.idPaciente}` });
      expect(c.recorder).to.deep.equal({ reference: `Practitioner/${psiA.idPsicologo}` });
      expect(c.recordedDate).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
      expect(c.note).to.deep.equal([{ text: 'Duerme mal' }]);
      const own = await read(srv, p1.token, `Condition/${h.h2}`);
      expect(own.verificationStatus.coding[0].code).to.equal('unconfirmed');
      expect(own.asserter).to.deep.equal({ reference: `Patient/${p1.idPaciente}` });
      await notFound(srv, admin, `Condition/${h.h3}`); // no diagnosis
    });

    it('maps a treatment to a CarePlan addressing the same entry\'s Condition', async () => {
      const cp = await read(srv, admin, `CarePlan/${h.h1}`);
      expect(cp).to.include({ status: 'active', intent: 'plan', title: 'Evaluación inicial', description: 'TCC semanal' });
      expect(cp.author).to.deep.equal({ reference: `Practitioner/${psiA.idPsicologo}` });
      expect(cp.addresses).to.deep.equal([{ reference: `Condition/${h.h1}` }]);
      expect((await read(srv, admin, `CarePlan/${h.h3}`)).addresses).to.equal(undefined);
      await notFound(srv, admin, `CarePlan/${h.h2}`); // no treatment
    });

    it('searches by patient, _id, _lastUpdated; a correction moves the version; a deleted entry is gone', async () => {
      expect(await ids(srv, admin, `Condition?patient=${p1.idPaciente}`)).to.deep.equal([String(h.h1), String(h.h2)]);
      expect(await ids(srv, admin, `CarePlan?patient=Patient/${p3.idPaciente}`)).to.deep.equal([String(h.h3)]);
      expect(await ids(srv, admin, `Condition?_id=${h.h2},${h.h4}`)).to.deep.equal([String(h.h2), String(h.h4)]);
      const before = await read(srv, admin, `Condition/${h.h1}`);
      await ok('PUT', `/api/psicologo/historial-clinico/${h.h1}`, psiA.token, { titulo: 'Evaluación inicial', diagnostico: 'Ansiedad social', tratamiento: 'TCC semanal', observaciones: null });
      const after = await read(srv, admin, `Condition/${h.h1}`);
      expect(after.code.text).to.equal('Ansiedad social');
      expect(Number(after.meta.versionId)).to.equal(Number(before.meta.versionId) + 1);
      expect(await ids(srv, admin, `Condition?_lastUpdated=ge${after.meta.lastUpdated}`)).to.include(String(h.h1));
      expect(await ids(srv, admin, `Condition?_id=${h.h1}&_lastUpdated=lt${before.meta.lastUpdated.slice(0, 10)}`)).to.deep.equal([]);
      await ok('DELETE', `/api/psicologo/historial-clinico/${h.h4}`, psiA.token);
      await notFound(srv, admin, `Condition/${h.h4}`);
      await notFound(srv, admin, `CarePlan/${h.h4}`);
      expect((await searchAll(srv, admin, 'Condition?_count=1')).map((c) => c.id)).to.deep.equal([String(h.h1), String(h.h2)]);
    });

    it('shows a patient their own, a psychologist their assigned patients\'', async () => {
      expect(await ids(srv, p1.token, 'Condition')).to.deep.equal([String(h.h1), String(h.h2)]);
      expect(await ids(srv, p3.token, 'Condition')).to.deep.equal([]);
      await notFound(srv, p3.token, `Condition/${h.h1}`);
      expect(await ids(srv, psiA.token, 'CarePlan')).to.deep.equal([String(h.h1)]);
      await notFound(srv, psiA.token, `CarePlan/${h.h3}`);
      expect(await ids(srv, psiB.token, 'CarePlan')).to.deep.equal([String(h.h3)]);
      await badRequest(srv, admin, 'Condition?code=x');
    });
  });
  describe('Observation', () => {
    const o: Record<string, string> = {};
    const OBS = 'https://practice.example/fhir/CodeSystem/observacion';
    const hoy = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Madrid' });

    before(async () => {
      o.d1 = `diario-${(await ok('POST', '/api/diario-emocional', p1.token, { emocion: 'Ansiedad', intensidad: 7, nota: 'Antes del examen' })).idDiario}`;
      o.d2 = `diario-${(await ok('POST', '/api/diario-emocional', p1.token, { emocion: 'Calma', intensidad: 3, nota: null })).idDiario}`;
      o.d3 = `diario-${(await ok('POST', '/api/diario-emocional', p3.token, { emocion: 'Tristeza', intensidad: 8, nota: null })).idDiario}`;
      o.p1 = `progreso-${(await ok('POST', '/api/progreso-emocional', p1.token, { fecha: hoy, nivelEstres: 6, nivelAnsiedad: 5, nivelAnimo: 4 })).idProgress}`;
    });

    it('maps a diary entry and a progress record: survey, our own codes, patient as performer', async () => {
      const d = await read(srv, admin, `Observation/${o.d1}`);
      expect(d).to.include({ id: o.d1, status: 'final', valueInteger: 7 });
      expect(d.category[0].coding[0]).to.include({ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'survey' });
      expect(d.code.coding[0]).to.include({ system: OBS, code: 'intensidad-emocional' });
      expect(d.component).to.deep.equal([{ code: { coding: [{ system: OBS, code: 'emocion', display: 'Emoción' }] }, valueString: 'Ansiedad' }]);
      expect(d.note).to.deep.equal([{ text: 'Antes del examen' }]);
      expect(d.subject).to.deep.equal({ reference: `Patient/${p1.idPaciente}` });
      expect(d.performer).to.deep.equal([{ reference: `Patient/${p1.idPaciente}` }]);
      expect(d.effectiveDateTime).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
      const p = await read(srv, admin, `Observation/${o.p1}`);
      expect(p.code.coding[0]).to.include({ system: OBS, code: 'progreso-emocional' });
      expect(p.effectiveDateTime).to.equal(hoy);
      expect(p.component.map((c: any) => [c.code.coding[0].code, c.valueInteger])).to.deep.equal([['nivel-estres', 6], ['nivel-ansiedad', 5], ['nivel-animo', 4]]);
      await notFound(srv, admin, 'Observation/progreso-999999');
      await notFound(srv, admin, 'Observation/7');
    });

    it('searches by patient, code (with and without system), category, date, _id; pages across both kinds', async () => {
      expect(await ids(srv, admin, `Observation?patient=${p1.idPaciente}`)).to.deep.equal([o.d1, o.d2, o.p1]);
      expect(await ids(srv, admin, `Observation?patient=${p1.idPaciente}&code=${OBS}|progreso-emocional`)).to.deep.equal([o.p1]);
      expect(await ids(srv, admin, 'Observation?code=intensidad-emocional')).to.deep.equal([o.d1, o.d2, o.d3]);
      expect(await ids(srv, admin, 'Observation?code=http://loinc.org|intensidad-emocional')).to.deep.equal([]);
      expect(await ids(srv, admin, `Observation?category=survey&patient=${p3.idPaciente}`)).to.deep.equal([o.d3]);
      expect(await ids(srv, admin, 'Observation?category=vital-signs')).to.deep.equal([]);
      expect(await ids(srv, admin, `Observation?patient=${p1.idPaciente}&date=${hoy}`)).to.deep.equal([o.d1, o.d2, o.p1]);
      expect(await ids(srv, admin, `Observation?patient=${p1.idPaciente}&date=lt${hoy}`)).to.deep.equal([]);
      expect(await ids(srv, admin, `Observation?_id=${o.d2},${o.p1}`)).to.deep.equal([o.d2, o.p1]);
      expect((await searchAll(srv, admin, 'Observation?_count=1')).map((x) => x.id)).to.deep.equal([o.d1, o.d2, o.d3, o.p1]);
      expect((await searchAll(srv, admin, 'Observation?_count=2')).map((x) => x.id)).to.deep.equal([o.d1, o.d2, o.d3, o.p1]);
      await badRequest(srv, admin, 'Observation?date=2030-13');
      await badRequest(srv, admin, 'Observation?value-quantity=5');
    });

    it('shows a patient their own, a psychologist their assigned patients\'; a deleted diary entry is gone', async () => {
      expect(await ids(srv, p3.token, 'Observation')).to.deep.equal([o.d3]);
      await notFound(srv, p3.token, `Observation/${o.d1}`);
      expect(await ids(srv, psiA.token, 'Observation')).to.deep.equal([o.d1, o.d2, o.p1]);
      expect(await ids(srv, psiB.token, 'Observation')).to.deep.equal([o.d3]);
      await ok('DELETE', `/api/diario-emocional/${o.d2.slice('diario-'.length)}`, p1.token);
      await notFound(srv, p1.token, `Observation/${o.d2}`);
      expect(await ids(srv, p1.token, 'Observation')).to.deep.equal([o.d1, o.p1]);
    });
  });
  describe('Communication', () => {
    const m: Record<string, string> = {};
    const send = async (token: string, receiverId: number, mensaje: string, area = '/api/mensajes') =>
      String((await ok('POST', area, token, { receiverId, mensaje })).idMensaje);

    before(async () => {
      const adminUser = await srv.deps.knex('usuarios').where({ rol: 'ADMIN' }).first('id_usuario');
      m.m1 = await send(p1.token, psiA.idUsuario, '¿Podemos mover la cita?');
      await ok('PUT', `/api/psicologo/mensajes/${m.m1}/leido`, psiA.token);
      m.m2 = await send(psiA.token, adminUser.id_usuario, 'Necesito otro despacho', '/api/psicologo/mensajes');
      m.m3 = await send(p3.token, psiB.idUsuario, 'Gracias por la sesión');
    });

    it('maps a message: completed, sent and received instants, sender and recipient as Patient/Practitioner, subject, text', async () => {
      const c = await read(srv, admin, `Communication/${m.m1}`);
      expect(c).to.include({ status: 'completed' });
      expect(c.subject).to.deep.equal({ reference: `Patient/${p1.idPaciente}` });
      expect(c.sender).to.deep.equal({ reference: `Patient/${p1.idPaciente}` });
      expect(c.recipient).to.deep.equal([{ reference: `Practitioner/${psiA.idPsicologo}` }]);
      expect(c.payload).to.deep.equal([{ contentString: '¿Podemos mover la cita?' }]);
      expect(Date.parse(c.received)).to.be.at.least(Date.parse(c.sent));
      const staff = await read(srv, psiA.token, `Communication/${m.m2}`);
      expect(staff.subject).to.equal(undefined);
      expect(staff.sender).to.deep.equal({ reference: `Practitioner/${psiA.idPsicologo}` });
      expect(staff.recipient[0].display).to.be.a('string');
      expect(staff.received).to.equal(undefined);
    });

    it('searches by patient, sent, _id; only the two parties and the administrator read a message', async () => {
      expect(await ids(srv, admin, `Communication?patient=${p1.idPaciente}`)).to.deep.equal([m.m1]);
      expect(await ids(srv, admin, 'Communication?sent=lt2020')).to.deep.equal([]);
      expect(await ids(srv, admin, `Communication?sent=ge2020&_id=${m.m2},${m.m3}`)).to.deep.equal([m.m2, m.m3]);
      expect((await searchAll(srv, admin, 'Communication?_count=1')).map((c) => c.id)).to.deep.equal([m.m1, m.m2, m.m3]);
      expect(await ids(srv, p1.token, 'Communication')).to.deep.equal([m.m1]);
      expect(await ids(srv, psiA.token, 'Communication')).to.deep.equal([m.m1, m.m2]);
      expect(await ids(srv, psiB.token, 'Communication')).to.deep.equal([m.m3]);
      await notFound(srv, p3.token, `Communication/${m.m1}`);
      await notFound(srv, psiB.token, `Communication/${m.m2}`);
      await badRequest(srv, admin, 'Communication?sent=hoy');
    });
  });

  describe('erasure', () => {
    it('takes an erased patient\'s records out of every type and names them in deletedIds', async () => {
      const { encounterType } = await import('../../src/queries/fhir/resources/encounter.ts');
      const { observationType } = await import('../../src/queries/fhir/resources/observation.ts');
      const since = (await srv.deps.knex('fhir_versiones').max('posicion as p').first())!.p as string;
      expect((await ids(srv, admin, `Encounter?patient=${p3.idPaciente}`)).length).to.equal(1);
      await ok('DELETE', `/api/pacientes/${p3.idPaciente}`, admin);
      for (const type of ['Encounter', 'DocumentReference', 'CarePlan', 'Observation', 'Communication']) {
        expect(await ids(srv, admin, `${type}?patient=${p3.idPaciente}`), type).to.deep.equal([]);
      }
      await notFound(srv, admin, `Encounter/${s.s3}`);
      const until = (await srv.deps.knex('fhir_versiones').max('posicion as p').first())!.p as string;
      const rc = { knex: srv.deps.knex, zone: srv.config.practiceTimezone };
      const viewer = { scope: { kind: 'all' as const }, notasClinicas: true, types: 'all' as const, who: { idUsuario: null, rol: 'ADMIN', idCliente: null } };
      expect(await encounterType.deletedIds!(rc, viewer, { since, until })).to.deep.equal([String(s.s3)]);
      expect(await observationType.deletedIds!(rc, viewer, { since, until })).to.have.length(1).and.to.match(/^diario-\d+$/);
    });
  });

  it('every event type this practice wrote to a FHIR stream is one the fhir read model hears', async () => {
    await expectFhirTypesCover(srv);
  });
});
