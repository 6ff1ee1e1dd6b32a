import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { adminBody, pacienteBody, psicologoBody } from '../http/helpers.ts';
import { fhirResourceTypes } from '../../src/queries/fhir/registry.ts';
import { expectFhirTypesCover } from './stream-types.ts';
import { FHIR_TIPOS } from '../../src/commands/cliente-fhir-rules.ts';

// The FHIR gateway itself: what any FHIR client meets before a resource type is involved.

describe('FHIR R4 gateway', function () {
  this.timeout(60_000);
  let srv: TestServer;
  let admin: string;
  let paciente: { token: string; idPaciente: number; idUsuario: number };
  const fhir = (method: string, path: string, token?: string, headers: Record<string, string> = {}) =>
    srv.request(method, `/fhir/R4${path}`, { token, headers });
  const outcome = (r: Awaited<ReturnType<typeof fhir>>, status: number, code: string) => {
    expect(r.status, r.text).to.equal(status);
    expect(r.headers.get('content-type')).to.match(/^application\/fhir\+json/);
    expect(r.body.resourceType).to.equal('OperationOutcome');
    expect(r.body.issue[0]).to.include({ severity: 'error', code });
    expect(r.body.issue[0].diagnostics).to.be.a('string').and.not.match(/at .*\.ts:\d+/);
  };

  before(async () => {
    srv = await startTestServer();
    admin = await srv.adminToken();
    const r = await srv.request('POST', '/auth/register-paciente', { body: pacienteBody() });
    paciente = { token: r.body.token, idPaciente: r.body.idPaciente, idUsuario: r.body.idUsuario };
  });
  after(async () => srv?.stop());

  it('serves a public CapabilityStatement (4.0.1) naming exactly the registered types, their searches and bulk export', async () => {
    const r = await fhir('GET', '/metadata');
    expect(r.status).to.equal(200);
    expect(r.headers.get('content-type')).to.match(/^application\/fhir\+json/);
    expect(r.body).to.include({ resourceType: 'CapabilityStatement', fhirVersion: '4.0.1', kind: 'instance', status: 'active' });
    const rest = r.body.rest[0];
    expect(rest.resource.map((x: { type: string }) => x.type)).to.deep.equal(fhirResourceTypes.map((t) => t.type));
    for (const res of rest.resource) {
      expect(res.interaction.map((i: { code: string }) => i.code)).to.deep.equal(['read', 'search-type']);
      const names = res.searchParam.map((p: { name: string }) => p.name);
      expect(names).to.include.members(['_id', '_lastUpdated']);
      expect(names).to.have.members(['_id', '_lastUpdated', ...Object.keys(fhirResourceTypes.find((t) => t.type === res.type)!.params)]);
    }
    expect(rest.operation).to.deep.include({ name: 'export', definition: 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/export' });
    expect(rest.security.extension[0].extension[0].valueUri).to.match(/\/fhir\/R4\/auth\/token$/);
  });

  it('a machine client may be granted a scope for exactly the served types', () => {
    expect([...FHIR_TIPOS].sort()).to.deep.equal(fhirResourceTypes.map((t) => t.type).sort());
  });

  it('answers every error as an OperationOutcome: no token 401, unknown type or path 404, writes 405', async () => {
    outcome(await fhir('GET', '/Patient'), 401, 'login');
    outcome(await fhir('GET', '/Patient', 'not-a-token'), 401, 'login');
    outcome(await fhir('GET', '/Nonsense', admin), 404, 'not-found');
    outcome(await fhir('GET', '/Nonsense/1', admin), 404, 'not-found');
    outcome(await fhir('GET', '/a/b/c/d', admin), 404, 'not-found');
    const post = await srv.request('POST', '/fhir/R4/Patient', { token: admin, body: { resourceType: 'Patient' }, headers: { 'Content-Type': 'application/fhir+json' } });
    outcome(post, 405, 'not-supported');
    expect(post.headers.get('allow')).to.equal('GET');
    outcome(await fhir('DELETE', `/Patient/${paciente.idPaciente}`, admin), 405, 'not-supported');
    // The REST API keeps its own error body.
    const rest = await srv.request('GET', '/api/nonsense', { token: admin });
    expect(rest.status).to.equal(404);
    expect(rest.body).to.have.property('mensaje');
  });

  it('refuses an auditor (the audit only) with 403', async () => {
    const b = adminBody({ nombre: 'Inés', apellido: 'Auditora' });
    const token = (await srv.request('POST', '/auth/register-auditor', { token: admin, body: b })).body.token;
    outcome(await fhir('GET', '/Patient', token), 403, 'forbidden');
  });

  const fhirCaughtUp = async () => expect(await srv.deps.projections.waitForNamed(['fhir'], await srv.deps.store.head(), 10_000)).to.equal(true);

  it('keeps each FHIR stream\'s revision, last instant and log position in the fhir read model', async () => {
    const stream = `paciente-${paciente.idPaciente}`;
    // The fhir read model follows the log (asynchronous: docs/read-models.md); read once it has caught up, as a FHIR read waits.
    const row = async () => (await fhirCaughtUp(), srv.deps.knex('fhir_versiones').where({ stream_id: stream }).first());
    const before = await row();
    expect(before).to.include({ recurso: 'paciente', id_paciente: paciente.idPaciente, eliminado_posicion: null });
    const r = await srv.request('PUT', `/api/pacientes/${paciente.idPaciente}`, { token: paciente.token, body: { telefono: '600111222' } });
    expect(r.status, r.text).to.be.oneOf([200, 204]);
    const after = await row();
    expect(Number(after.revision)).to.equal(Number(before.revision) + 1);
    expect(after.posicion > before.posicion, 'the position moves on').to.equal(true);
    expect(new Date(after.actualizado_en).getTime()).to.be.at.least(new Date(before.actualizado_en).getTime());
    const provenance = await srv.deps.knex('fhir_procedencia').where({ stream_id: stream }).orderBy('revision');
    expect(provenance.map((p) => p.tipo)).to.deep.equal(['PacienteRegistrado', 'PacienteActualizado']);
    expect(provenance[1]).to.include({ id_usuario: paciente.idUsuario, rol: 'PACIENTE' });
    // An address is an aggregate of its own but part of the Patient: it moves the position, not the revision.
    const dir = await srv.request('POST', '/api/direcciones', { token: paciente.token, body: { calle: 'Calle Mayor 1', ciudad: 'Madrid', provincia: 'Madrid', codigoPostal: '28013', pais: 'España' } });
    expect(dir.status, dir.text).to.equal(201);
    const moved = await row();
    expect(moved.revision).to.equal(after.revision);
    expect(moved.posicion > after.posicion, 'an address moves the Patient on').to.equal(true);
  });

  it('logs every FHIR read and search per patient returned; the patient and the auditors see who read what', async () => {
    const psi = (await srv.request('POST', '/auth/register-psicologo', { token: admin, body: psicologoBody() })).body;
    const asignado = await srv.request('POST', '/api/admin/psicologos/asignar-psicologo', { token: admin, body: { idPaciente: paciente.idPaciente, idPsicologo: psi.idPsicologo } });
    expect(asignado.status, asignado.text).to.equal(200);
    const mine = async () => (await srv.request('GET', '/api/accesos-expediente', { token: paciente.token })).body as Record<string, unknown>[];
    const before = (await mine()).length;
    expect((await fhir('GET', `/Patient/${paciente.idPaciente}`, psi.token)).status).to.equal(200);
    expect((await fhir('GET', `/Patient?_id=${paciente.idPaciente}`, admin)).status).to.equal(200);
    expect((await fhir('GET', '/Patient?_id=2147483647', admin)).status).to.equal(200); // nothing returned: nothing logged
    const rows = (await mine()).slice(before);
    expect(rows.map((r) => [r.rol, r.recurso, r.metodo, r.ruta])).to.deep.equal([
      ['PSICOLOGO', 'FHIR Patient', 'GET', `/fhir/R4/Patient/${paciente.idPaciente}`],
      ['ADMIN', 'FHIR Patient', 'GET', '/fhir/R4/Patient'],
    ]);
    expect(rows[0].idUsuario).to.equal(psi.idUsuario);
    expect(rows.every((r) => r.idClienteFhir === null && r.idPaciente === paciente.idPaciente)).to.equal(true);
    const audit = await srv.request('GET', `/api/admin/auditoria/accesos?idPaciente=${paciente.idPaciente}`, { token: admin });
    expect(audit.body.map((r: { recurso: string }) => r.recurso)).to.include('FHIR Patient');
    // Another patient's log stays theirs.
    const otro = (await srv.request('POST', '/auth/register-paciente', { body: pacienteBody() })).body;
    expect((await srv.request('GET', '/api/accesos-expediente', { token: otro.token })).body).to.deep.equal([]);
  });

  it('bounds the work one search may ask for: 100 values a parameter, 10 agendas of free time; a HEAD is not logged', async () => {
    const ids = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    outcome(await fhir('GET', `/Patient?_id=${ids}`, admin), 400, 'invalid');
    expect((await fhir('GET', `/Patient?_id=${ids.split(',').slice(0, 100).join(',')}`, admin)).status).to.equal(200);
    const schedules = Array.from({ length: 11 }, (_, i) => `Schedule/${i + 1}`).join(',');
    outcome(await fhir('GET', `/Slot?schedule=${schedules}`, admin), 400, 'invalid');
    const before = await srv.deps.knex('accesos_clinicos').count({ n: '*' }).first();
    expect((await fhir('HEAD', `/Patient/${paciente.idPaciente}`, admin)).status).to.equal(200);
    expect(await srv.deps.knex('accesos_clinicos').count({ n: '*' }).first()).to.deep.equal(before);
  });

  it('marks a block deleted on its stream when the agenda deletes it (the event lands on the days\' streams)', async () => {
    const psi = (await srv.request('POST', '/auth/register-psicologo', { token: admin, body: psicologoBody() })).body;
    const fecha = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const b = await srv.request('POST', '/api/psicologo/bloqueos', { token: psi.token, body: { fecha, horaInicio: '09:00', horaFin: '10:00', motivo: 'Formación' } });
    expect(b.status, b.text).to.equal(201);
    const row = async () => (await fhirCaughtUp(), srv.deps.knex('fhir_versiones').where({ stream_id: `bloqueo-${b.body.idBloqueo}` }).first());
    expect((await row()).eliminado_posicion).to.equal(null);
    const d = await srv.request('DELETE', `/api/psicologo/bloqueos/${b.body.idBloqueo}`, { token: psi.token });
    expect(d.status, d.text).to.equal(204);
    const gone = await row();
    expect(gone.eliminado_posicion).to.be.a('string');
    expect(gone.posicion).to.equal(gone.eliminado_posicion);
    await expectFhirTypesCover(srv);
  });
});
