import { expect } from 'chai';
import { DateTime } from 'luxon';
import { startTestServer, type TestServer } from '../support/server.ts';
import { pacienteBody, psicologoBody } from '../http/helpers.ts';
import { asignar, newPsicologo, type Paciente, type Psicologo } from '../clinico/support.ts';
import { expectOutcome, fhirGet, ids, read, searchAll } from './people-support.ts';
import { expectFhirTypesCover } from './stream-types.ts';

// FHIR Patient, Practitioner, PractitionerRole, Schedule, Slot and Appointment (docs/fhir.md) over
// real REST writes; every resource read or searched passes both validators.

const DNI_SYSTEM = 'urn:oid:1.3.6.1.4.1.19126.3';
const PACIENTE_SYSTEM = 'https://practice.example/fhir/CodeSystem/paciente';

describe('FHIR people and scheduling', function () {
  this.timeout(180_000);
  let srv: TestServer;
  let admin: string;
  let psi: Psicologo;
  let otroPsi: Psicologo;
  let jose: Paciente; // psi's patient
  let ana: Paciente; // psi's patient
  let otro: Paciente; // otroPsi's patient
  const get = (path: string, token: string) => read(srv, path, token);
  const all = (path: string, token: string) => searchAll(srv, path, token);

  async function registrar(usuario: Record<string, unknown>, over: Record<string, unknown> = {}): Promise<Paciente> {
    const r = await srv.request('POST', '/auth/register-paciente', { body: pacienteBody(over, usuario) });
    expect(r.status, r.text).to.equal(200);
    return { token: r.body.token, idPaciente: r.body.idPaciente, idUsuario: r.body.idUsuario };
  }

  before(async () => {
    srv = await startTestServer();
    admin = await srv.adminToken();
    psi = await newPsicologo(srv, admin);
    otroPsi = await newPsicologo(srv, admin);
    jose = await registrar({ nombre: 'José Luis', apellido: 'Núñez Zubiri', dni: '11111111H' }, { genero: 'Hombre', fechaNacimiento: '1985-03-20' });
    ana = await registrar({ nombre: 'Ana', apellido: 'Quintana', dni: null }, { genero: null, telefono: null, fechaNacimiento: '1999-12-31', direccion: [] });
    otro = await registrar({ nombre: 'Otro', apellido: 'Paciente' }, { genero: 'no binario' });
    await asignar(srv, admin, jose.idPaciente, psi.idPsicologo);
    await asignar(srv, admin, ana.idPaciente, psi.idPsicologo);
    await asignar(srv, admin, otro.idPaciente, otroPsi.idPsicologo);
  });
  after(async () => srv?.stop());

  describe('Patient', () => {
    it('maps the profile, user, addresses and assigned psychologist', async () => {
      const p = await get(`Patient/${jose.idPaciente}`, admin);
      expect(p).to.include({ resourceType: 'Patient', id: String(jose.idPaciente), active: true, gender: 'male', birthDate: '1985-03-20' });
      expect(p.identifier).to.deep.equal([
        { use: 'usual', system: PACIENTE_SYSTEM, value: String(jose.idPaciente) },
        { use: 'official', system: DNI_SYSTEM, value: '11111111H' },
      ]);
      expect(p.name).to.deep.equal([{ use: 'official', family: 'Núñez Zubiri', given: ['José', 'Luis'] }]);
      expect(p.telecom).to.deep.include({ system: 'phone', value: '+34 600 000 000' });
      expect(p.telecom.find((t: any) => t.system === 'email').value).to.match(/@example\.com$/);
      expect(p.address).to.deep.equal([{ use: 'home', line: ['Calle Mayor 1'], city: 'Madrid', state: 'Madrid', postalCode: '28001', country: 'España' }]);
      expect(p.generalPractitioner).to.deep.equal([{ reference: `Practitioner/${psi.idPsicologo}` }]);
      expect(p.meta.versionId).to.match(/^\d+$/);
      const a = await get(`Patient/${ana.idPaciente}`, admin);
      expect(a).to.not.have.any.keys('gender', 'address');
      expect(a.identifier).to.have.length(1);
      expect((await get(`Patient/${otro.idPaciente}`, admin)).gender).to.equal('other');
    });

    it('is seen by the patient, their psychologist (without the DNI) and the admin; nobody else', async () => {
      expect((await get(`Patient/${jose.idPaciente}`, jose.token)).identifier).to.have.length(2);
      const byPsi = await get(`Patient/${jose.idPaciente}`, psi.token);
      expect(byPsi.identifier.map((i: any) => i.system)).to.deep.equal([PACIENTE_SYSTEM]);
      for (const token of [otro.token, otroPsi.token]) {
        expect((await fhirGet(srv, `Patient/${jose.idPaciente}`, token)).status).to.equal(404);
      }
      expect(ids(await all('Patient', jose.token))).to.deep.equal([String(jose.idPaciente)]);
      expect(ids(await all('Patient', psi.token))).to.deep.equal([jose, ana].map((p) => String(p.idPaciente)));
      expect(ids(await all('Patient', admin))).to.include.members([jose, ana, otro].map((p) => String(p.idPaciente)));
    });

    it('searches by identifier (our id, the DNI), name (prefix, accents and case ignored; :exact, :contains) and birthdate', async () => {
      const j = [String(jose.idPaciente)];
      expect(ids(await all(`Patient?identifier=${PACIENTE_SYSTEM}|${jose.idPaciente}`, admin))).to.deep.equal(j);
      expect(ids(await all(`Patient?identifier=${DNI_SYSTEM}|11111111h`, admin))).to.deep.equal(j);
      expect(ids(await all('Patient?identifier=11111111H', admin))).to.deep.equal(j);
      expect(ids(await all(`Patient?identifier=${DNI_SYSTEM}|11111111H`, psi.token))).to.deep.equal([]);
      expect(ids(await all(`Patient?identifier=http://other.example|${jose.idPaciente}`, admin))).to.deep.equal([]);
      expect(ids(await all('Patient?name=jose', admin))).to.deep.equal(j);
      expect(ids(await all('Patient?name=LUIS', admin))).to.deep.equal(j);
      expect(ids(await all('Patient?name=nunez', admin))).to.deep.equal(j);
      expect(ids(await all('Patient?name=zubi', admin))).to.deep.equal(j);
      expect(ids(await all('Patient?name=ubiri', admin))).to.deep.equal([]);
      expect(ids(await all('Patient?name:contains=ubiri', admin))).to.deep.equal(j);
      expect(ids(await all('Patient?name:exact=Núñez Zubiri', admin))).to.deep.equal(j);
      expect(ids(await all('Patient?name:exact=núñez zubiri', admin))).to.deep.equal([]);
      expect(ids(await all('Patient?name=quintana,zubiri', admin))).to.have.members([...j, String(ana.idPaciente)]);
      expect(ids(await all('Patient?name=jose&name=quintana', admin))).to.deep.equal([]);
      expect(ids(await all('Patient?birthdate=1985-03-20', admin))).to.deep.equal(j);
      expect(ids(await all('Patient?birthdate=1985', psi.token))).to.deep.equal(j);
      expect(ids(await all('Patient?birthdate=gt1999-12-30', psi.token))).to.deep.equal([String(ana.idPaciente)]);
      expect(ids(await all('Patient?birthdate=lt1985-03-20', psi.token))).to.deep.equal([]);
      expect(ids(await all(`Patient?_id=${ana.idPaciente},${otro.idPaciente}`, psi.token))).to.deep.equal([String(ana.idPaciente)]);
      await expectOutcome(srv, 'Patient?birthdate=20-03-1985', admin, 400);
      await expectOutcome(srv, 'Patient?nombre=jose', admin, 400);
      await expectOutcome(srv, 'Patient?name:missing=true', admin, 400);
    });

    it('pages with next links through every patient', async () => {
      const each = await all('Patient?_count=1', admin);
      expect(ids(each)).to.deep.equal(ids(await all('Patient', admin)));
      expect(each.length).to.be.at.least(3);
    });

    it('moves versionId and lastUpdated when the profile changes', async () => {
      const before = await get(`Patient/${ana.idPaciente}`, admin);
      const r = await srv.request('PUT', `/api/pacientes/${ana.idPaciente}`, { token: admin, body: { genero: 'Mujer' } });
      expect(r.status, r.text).to.equal(200);
      const after = await get(`Patient/${ana.idPaciente}`, admin);
      expect(Number(after.meta.versionId)).to.be.above(Number(before.meta.versionId));
      expect(after.meta.lastUpdated > before.meta.lastUpdated).to.equal(true);
      expect(after.gender).to.equal('female');
      // _lastUpdated: the second of the change matches, a search before it does not (the core compares to the second).
      const at = after.meta.lastUpdated.slice(0, 19) + 'Z';
      expect(ids(await all(`Patient?_lastUpdated=ge${at}`, admin))).to.include(String(ana.idPaciente));
      expect(ids(await all(`Patient?_lastUpdated=lt${at}`, admin))).to.not.include(String(ana.idPaciente));
      expect(ids(await all(`Patient?_lastUpdated=gt${at}`, admin))).to.deep.equal([]);
    });
  });

  describe('Practitioner, PractitionerRole and Schedule', () => {
    let lic: Psicologo;
    const HORARIO = { desde: '2020-01-01', hasta: null, dias: [
      { dia: 1, intervalos: [{ horaInicio: '09:00', horaFin: '14:00' }, { horaInicio: '16:00', horaFin: '24:00' }] },
      { dia: 3, intervalos: [{ horaInicio: '09:00', horaFin: '14:00' }] },
    ] };
    before(async () => {
      const r = await srv.request('POST', '/auth/register-psicologo', { token: admin, body: psicologoBody({ nombre: 'Marta', apellido: 'Ibáñez', licencia: 'M-28451', especialidad: 'Ansiedad' }) });
      expect(r.status, r.text).to.equal(200);
      lic = { token: r.body.token, idPsicologo: r.body.idPsicologo, idUsuario: r.body.idUsuario };
    });

    it('maps the psychologist; a patient reads it without the e-mail; any signed-in person may read and search', async () => {
      const p = await get(`Practitioner/${lic.idPsicologo}`, admin);
      expect(p).to.include({ resourceType: 'Practitioner', id: String(lic.idPsicologo), active: true });
      expect(p.name).to.deep.equal([{ use: 'official', family: 'Ibáñez', given: ['Marta'] }]);
      expect(p.identifier).to.deep.equal([{ system: 'https://practice.example/fhir/CodeSystem/licencia', value: 'M-28451' }]);
      expect(p.qualification).to.deep.equal([{ identifier: p.identifier, code: { text: 'Ansiedad' } }]);
      expect(p.telecom[0]).to.include({ system: 'email', use: 'work' });
      expect((await get(`Practitioner/${lic.idPsicologo}`, otroPsi.token)).telecom).to.have.length(1);
      const byPatient = await get(`Practitioner/${lic.idPsicologo}`, otro.token);
      expect(byPatient).to.not.have.property('telecom');
      expect(byPatient.identifier).to.deep.equal(p.identifier);
      expect(ids(await all('Practitioner?_count=2', jose.token))).to.include.members([psi, otroPsi, lic].map((x) => String(x.idPsicologo)));
      expect(ids(await all(`Practitioner?_id=${lic.idPsicologo}`, jose.token))).to.deep.equal([String(lic.idPsicologo)]);
      expect((await fhirGet(srv, 'Practitioner/999999', admin)).status).to.equal(404);
      await expectOutcome(srv, 'Practitioner?name=marta', admin, 400);
    });

    it('PractitionerRole: working hours as availableTime; versionId from the hours once defined', async () => {
      const before = await get(`PractitionerRole/${lic.idPsicologo}`, jose.token);
      expect(before).to.not.have.property('availableTime');
      expect(before.availabilityExceptions).to.match(/Sin horario/);
      const r = await srv.request('PUT', '/api/psicologo/horario', { token: lic.token, body: HORARIO });
      expect(r.status, r.text).to.equal(200);
      const role = await get(`PractitionerRole/${lic.idPsicologo}`, jose.token);
      expect(role).to.deep.include({ active: true, practitioner: { reference: `Practitioner/${lic.idPsicologo}`, display: 'Marta Ibáñez' }, specialty: [{ text: 'Ansiedad' }] });
      expect(role.availableTime).to.deep.equal([
        { daysOfWeek: ['mon'], availableStartTime: '16:00:00', availableEndTime: '23:59:59' },
        { daysOfWeek: ['mon', 'wed'], availableStartTime: '09:00:00', availableEndTime: '14:00:00' },
      ].sort((a, b) => a.availableStartTime.localeCompare(b.availableStartTime)));
      expect(role.availabilityExceptions).to.match(/desde el 2020-01-01/);
      expect(role.meta.versionId).to.equal('0'); // the horario stream's first event
      await srv.request('PUT', '/api/psicologo/horario', { token: lic.token, body: { ...HORARIO, hasta: '2099-12-31' } });
      const again = await get(`PractitionerRole/${lic.idPsicologo}`, jose.token);
      expect(again.meta.versionId).to.equal('1');
      expect(again.meta.lastUpdated >= role.meta.lastUpdated).to.equal(true);
      expect(ids(await all('PractitionerRole', otro.token))).to.include(String(lic.idPsicologo));
    });

    it('Schedule: the agenda of each psychologist, planned from today to the booking horizon', async () => {
      const s = await get(`Schedule/${lic.idPsicologo}`, otro.token);
      expect(s).to.deep.include({ active: true, actor: [{ reference: `Practitioner/${lic.idPsicologo}` }, { reference: `PractitionerRole/${lic.idPsicologo}` }] });
      const today = DateTime.now().setZone('Europe/Madrid').startOf('day');
      expect(s.planningHorizon).to.deep.equal({
        start: today.toISODate(), end: today.plus({ days: srv.config.limits.bookingHorizonDays }).toISODate(),
      });
      expect(ids(await all('Schedule?_count=1', jose.token))).to.include.members([psi, lic].map((x) => String(x.idPsicologo)));
    });
  });

  describe('Appointment', () => {
    const day = (n: number, hhmm: string) => `${DateTime.now().setZone('Europe/Madrid').plus({ days: n }).toFormat('yyyy-LL-dd')}T${hhmm}:00`;
    const citas: Record<string, number> = {};
    async function book(p: Paciente, idPsicologo: number, startDatetime: string, motivo: string | null = null): Promise<number> {
      const r = await srv.request('POST', '/api/citas', { token: p.token, body: { idPsicologo, startDatetime, durationMinutes: 50, motivo } });
      expect(r.status, r.text).to.equal(201);
      return r.body.idCita;
    }
    before(async () => {
      citas.pendiente = await book(jose, psi.idPsicologo, day(10, '10:00'), 'Revisión');
      citas.confirmada = await book(jose, psi.idPsicologo, day(11, '10:00'));
      citas.cancelada = await book(ana, psi.idPsicologo, day(12, '10:00'));
      citas.otra = await book(otro, otroPsi.idPsicologo, day(10, '12:00'));
      citas.conOtro = await book(jose, otroPsi.idPsicologo, day(13, '09:00'));
      expect((await srv.request('PUT', `/api/psicologo/citas/${citas.confirmada}`, { token: psi.token, body: { estado: 'CONFIRMADA' } })).status).to.equal(200);
      expect((await srv.request('DELETE', `/api/citas/${citas.cancelada}`, { token: ana.token })).status).to.equal(204);
    });

    it('maps status, times with offset, duration, participants and the reason', async () => {
      const p = await get(`Appointment/${citas.pendiente}`, admin);
      expect(p).to.include({ status: 'pending', minutesDuration: 50, comment: 'Revisión' });
      expect(p.start).to.equal(DateTime.fromISO(day(10, '10:00'), { zone: 'Europe/Madrid' }).toISO({ suppressMilliseconds: true }));
      expect(Date.parse(p.end) - Date.parse(p.start)).to.equal(50 * 60_000);
      expect(p.participant).to.deep.equal([
        { actor: { reference: `Patient/${jose.idPaciente}` }, required: 'required', status: 'accepted' },
        { actor: { reference: `Practitioner/${psi.idPsicologo}` }, required: 'required', status: 'needs-action' },
      ]);
      const c = await get(`Appointment/${citas.confirmada}`, jose.token);
      expect(c.status).to.equal('booked');
      expect(c.participant.map((x: any) => x.status)).to.deep.equal(['accepted', 'accepted']);
      expect(c).to.not.have.property('comment');
      const x = await get(`Appointment/${citas.cancelada}`, psi.token);
      expect(x).to.deep.include({ status: 'cancelled', cancelationReason: { text: 'Cancelada por el paciente' } });
      expect(x.participant.map((y: any) => y.status)).to.deep.equal(['declined', 'accepted']);
    });

    it('is seen as in the REST lists: the patient their own, the psychologist their agenda, the admin all', async () => {
      expect(ids(await all('Appointment', jose.token))).to.deep.equal([citas.pendiente, citas.confirmada, citas.conOtro].map(String));
      expect(ids(await all('Appointment', psi.token))).to.deep.equal([citas.pendiente, citas.confirmada, citas.cancelada].map(String));
      expect(ids(await all('Appointment', otroPsi.token))).to.deep.equal([citas.otra, citas.conOtro].map(String));
      expect(ids(await all('Appointment?_count=2', admin))).to.deep.equal(Object.values(citas).sort((a, b) => a - b).map(String));
      for (const [token, id] of [[ana.token, citas.pendiente], [otroPsi.token, citas.pendiente], [psi.token, citas.otra]] as const) {
        expect((await fhirGet(srv, `Appointment/${id}`, token)).status).to.equal(404);
      }
    });

    it('searches by patient, practitioner, date and status', async () => {
      expect(ids(await all(`Appointment?patient=Patient/${jose.idPaciente}`, admin))).to.deep.equal([citas.pendiente, citas.confirmada, citas.conOtro].map(String));
      expect(ids(await all(`Appointment?patient=${ana.idPaciente}&practitioner=Practitioner/${psi.idPsicologo}`, admin))).to.deep.equal([String(citas.cancelada)]);
      expect(ids(await all(`Appointment?practitioner=${otroPsi.idPsicologo}`, jose.token))).to.deep.equal([String(citas.conOtro)]);
      expect(ids(await all('Appointment?status=booked,cancelled', admin))).to.deep.equal([citas.confirmada, citas.cancelada].map(String));
      expect(ids(await all('Appointment?status=http://hl7.org/fhir/appointmentstatus|pending', psi.token))).to.deep.equal([String(citas.pendiente)]);
      expect(ids(await all('Appointment?status=noshow', admin))).to.deep.equal([]);
      const d10 = day(10, '00:00').slice(0, 10);
      expect(ids(await all(`Appointment?date=${d10}`, admin))).to.deep.equal([citas.pendiente, citas.otra].map(String));
      expect(ids(await all(`Appointment?date=ge${day(10, '11:00')}&date=lt${day(12, '00:00').slice(0, 10)}`, admin))).to.deep.equal([citas.confirmada, citas.otra].map(String));
      expect(ids(await all(`Appointment?date=gt${d10}`, jose.token))).to.deep.equal([citas.confirmada, citas.conOtro].map(String));
      await expectOutcome(srv, 'Appointment?status=reservada', admin, 400);
      await expectOutcome(srv, 'Appointment?patient=Practitioner/1', admin, 400);
      await expectOutcome(srv, 'Appointment?date=mañana', admin, 400);
      await expectOutcome(srv, 'Appointment?estado=booked', admin, 400);
    });

    it('moves versionId when the appointment changes', async () => {
      const before = await get(`Appointment/${citas.pendiente}`, admin);
      expect((await srv.request('PUT', `/api/psicologo/citas/${citas.pendiente}`, { token: psi.token, body: { estado: 'CONFIRMADA' } })).status).to.equal(200);
      const after = await get(`Appointment/${citas.pendiente}`, admin);
      expect(Number(after.meta.versionId)).to.equal(Number(before.meta.versionId) + 1);
      expect(after.status).to.equal('booked');
    });
  });

  describe('Slot', () => {
    let ag: Psicologo;
    let suyo: Paciente;
    let idBloqueo: number;
    const fecha = (n: number) => DateTime.now().setZone('Europe/Madrid').plus({ days: n }).toFormat('yyyy-LL-dd');
    const at = (n: number, hhmm: string) => DateTime.fromISO(`${fecha(n)}T${hhmm}`, { zone: 'Europe/Madrid' }).toISO({ suppressMilliseconds: true })!;
    const slotId = (n: number, hhmm: string) => `${ag.idPsicologo}-${fecha(n).replace(/-/g, '')}${hhmm.replace(':', '')}`;
    const day3 = () => `Slot?schedule=Schedule/${ag.idPsicologo}&start=ge${fecha(3)}&start=lt${fecha(4)}`;
    before(async () => {
      ag = await newPsicologo(srv, admin);
      suyo = await registrar({ nombre: 'Suyo', apellido: 'Agenda' });
      await asignar(srv, admin, suyo.idPaciente, ag.idPsicologo);
      const dias = [1, 2, 3, 4, 5, 6, 7].map((dia) => ({ dia, intervalos: [{ horaInicio: '09:00', horaFin: '11:00' }] }));
      expect((await srv.request('PUT', '/api/psicologo/horario', { token: ag.token, body: { desde: '2020-01-01', hasta: null, dias } })).status).to.equal(200);
      const b = await srv.request('POST', '/api/psicologo/bloqueos', { token: ag.token, body: { fecha: fecha(3), horaInicio: '09:00', horaFin: '10:00', motivo: 'Formación privada' } });
      expect(b.status, b.text).to.equal(201);
      idBloqueo = b.body.idBloqueo;
    });

    it('shows free time as the REST free-slot endpoint and blocked time as busy-unavailable, without its motivo', async () => {
      const slots = await all(day3(), suyo.token);
      expect(slots.map((x) => [x.id, x.status, x.start, x.end])).to.deep.equal([
        [`bloqueo-${idBloqueo}`, 'busy-unavailable', at(3, '09:00'), at(3, '10:00')],
        [slotId(3, '10:00'), 'free', at(3, '10:00'), at(3, '10:50')],
      ]);
      expect(JSON.stringify(slots)).to.not.include('Formación');
      for (const x of slots) expect(x.schedule).to.deep.equal({ reference: `Schedule/${ag.idPsicologo}` });
      const rest = await srv.request('GET', `/api/psicologos/${ag.idPsicologo}/disponibilidad?desde=${fecha(3)}&hasta=${fecha(3)}`, { token: suyo.token });
      expect(rest.body.map((h: any) => h.startDatetime)).to.deep.equal([`${fecha(3)}T10:00:00`]);
      // Another psychologist's patient books too: free time yes, the blocked time no.
      expect(ids(await all(day3(), otro.token))).to.deep.equal([slotId(3, '10:00')]);
      expect(ids(await all(`${day3()}&status=busy-unavailable`, ag.token))).to.deep.equal([`bloqueo-${idBloqueo}`]);
      expect(ids(await all(`${day3()}&status=free`, ag.token))).to.deep.equal([slotId(3, '10:00')]);
      expect(ids(await all(`${day3()}&status=busy`, admin))).to.deep.equal([]);
    });

    it('reads a slot by id; blocked time only where the agenda shows it', async () => {
      const free = await get(`Slot/${slotId(3, '10:00')}`, otro.token);
      expect(free).to.include({ status: 'free', start: at(3, '10:00') });
      expect(free.meta.versionId).to.equal('0');
      const block = await get(`Slot/bloqueo-${idBloqueo}`, ag.token);
      expect(block.meta.versionId).to.equal('0');
      expect((await get(`Slot/bloqueo-${idBloqueo}`, admin)).id).to.equal(`bloqueo-${idBloqueo}`);
      for (const token of [otro.token, psi.token]) expect((await fhirGet(srv, `Slot/bloqueo-${idBloqueo}`, token)).status).to.equal(404);
      for (const id of [slotId(3, '09:15'), slotId(3, '10:15'), `${ag.idPsicologo}-209913011000`, 'bloqueo-0', 'x-1']) {
        expect((await fhirGet(srv, `Slot/${id}`, admin)).status, id).to.equal(404);
      }
    });

    it('defaults to now → horizon, pages by start, and lists blocked time alone without a schedule', async () => {
      const week = await all(`Slot?schedule=${ag.idPsicologo}&start=lt${fecha(8)}&_count=5`, admin);
      expect(week.filter((x) => x.status === 'free').length).to.be.within(5 * 6 - 4, 5 * 8); // five 50-minute starts a day
      const starts = week.map((x) => Date.parse(x.start));
      expect(starts).to.deep.equal([...starts].sort((a, b) => a - b));
      expect(starts[0]).to.be.above(Date.now());
      expect(ids(await all('Slot', ag.token))).to.deep.equal([`bloqueo-${idBloqueo}`]);
      expect(ids(await all('Slot', psi.token))).to.deep.equal([]);
    });

    it('a booked time is no longer free; bad values are 400', async () => {
      const r = await srv.request('POST', '/api/citas', { token: suyo.token, body: { idPsicologo: ag.idPsicologo, startDatetime: `${fecha(3)}T10:00:00`, durationMinutes: 50 } });
      expect(r.status, r.text).to.equal(201);
      expect((await fhirGet(srv, `Slot/${slotId(3, '10:00')}`, otro.token)).status).to.equal(404);
      expect(ids(await all(`${day3()}&status=free`, otro.token))).to.deep.equal([]);
      await expectOutcome(srv, 'Slot?status=libre', admin, 400);
      await expectOutcome(srv, 'Slot?schedule=Patient/1', admin, 400);
      await expectOutcome(srv, 'Slot?start=pronto', admin, 400);
      await expectOutcome(srv, 'Slot?practitioner=1', admin, 400);
    });
  });

  describe('an erased patient', () => {
    it('is gone: 404 and in no search', async () => {
      const gone = await registrar({ nombre: 'Borrado', apellido: 'Pronto' });
      expect((await get(`Patient/${gone.idPaciente}`, admin)).id).to.equal(String(gone.idPaciente));
      const start = `${DateTime.now().setZone('Europe/Madrid').plus({ days: 20 }).toFormat('yyyy-LL-dd')}T10:00:00`;
      const cita = await srv.request('POST', '/api/citas', { token: gone.token, body: { idPsicologo: psi.idPsicologo, startDatetime: start, durationMinutes: 50 } });
      expect(cita.status, cita.text).to.equal(201);
      expect((await fhirGet(srv, `Appointment/${cita.body.idCita}`, psi.token)).status).to.equal(200);
      const r = await srv.request('DELETE', `/api/pacientes/${gone.idPaciente}`, { token: admin });
      expect(r.status, r.text).to.equal(204);
      expect((await fhirGet(srv, `Patient/${gone.idPaciente}`, admin)).status).to.equal(404);
      expect(ids(await all('Patient', admin))).to.not.include(String(gone.idPaciente));
      // Its appointments go with it (the REST agenda keeps them as "Paciente eliminado"; FHIR lists them as deleted).
      expect((await fhirGet(srv, `Appointment/${cita.body.idCita}`, psi.token)).status).to.equal(404);
      expect(ids(await all('Appointment', admin))).to.not.include(String(cita.body.idCita));
    });
  });

  it('every event type this practice wrote to a FHIR stream is one the fhir read model hears', async () => {
    await expectFhirTypesCover(srv);
  });
});
