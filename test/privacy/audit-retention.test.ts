import { expect } from 'chai';
import { DateTime } from 'luxon';
import { sealSpecs } from '../../src/events/personal-data.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { localDateTime } from '../../src/platform/time.ts';
import { runRetentionJob } from '../../src/reactors/retention.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { newPaciente, practice, type Paciente, type Psicologo } from '../clinico/support.ts';
import { storedEvents } from '../support/log.ts';

const ZONE = 'Europe/Madrid';

interface AuditEvent {
  type: string;
  stream: string;
  data: Record<string, unknown>;
  erased: string[];
}

/**
 * What the auditor sees over the life of an erased patient's clinical record: all of it before
 * erasure; all of it after erasure of the identity (the clinical key is kept for the retention
 * period); nothing of its content once the retention job has had the clinical key destroyed.
 */
describe('the auditor\'s replay across erasure and the end of clinical retention', function () {
  this.timeout(120_000);
  let srv: TestServer;
  let admin: string;
  let psi: Psicologo;
  let pac: Paciente;
  let otro: Paciente;
  const clock = new ManualClock(new Date(Math.floor(Date.now() / 1000) * 1000));
  const asOf: string[] = [];
  let original: AuditEvent[] = [];
  const views: unknown[][] = [];

  const ok = async (method: string, path: string, token: string, body?: unknown) => {
    const r = await srv.request(method, path, { token, body });
    expect(r.status, `${method} ${path}: ${r.text}`).to.be.within(200, 299);
    return r.body;
  };
  const eventos = (id: number): Promise<AuditEvent[]> => ok('GET', `/api/admin/auditoria/pacientes/${id}/eventos`, admin);
  const historialAsOf = (id: number, at: string): Promise<unknown[]> => ok('GET', `/api/admin/auditoria/pacientes/${id}/historial-clinico?asOf=${at}`, admin);
  /** The practice's wall clock now, as a moment to ask about; the next write comes a minute later. */
  const moment = () => {
    asOf.push(localDateTime(clock.now(), ZONE));
    clock.advance(60_000);
  };
  /** The clinical fields a seal spec declares that were set in the event: what shredding must erase. */
  const sealedIn = (e: AuditEvent) => Object.keys(sealSpecs[e.type]?.fields ?? {}).filter((f) => e.data[f] !== null && e.data[f] !== undefined);

  before(async () => {
    srv = await startTestServer({ clock });
    admin = await srv.adminToken();
    ({ psicologo: psi, paciente: pac } = await practice(srv, admin));
    otro = await newPaciente(srv);
    clock.advance(60_000);
    moment(); // 0: nothing yet
    const h1 = await ok('POST', '/api/psicologo/historial-clinico', psi.token, {
      idPaciente: pac.idPaciente, titulo: 'Evaluación inicial', diagnostico: 'Trastorno de pánico', tratamiento: 'TCC semanal', observaciones: 'Evita el metro',
    });
    const h2 = await ok('POST', '/api/historial-clinico', pac.token, { titulo: 'Lo que me pasa', observaciones: 'Me ahogo en el trabajo' });
    await ok('POST', '/api/historial-clinico', otro.token, { titulo: 'Nota de otra persona' });
    views.push(await ok('GET', '/api/historial-clinico', pac.token));
    moment(); // 1: two records
    await ok('PUT', `/api/psicologo/historial-clinico/${h1.idHistory}`, psi.token, {
      titulo: 'Evaluación inicial', diagnostico: 'Agorafobia con pánico', tratamiento: 'TCC y exposición', observaciones: 'Evita el metro',
    });
    await ok('DELETE', `/api/historial-clinico/${h2.idHistory}`, pac.token);
    await ok('POST', '/api/diario-emocional', pac.token, { emocion: 'Miedo', intensidad: 9, nota: 'Ataque en el andén' });
    await ok('POST', '/api/progreso-emocional', pac.token, { fecha: localDateTime(clock.now(), ZONE).slice(0, 10), nivelEstres: 8, nivelAnsiedad: 9, nivelAnimo: 3 });
    const start = DateTime.fromJSDate(clock.now(), { zone: ZONE }).plus({ days: 7 }).set({ hour: 10, minute: 0, second: 0 }).toFormat("yyyy-LL-dd'T'HH:mm:ss");
    const cita = await ok('POST', '/api/citas', pac.token, { idPsicologo: psi.idPsicologo, startDatetime: start, durationMinutes: 50, motivo: 'Pánico' });
    await ok('POST', '/api/psicologo/sesiones', psi.token, {
      idPaciente: pac.idPaciente, idCita: cita.idCita, sessionDate: start, durationMinutes: 50, notas: 'Exposición graduada', recomendaciones: 'Registro de crisis',
    });
    views.push(await ok('GET', '/api/historial-clinico', pac.token));
    moment(); // 2: one corrected record
  });
  after(async () => {
    await srv?.stop();
  });

  it('before erasure: every clinical event, in log order, content readable; the as-of views are what the lists showed', async () => {
    original = await eventos(pac.idPaciente);
    expect(original.map((e) => e.type)).to.deep.equal([
      'HistorialCreado', 'HistorialCreado', 'HistorialCorregido', 'HistorialEliminado', 'DiarioRegistrado', 'ProgresoRegistrado', 'CitaCreada', 'SesionRegistrada',
    ]);
    for (const e of original) expect(e.erased, e.type).to.deep.equal([]);
    expect(original[0].data).to.include({ titulo: 'Evaluación inicial', diagnostico: 'Trastorno de pánico', tratamiento: 'TCC semanal' });
    expect(original[2].data).to.include({ diagnostico: 'Agorafobia con pánico' });
    expect(original[4].data).to.include({ emocion: 'Miedo', intensidad: 9, nota: 'Ataque en el andén' });
    expect(original[5].data).to.include({ nivelEstres: 8, nivelAnsiedad: 9, nivelAnimo: 3 });
    expect(original[6].data).to.include({ motivo: 'Pánico' }); // the appointment's reason is audited too
    expect(original[7].data).to.include({ notas: 'Exposición graduada', recomendaciones: 'Registro de crisis' });
    expect(await historialAsOf(pac.idPaciente, asOf[0])).to.deep.equal([]);
    expect(await historialAsOf(pac.idPaciente, asOf[1])).to.deep.equal(views[0]).and.to.have.length(2);
    expect(await historialAsOf(pac.idPaciente, asOf[2])).to.deep.equal(views[1]).and.to.have.length(1);
  });

  it('after erasure of the identity: the clinical replay is unchanged, the identity fields read null and listed in erased', async () => {
    clock.advance(60_000);
    const r = await srv.request('DELETE', `/api/pacientes/${pac.idPaciente}`, { token: admin });
    expect(r.status, r.text).to.equal(204);
    // Gone from the lists at once ...
    expect(await ok('GET', '/api/admin/historial-clinico', admin)).to.satisfy((l: { idPaciente: number }[]) => l.every((h) => h.idPaciente !== pac.idPaciente));
    // ... but kept for the auditor for the retention period.
    expect(await eventos(pac.idPaciente)).to.deep.equal(original);
    expect(await historialAsOf(pac.idPaciente, asOf[1])).to.deep.equal(views[0]);
    expect(await historialAsOf(pac.idPaciente, asOf[2])).to.deep.equal(views[1]);
    const [usuario] = await srv.deps.store.readStream(`usuario-${pac.idUsuario}`);
    expect(usuario.data).to.include({ nombre: null, apellido: null, email: null, rol: 'PACIENTE' });
    expect(usuario.erased).to.include.members(['nombre', 'apellido', 'email', 'dni', 'passwordHash']);
    const [registro] = await srv.deps.store.readStream(`paciente-${pac.idPaciente}`);
    expect(registro.data).to.include({ fechaNacimiento: null, genero: null, telefono: null, direcciones: null });
    expect(registro.erased).to.include.members(['fechaNacimiento', 'genero', 'telefono', 'direcciones']);
  });

  it('the retention job: nothing before the period ends; then exactly one ClaveClinicaDestruida, and the replay shows the clinical fields erased', async () => {
    await srv.deps.projections.waitFor(await srv.deps.store.head(), 10_000); // no write waits for the retention bookkeeping
    const row = await srv.deps.knex('retencion_clinica').where({ id_paciente: pac.idPaciente }).first();
    const last = DateTime.fromJSDate(new Date(row.ultima_actividad));
    const years = srv.config.clinicalRetentionYears;
    const job = (at: DateTime) => runRetentionJob({ knex: srv.deps.knex, store: srv.deps.store, clock: new ManualClock(at.toJSDate()), retentionYears: years });
    expect(await job(last.plus({ years }).minus({ days: 1 }))).to.equal(0);
    expect(await eventos(pac.idPaciente)).to.deep.equal(original);

    // Two processes at once, past the period: one event between them; a later run adds none.
    const due = last.plus({ years, days: 1 });
    expect((await Promise.all([job(due), job(due)])).reduce((a, b) => a + b, 0)).to.equal(1);
    expect(await job(due.plus({ years: 5 }))).to.equal(0);
    const head = await srv.deps.store.head();
    expect(await srv.reactors.waitFor(head, 20_000), 'reactors caught up').to.equal(true);
    expect(await srv.deps.projections.waitFor(head, 20_000), 'projections caught up').to.equal(true);
    const recorded = await storedEvents(srv, { type: 'ClaveClinicaDestruida' });
    expect(recorded).to.have.length(1);
    expect(recorded[0]).to.deep.include({ streamId: `retencion-${pac.idPaciente}` });
    expect(recorded[0].data).to.include({ idPaciente: pac.idPaciente, retencionAnios: years });

    const shreddedLog = await eventos(pac.idPaciente);
    expect(shreddedLog.map((e) => e.type)).to.deep.equal([...original.map((e) => e.type), 'ClaveClinicaDestruida']);
    original.forEach((b, i) => {
      const fields = sealedIn(b);
      const blanked = Object.fromEntries(fields.map((f) => [f, null]));
      expect(shreddedLog[i].erased, `${b.type} ${b.stream}`).to.have.members(fields);
      expect(shreddedLog[i].data, `${b.type} ${b.stream}`).to.deep.equal({ ...b.data, ...blanked });
    });
    expect(original.filter((b) => sealedIn(b).length > 0)).to.have.length(7); // all but HistorialEliminado carried content
    const shredded = await historialAsOf(pac.idPaciente, asOf[1]);
    expect(shredded).to.have.length(2);
    for (const h of shredded as Record<string, unknown>[]) expect(h).to.include({ titulo: null, diagnostico: null, tratamiento: null, observaciones: null });
    expect((await srv.deps.knex('retencion_clinica').where({ id_paciente: pac.idPaciente }).first()).clave_destruida_en).to.not.equal(null);
  });

  it('never touches a patient who was not erased, however old their record', async () => {
    const far = DateTime.fromJSDate(clock.now()).plus({ years: 50 });
    expect(await runRetentionJob({ knex: srv.deps.knex, store: srv.deps.store, clock: new ManualClock(far.toJSDate()), retentionYears: 0 })).to.equal(0);
    const [nota] = await eventos(otro.idPaciente);
    expect(nota.data).to.include({ titulo: 'Nota de otra persona' });
    expect(nota.erased).to.deep.equal([]);
  });
});
