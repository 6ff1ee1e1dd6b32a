import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { newCita, newPaciente, type Persona } from '../notifications/support.ts';
import { asignar } from '../clinico/support.ts';
import { newFirmante, PASSWORD, type Firmante } from '../clinico/firma-support.ts';
import { badRequest, fhirGet, ids, notFound, read, searchAll } from './clinical-support.ts';

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
});

export { fhirGet, PASSWORD };
