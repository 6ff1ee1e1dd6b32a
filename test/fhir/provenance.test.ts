import { expect } from 'chai';
import { ManualClock } from '../../src/platform/clock.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { asignar, at, newPaciente, newPsicologo, type Paciente, type Psicologo } from '../citas/support.ts';
import { badRequest, ids, notFound, read, searchAll } from './clinical-support.ts';
import { kickoff, manifestOf, outputOf } from './bulk-support.ts';
import { provenanceType } from '../../src/queries/fhir/resources/provenance.ts';
import { viewerOfClient } from '../../src/http/fhir/viewer.ts';

// Provenance (issue 26): who changed which version of a resource, and when, from the events of
// real REST writes; one per event, scoped as its target.
describe('FHIR Provenance', function () {
  this.timeout(180_000);
  let srv: TestServer;
  let clock: ManualClock;
  let admin: string;
  let psiA: Psicologo;
  let psiB: Psicologo;
  let p1: Paciente;
  let p2: Paciente;
  let p3: Paciente;
  let cita: number;
  let citaP3: number;
  let diario: number;
  let diarioBorrado: number;
  let diarioP3: number;
  let sesion: number;

  const ok = async (method: string, path: string, token: string, body?: unknown) => {
    const r = await srv.request(method, path, { token, body });
    expect(r.status, `${method} ${path}: ${r.text}`).to.be.oneOf([200, 201, 204]);
    return r.body;
  };
  const book = async (p: Paciente, idPsicologo: number, start: string) =>
    (await ok('POST', '/api/citas', p.token, { idPsicologo, startDatetime: start, motivo: 'Ansiedad' })).idCita as number;
  const escribir = async (p: Paciente, emocion: string) =>
    (await ok('POST', '/api/diario-emocional', p.token, { emocion, intensidad: 6, nota: 'Día largo' })).idDiario as number;
  /** The Provenance of a target, oldest first. */
  const of = (token: string, target: string) => searchAll(srv, token, `Provenance?target=${target}`);
  const refs = (p: any) => p.target.map((t: any) => t.reference);
  const codes = (p: any) => p.activity.coding.map((c: any) => `${c.system.replace(/^.*\//, '')}|${c.code}`);

  before(async () => {
    clock = new ManualClock(new Date());
    srv = await startTestServer({ clock, env: { BULK_EXPORT_RETRY_AFTER_SECONDS: '1' } });
    admin = await srv.adminToken();
    [psiA, psiB] = [await newPsicologo(srv, admin, 'Laura', 'Gómez'), await newPsicologo(srv, admin, 'Marta', 'Ruiz')];
    [p1, p2, p3] = [await newPaciente(srv, 'Ana', 'Pérez'), await newPaciente(srv, 'Bea', 'López'), await newPaciente(srv, 'Carla', 'Sanz')];
    await asignar(srv, admin, p1.idPaciente, psiA.idPsicologo);
    await asignar(srv, admin, p2.idPaciente, psiA.idPsicologo);
    await asignar(srv, admin, p3.idPaciente, psiB.idPsicologo);
    cita = await book(p1, psiA.idPsicologo, at('03-10', '10:00'));
    clock.advance(60_000); // distinct instants per write (the clock is the test's)
    await ok('PUT', `/api/psicologo/citas/${cita}`, psiA.token, { estado: 'CONFIRMADA' });
    clock.advance(60_000);
    citaP3 = await book(p3, psiB.idPsicologo, at('03-11', '10:00'));
    diario = await escribir(p1, 'Calma');
    diarioBorrado = await escribir(p1, 'Enfado');
    await ok('DELETE', `/api/diario-emocional/${diarioBorrado}`, p1.token);
    diarioP3 = await escribir(p3, 'Tristeza');
    sesion = (await ok('POST', '/api/psicologo/sesiones', psiA.token, {
      idCita: cita, idPaciente: p1.idPaciente, sessionDate: at('03-10', '10:00'), durationMinutes: 50, notas: 'Trabajamos la respiración', recomendaciones: null,
    })).idSesion;
  });
  after(async () => {
    await srv?.stop();
  });

  it('names each appointment event: the version it made, CREATE then UPDATE, the patient who booked, the psychologist who confirmed', async () => {
    const [creada, confirmada, ...rest] = await of(admin, `Appointment/${cita}`);
    expect(rest).to.deep.equal([]);
    expect(refs(creada)).to.deep.equal([`Appointment/${cita}/_history/0`]);
    expect(codes(creada)).to.deep.equal(['v3-DataOperation|CREATE', 'evento|CitaCreada']);
    expect(creada.agent).to.deep.equal([{
      type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/provenance-participant-type', code: 'author', display: 'Author' }] },
      who: { reference: `Patient/${p1.idPaciente}`, display: 'Ana Pérez' },
    }]);
    expect(refs(confirmada)).to.deep.equal([`Appointment/${cita}/_history/1`]);
    expect(codes(confirmada)).to.deep.equal(['v3-DataOperation|UPDATE', 'evento|CitaConfirmada']);
    expect(confirmada.agent[0].who).to.deep.equal({ reference: `Practitioner/${psiA.idPsicologo}`, display: 'Laura Gómez' });
    // The appointment as read now is the version the confirmation made, at its instant.
    const appt = await read(srv, admin, `Appointment/${cita}`);
    expect(appt.meta).to.include({ versionId: '1', lastUpdated: confirmada.recorded });
  });

  it('reads one by its event id: never changes (version 0), lastUpdated is when it was recorded', async () => {
    const [, confirmada] = await of(admin, `Appointment/${cita}`);
    const p = await read(srv, admin, `Provenance/${confirmada.id}`);
    expect(p.id).to.match(/^[0-9a-f-]{36}$/);
    expect(p.meta).to.deep.equal({ versionId: '0', lastUpdated: p.recorded });
    expect(Date.parse(p.recorded)).to.be.closeTo(Date.now(), 300_000);
    await notFound(srv, admin, 'Provenance/00000000-0000-4000-8000-000000000000');
    await notFound(srv, admin, 'Provenance/not-an-event');
  });

  it('names a diary entry as its Observation; a deletion is a DELETE, seen by the administrator once the entry is gone', async () => {
    const [escrito] = await of(p1.token, `Observation/diario-${diario}`);
    expect(refs(escrito)).to.deep.equal([`Observation/diario-${diario}/_history/0`]);
    expect(codes(escrito)).to.deep.equal(['v3-DataOperation|CREATE', 'evento|DiarioRegistrado']);
    expect(escrito.agent[0].who.reference).to.equal(`Patient/${p1.idPaciente}`);
    const borrado = await of(admin, `Observation/diario-${diarioBorrado}`);
    expect(borrado.map(codes)).to.deep.equal([['v3-DataOperation|CREATE', 'evento|DiarioRegistrado'], ['v3-DataOperation|DELETE', 'evento|DiarioEliminado']]);
    expect(refs(borrado[1])).to.deep.equal([`Observation/diario-${diarioBorrado}/_history/1`]);
    expect(await of(p1.token, `Observation/diario-${diarioBorrado}`)).to.deep.equal([]);
  });

  it('names a session with notes as Encounter and DocumentReference, the notes only to whoever may read them', async () => {
    const [psi] = await of(psiA.token, `Encounter/${sesion}`);
    expect(refs(psi)).to.deep.equal([`Encounter/${sesion}/_history/0`, `DocumentReference/${sesion}/_history/0`]);
    expect(codes(psi)).to.deep.equal(['v3-DataOperation|CREATE', 'evento|SesionRegistrada']);
    expect(psi.agent[0].who.reference).to.equal(`Practitioner/${psiA.idPsicologo}`);
    expect((await of(psiA.token, `DocumentReference/${sesion}`)).map((p) => p.id)).to.deep.equal([psi.id]);
    // The patient sees the same event naming their Encounter only.
    const own = await read(srv, p1.token, `Provenance/${psi.id}`);
    expect(refs(own)).to.deep.equal([`Encounter/${sesion}/_history/0`]);
    expect(await of(p1.token, `DocumentReference/${sesion}`)).to.deep.equal([]);
  });

  it('searches by patient, agent, recorded and _lastUpdated; pages walk every match once', async () => {
    const all = await searchAll(srv, admin, `Provenance?patient=Patient/${p1.idPaciente}`);
    const targets = all.flatMap(refs);
    expect(targets).to.include.members([`Appointment/${cita}/_history/1`, `Observation/diario-${diario}/_history/0`, `Encounter/${sesion}/_history/0`]);
    expect(targets.some((t: string) => t.startsWith(`Patient/${p1.idPaciente}/_history/`))).to.equal(true);
    expect(targets.filter((t: string) => t.includes(`/${citaP3}/`) || t.includes(`diario-${diarioP3}/`))).to.deep.equal([]);
    const paged = await searchAll(srv, admin, `Provenance?patient=${p1.idPaciente}&_count=2`);
    expect(paged.map((p) => p.id)).to.deep.equal(all.map((p) => p.id));

    const byPsi = (await searchAll(srv, admin, `Provenance?agent=Practitioner/${psiA.idPsicologo}`)).map((p) => p.activity.text);
    expect(byPsi).to.include.members(['CitaConfirmada', 'SesionRegistrada']).and.not.include('CitaCreada');
    const byP1 = (await searchAll(srv, admin, `Provenance?agent=Patient/${p1.idPaciente}`)).map((p) => p.activity.text);
    expect(byP1).to.include.members(['PacienteRegistrado', 'CitaCreada', 'DiarioRegistrado', 'DiarioEliminado']).and.not.include('CitaConfirmada');

    const [, confirmada] = await of(admin, `Appointment/${cita}`);
    expect(await ids(srv, admin, `Provenance?target=Appointment/${cita}/_history/1`)).to.deep.equal([confirmada.id]);
    expect(await ids(srv, admin, `Provenance?target=Appointment/${cita}&recorded=ge${confirmada.recorded}`)).to.deep.equal([confirmada.id]);
    expect(await ids(srv, admin, `Provenance?_id=${confirmada.id}&_lastUpdated=${confirmada.recorded}`)).to.deep.equal([confirmada.id]);
    expect(await ids(srv, admin, 'Provenance?_lastUpdated=gt2099-01-01')).to.deep.equal([]);
    expect(await ids(srv, admin, 'Provenance?_id=nope')).to.deep.equal([]);
    expect(await ids(srv, admin, 'Provenance?target=Schedule/1')).to.deep.equal([]);
    expect(await ids(srv, admin, `Provenance?target=Observation/${diario}`)).to.deep.equal([]);
  });

  it('names the administrator without a reference (no FHIR resource is theirs)', async () => {
    const [registro, ...rest] = await of(admin, `Patient/${p1.idPaciente}`);
    // Registered by themselves through the public form (no signed-in actor): the patient.
    expect(registro.activity.text).to.equal('PacienteRegistrado');
    expect(registro.agent[0].who).to.deep.equal({ reference: `Patient/${p1.idPaciente}` });
    const asignacion = rest.find((p) => p.activity.text === 'PsicologoAsignado');
    expect(asignacion.agent[0].who).to.deep.equal({ display: 'Administración de la consulta' });
  });

  it('shows each person the Provenance of what they may read', async () => {
    const [citaOfP3] = await of(admin, `Appointment/${citaP3}`);
    const [diarioOfP3] = await of(admin, `Observation/diario-${diarioP3}`);
    // A patient: their own, never another patient's.
    expect(await of(p1.token, `Appointment/${cita}`)).to.have.length(2);
    expect(await of(p1.token, `Appointment/${citaP3}`)).to.deep.equal([]);
    await notFound(srv, p1.token, `Provenance/${citaOfP3.id}`);
    await notFound(srv, p2.token, `Provenance/${diarioOfP3.id}`);
    const mine = (await searchAll(srv, p1.token, 'Provenance')).flatMap(refs);
    expect(mine.filter((t: string) => /^(Appointment|Observation|Encounter|Patient|DocumentReference)\//.test(t) && !isP1(t))).to.deep.equal([]);
    expect(mine.some((t: string) => t.startsWith('DocumentReference/'))).to.equal(false);
    // A psychologist: their patients' (and their agenda), not another psychologist's patients'.
    expect(await of(psiA.token, `Observation/diario-${diario}`)).to.have.length(1);
    await notFound(srv, psiA.token, `Provenance/${diarioOfP3.id}`);
    expect(await ids(srv, psiA.token, `Provenance?patient=${p3.idPaciente}`)).to.deep.equal([]);
    expect(await of(psiB.token, `Observation/diario-${diario}`)).to.deep.equal([]);
    expect((await of(psiB.token, `Observation/diario-${diarioP3}`)).map((p) => p.id)).to.deep.equal([diarioOfP3.id]);
    // Everyone reads the directory's history.
    expect((await of(p1.token, `Practitioner/${psiB.idPsicologo}`)).map(codes)[0]).to.deep.equal(['v3-DataOperation|CREATE', 'evento|PsicologoRegistrado']);
    // The administrator: everything.
    expect((await read(srv, admin, `Provenance/${diarioOfP3.id}`)).id).to.equal(diarioOfP3.id);
  });
  const isP1 = (t: string) =>
    t.startsWith(`Appointment/${cita}/`) || t.startsWith(`Observation/diario-${diario}/`) || t.startsWith(`Encounter/${sesion}/`) || t.startsWith(`Patient/${p1.idPaciente}/`);

  it('writes each Provenance read to its patient\'s access log', async () => {
    const [escrito] = await of(admin, `Observation/diario-${diario}`);
    await read(srv, psiA.token, `Provenance/${escrito.id}`);
    const rows = (await srv.request('GET', '/api/accesos-expediente', { token: p1.token })).body as Record<string, unknown>[];
    expect(rows.some((r) => r.recurso === 'FHIR Provenance' && r.idUsuario === psiA.idUsuario && r.idPaciente === p1.idPaciente)).to.equal(true);
  });

  it('gives a machine client only the targets its scopes name', async () => {
    const client = (types: string[]) => viewerOfClient({ idCliente: 1, clientId: 'ehr', nombre: 'EHR', scopes: [], types: new Set(['Provenance', ...types]), notas: types.includes('DocumentReference') });
    const rc = { knex: srv.deps.knex, zone: 'Europe/Madrid' };
    const all = async (types: string[], target: string) =>
      (await provenanceType.search(rc, client(types), { clauses: [{ name: 'target', modifier: null, values: [target] }], count: 100, cursor: null })).resources;
    expect(await all(['Appointment'], `Appointment/${cita}`)).to.have.length(2);
    expect(await all(['Observation'], `Appointment/${cita}`)).to.deep.equal([]);
    expect(await all(['Encounter'], `Encounter/${sesion}`).then((ps) => ps.map(refs))).to.deep.equal([[`Encounter/${sesion}/_history/0`]]);
    const conNotas = await all(['Encounter', 'DocumentReference'], `Encounter/${sesion}`);
    expect(conNotas.map(refs)).to.deep.equal([[`Encounter/${sesion}/_history/0`, `DocumentReference/${sesion}/_history/0`]]);
    expect(await all(['DocumentReference'], `DocumentReference/${sesion}`).then((ps) => ps.map(refs))).to.deep.equal([[`DocumentReference/${sesion}/_history/0`]]);
  });

  it('refuses malformed values and unknown parameters with a 400 OperationOutcome', async () => {
    await badRequest(srv, admin, 'Provenance?target=12');
    await badRequest(srv, admin, 'Provenance?target=Nonsense/1');
    await badRequest(srv, admin, 'Provenance?patient=Practitioner/1');
    await badRequest(srv, admin, 'Provenance?agent=12');
    await badRequest(srv, admin, 'Provenance?agent=Group/1');
    await badRequest(srv, admin, 'Provenance?recorded=ayer');
    await badRequest(srv, admin, 'Provenance?entity=Patient/1');
    await badRequest(srv, admin, `Provenance?_cursor=${Buffer.from(JSON.stringify(['0', 'x'])).toString('base64url')}`);
  });

  it('exports the Provenance in scope, every line valid', async () => {
    const status = await kickoff(srv, '$export?_type=Provenance', admin);
    const out = await outputOf(srv, await manifestOf(srv, clock, status, admin), admin);
    const exported = (out.get('Provenance') ?? []).map((p) => p.id).sort();
    expect(exported).to.deep.equal((await searchAll(srv, admin, 'Provenance?_count=1000')).map((p) => p.id).sort());
  });
});
