import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { pacienteBody, psicologoBody } from '../http/helpers.ts';
import { asignar, newPsicologo, type Paciente, type Psicologo } from '../clinico/support.ts';
import { expectOutcome, fhirGet, ids, read, searchAll } from './people-support.ts';

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

  describe('an erased patient', () => {
    it('is gone: 404 and in no search', async () => {
      const gone = await registrar({ nombre: 'Borrado', apellido: 'Pronto' });
      expect((await get(`Patient/${gone.idPaciente}`, admin)).id).to.equal(String(gone.idPaciente));
      const r = await srv.request('DELETE', `/api/pacientes/${gone.idPaciente}`, { token: admin });
      expect(r.status, r.text).to.equal(204);
      expect((await fhirGet(srv, `Patient/${gone.idPaciente}`, admin)).status).to.equal(404);
      expect(ids(await all('Patient', admin))).to.not.include(String(gone.idPaciente));
    });
  });
});

export { psicologoBody };
