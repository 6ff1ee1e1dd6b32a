import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ManualClock } from '../../src/platform/clock.ts';
import { localDateTime } from '../../src/platform/time.ts';
import { pseudonymizer } from '../../src/platform/analytics/pseudonyms.ts';
import { allProjections } from '../../src/projections/index.ts';
import { resetProjections } from '../../src/projections/runner.ts';
import { runRetentionJob } from '../../src/reactors/retention.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectError } from '../http/helpers.ts';
import { dump, newPaciente, practice, type Paciente, type Psicologo } from './support.ts';
import { storeEnv } from '../cli/support.ts';

const run = promisify(execFile);
const ZONE = 'Europe/Madrid';
const READ_MODELS: [string, string][] = [
  ['historial_clinico', 'id_history'], ['diario_emocional', 'id_diario'], ['progreso_emocional', 'id_progress'],
  ['analitica_asignaciones', 'id_paciente'], ['analitica.hechos_diario', 'registro'], ['analitica.hechos_progreso', 'registro'],
  ['analitica.semanal_paciente', 'paciente, semana'], ['analitica.bienestar_psicologo_semana', 'psicologo, semana'],
];

describe('audit of the clinical record: events, as-of replay, CLI, erasure and rebuild', function () {
  this.timeout(180_000);
  let srv: TestServer;
  let admin: string;
  let psi: Psicologo;
  let pac: Paciente;
  let otro: Paciente;
  const clock = new ManualClock(new Date(Math.floor(Date.now() / 1000) * 1000));
  const req = (method: string, path: string, token?: string, body?: unknown) => srv.request(method, path, { token, body });
  const hist = (titulo: string, diagnostico: string | null = null) => ({ titulo, diagnostico, tratamiento: null, observaciones: null });
  const eventos = (id: number, asOf?: string) => req('GET', `/api/admin/auditoria/pacientes/${id}/eventos${asOf ? `?asOf=${asOf}` : ''}`, admin);
  const asOfView = (id: number, asOf: string) => req('GET', `/api/admin/auditoria/pacientes/${id}/historial-clinico?asOf=${asOf}`, admin);
  const snapshots: { asOf: string; list: unknown[] }[] = [];
  const ids: Record<string, number> = {};

  /** What the patient's list shows now, and the practice's wall clock now (the moment to ask about). */
  async function snapshot() {
    const list = (await req('GET', '/api/historial-clinico', pac.token)).body;
    expect((await req('GET', `/api/psicologo/historial-clinico?idPaciente=${pac.idPaciente}`, psi.token)).body).to.deep.equal(list);
    snapshots.push({ asOf: localDateTime(clock.now(), ZONE), list });
    clock.advance(60_000);
  }
  const created = async (r: Awaited<ReturnType<typeof req>>) => {
    expect(r.status, r.text).to.equal(201);
    return r.body.idHistory as number;
  };

  before(async () => {
    srv = await startTestServer({ clock });
    admin = await srv.adminToken();
    ({ psicologo: psi, paciente: pac } = await practice(srv, admin));
    otro = await newPaciente(srv);
    clock.advance(60_000);
  });
  after(async () => {
    await srv?.stop();
  });

  it('writes, corrects and deletes over time; the as-of view at each moment equals what the lists showed then', async () => {
    snapshots.push({ asOf: localDateTime(clock.now(), ZONE), list: [] });
    clock.advance(60_000);
    ids.h1 = await created(await req('POST', '/api/psicologo/historial-clinico', psi.token, { ...hist('Evaluación inicial', 'Ansiedad'), idPaciente: pac.idPaciente }));
    ids.h2 = await created(await req('POST', '/api/historial-clinico', pac.token, hist('Mi primera nota')));
    await req('POST', '/api/historial-clinico', otro.token, hist('Nota de otro paciente'));
    await snapshot();
    expect((await req('PUT', `/api/psicologo/historial-clinico/${ids.h1}`, psi.token, hist('Evaluación inicial', 'Ansiedad generalizada'))).status).to.equal(200);
    ids.h3 = await created(await req('POST', '/api/historial-clinico', pac.token, hist('Segunda nota')));
    await snapshot();
    expect((await req('DELETE', `/api/historial-clinico/${ids.h2}`, pac.token)).status).to.equal(204);
    expect((await req('PUT', `/api/historial-clinico/${ids.h3}`, pac.token, hist('Segunda nota, corregida'))).status).to.equal(200);
    ids.h4 = await created(await req('POST', '/api/psicologo/historial-clinico', psi.token, { ...hist('Plan de tratamiento'), idPaciente: pac.idPaciente }));
    await snapshot();
    expect((await req('DELETE', `/api/historial-clinico/${ids.h3}`, pac.token)).status).to.equal(204);
    await snapshot();

    expect(snapshots.map((s) => s.list.length)).to.deep.equal([0, 2, 3, 3, 2]);
    for (const s of snapshots) {
      const r = await asOfView(pac.idPaciente, s.asOf);
      expect(r.status, r.text).to.equal(200);
      expect(r.body, `as of ${s.asOf}`).to.deep.equal(s.list);
    }
    // Without asOf: now, which is the live list.
    const now = await req('GET', `/api/admin/auditoria/pacientes/${pac.idPaciente}/historial-clinico`, admin);
    expect(now.body).to.deep.equal(snapshots[snapshots.length - 1].list);
  });

  it('lists every clinical event of the patient in log order, with actor, time, type and opened data', async () => {
    await req('POST', '/api/diario-emocional', pac.token, { emocion: 'Frustración', intensidad: 7, nota: 'Discusión en el trabajo' });
    await req('POST', '/api/progreso-emocional', pac.token, { fecha: localDateTime(clock.now(), ZONE).slice(0, 10), nivelEstres: 7, nivelAnsiedad: 6, nivelAnimo: 3 });
    const r = await eventos(pac.idPaciente);
    expect(r.status, r.text).to.equal(200);
    expect(r.body.map((e: { type: string; stream: string }) => `${e.type} ${e.stream}`)).to.deep.equal([
      `HistorialCreado historial-${ids.h1}`, `HistorialCreado historial-${ids.h2}`, `HistorialCorregido historial-${ids.h1}`,
      `HistorialCreado historial-${ids.h3}`, `HistorialEliminado historial-${ids.h2}`, `HistorialCorregido historial-${ids.h3}`,
      `HistorialCreado historial-${ids.h4}`, `HistorialEliminado historial-${ids.h3}`, 'DiarioRegistrado diario-1', 'ProgresoRegistrado progreso-1',
    ]);
    const [first, , correction, , deletion] = r.body;
    expect(first).to.have.all.keys('eventId', 'stream', 'type', 'occurredAt', 'occurredAtUtc', 'actor', 'data', 'erased');
    expect(first.actor).to.deep.equal({ idUsuario: psi.idUsuario, rol: 'PSICOLOGO' });
    expect(first.data).to.include({ idPaciente: pac.idPaciente, titulo: 'Evaluación inicial', diagnostico: 'Ansiedad', autoria: 'PSICOLOGO' });
    // Written at the moment of the first snapshot: an event exactly at asOf belongs to that moment.
    expect(first.occurredAt).to.equal(snapshots[1].asOf);
    expect(first.erased).to.deep.equal([]);
    expect(correction.data.diagnostico).to.equal('Ansiedad generalizada');
    expect(deletion.actor).to.deep.equal({ idUsuario: pac.idUsuario, rol: 'PACIENTE' });
    expect(r.body[8].data).to.include({ emocion: 'Frustración', intensidad: 7, nota: 'Discusión en el trabajo' });
    // Up to a moment only; nothing of the other patient.
    expect((await eventos(pac.idPaciente, snapshots[1].asOf)).body.map((e: { type: string }) => e.type)).to.deep.equal(['HistorialCreado', 'HistorialCreado']);
    expect((await eventos(otro.idPaciente)).body.map((e: { data: { titulo: string } }) => e.data.titulo)).to.deep.equal(['Nota de otro paciente']);
  });

  it('refuses a bad asOf (400), an unknown patient (404) and anyone but an administrator (401/403)', async () => {
    for (const bad of ['ayer', '2025-13-01T00:00:00', '2025-01-01']) {
      expectError(await eventos(pac.idPaciente, bad), 400);
      expectError(await asOfView(pac.idPaciente, bad), 400);
    }
    expectError(await eventos(999999), 404);
    expectError(await asOfView(999999, snapshots[1].asOf), 404);
    for (const token of [psi.token, pac.token]) {
      expectError(await req('GET', `/api/admin/auditoria/pacientes/${pac.idPaciente}/eventos`, token), 403);
      expectError(await req('GET', `/api/admin/auditoria/pacientes/${pac.idPaciente}/historial-clinico`, token), 403);
    }
    expectError(await req('GET', `/api/admin/auditoria/pacientes/${pac.idPaciente}/eventos`), 401);
  });

  it('logs the audit reads themselves', async () => {
    const r = await req('GET', `/api/admin/auditoria/accesos?idPaciente=${pac.idPaciente}`, admin);
    const rutas = r.body.filter((a: { recurso: string }) => a.recurso === 'AUDITORIA').map((a: { ruta: string }) => a.ruta);
    expect(rutas).to.include.members([
      `/api/admin/auditoria/pacientes/${pac.idPaciente}/eventos`, `/api/admin/auditoria/pacientes/${pac.idPaciente}/historial-clinico`,
    ]);
  });

  it('npm run audit:replay prints the same JSON as the endpoints', async () => {
    const env = { ...process.env, NODE_ENV: 'test', DATABASE_URL: srv.db.url, DATA_DIR: srv.config.dataDir, PRACTICE_TIMEZONE: ZONE, LOG_LEVEL: 'silent', ...storeEnv(srv) };
    const cli = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'src/cli/audit-replay.ts', ...args], { env, cwd: process.cwd() });
    const at = snapshots[2].asOf;
    const { stdout } = await cli('--paciente', String(pac.idPaciente), '--as-of', at);
    const out = JSON.parse(stdout);
    expect(out.idPaciente).to.equal(pac.idPaciente);
    expect(out.asOf).to.equal(at);
    expect(out.eventos).to.deep.equal((await eventos(pac.idPaciente, at)).body);
    expect(out.historialClinico).to.deep.equal(snapshots[2].list);
    const rows = await srv.deps.knex('accesos_clinicos').where({ rol: 'CLI', id_paciente: pac.idPaciente }).select('ruta');
    expect(rows).to.deep.equal([{ ruta: 'audit:replay' }]);
    const unknown = await cli('--paciente', '999999').catch((e: { code: number }) => e);
    expect((unknown as { code: number }).code).to.equal(3);
    const usage = await cli('--as-of', at).catch((e: { code: number }) => e);
    expect((usage as { code: number }).code).to.equal(2);
  });

  it('after erasure the lists drop the record; once the clinical key is shredded the audit shows null fields listed in erased', async () => {
    const del = await req('DELETE', `/api/pacientes/${pac.idPaciente}`, admin);
    expect(del.status, del.text).to.equal(204);
    const admins = (await req('GET', '/api/admin/historial-clinico', admin)).body;
    expect(admins.filter((h: { idPaciente: number }) => h.idPaciente === pac.idPaciente)).to.deep.equal([]);
    expect((await req('GET', '/api/admin/diario-emocional', admin)).body).to.deep.equal([]);
    // Kept for the retention period: auditors still replay the content.
    expect((await asOfView(pac.idPaciente, snapshots[2].asOf)).body).to.deep.equal(snapshots[2].list);
    const facts = async () => {
      await srv.deps.projections.waitFor(await srv.deps.store.head(), 10_000); // no write waits for the analysts' tables
      const paciente = pseudonymizer(srv.config.analyticsPepper)('paciente', pac.idPaciente);
      const count = async (t: string) => Number((await srv.deps.knex(t).where({ paciente }).count('* as n').first())!.n);
      return [await count('analitica.hechos_diario') + await count('analitica.hechos_progreso'), await count('analitica.semanal_paciente')];
    };
    expect((await facts())[0]).to.equal(2);

    clock.advance(60_000);
    expect(await runRetentionJob({ knex: srv.deps.knex, store: srv.deps.store, clock, retentionYears: 0 })).to.equal(1);
    let body: any[] = [];
    for (let i = 0; i < 100 && !body.some((e) => e.erased.length > 0); i++) {
      await new Promise((r) => setTimeout(r, 100));
      body = (await eventos(pac.idPaciente)).body;
    }
    const first = body[0];
    expect(first.data).to.include({ idHistory: ids.h1, idPaciente: pac.idPaciente, titulo: null, diagnostico: null, autoria: 'PSICOLOGO' });
    expect(first.erased).to.have.members(['titulo', 'diagnostico']);
    const diario = body.find((e) => e.type === 'DiarioRegistrado');
    expect(diario.data).to.include({ emocion: null, intensidad: null, nota: null });
    expect(body[body.length - 1]).to.include({ type: 'ClaveClinicaDestruida' });
    expect(body[body.length - 1].actor).to.deep.equal({ idUsuario: null, rol: 'SYSTEM' });
    const shredded = (await asOfView(pac.idPaciente, snapshots[2].asOf)).body;
    expect(shredded.map((h: { idHistory: number; titulo: unknown }) => [h.idHistory, h.titulo])).to.deep.equal(
      (snapshots[2].list as { idHistory: number }[]).map((h) => [h.idHistory, null]),
    );
    // Statistics drop the shredded entries.
    await srv.deps.projections.waitFor(await srv.deps.store.head(), 10_000);
    expect(await facts()).to.deep.equal([0, 0]);
  });

  it('rebuilding the projections reproduces every list and every analytics table exactly', async () => {
    const more = await practice(srv, admin);
    await req('POST', '/api/psicologo/historial-clinico', more.psicologo.token, { ...hist('Otra consulta', 'Duelo'), idPaciente: more.paciente.idPaciente });
    await req('POST', '/api/diario-emocional', more.paciente.token, { emocion: 'Tristeza', intensidad: 6 });
    await req('POST', '/api/diario-emocional', otro.token, { emocion: 'Calma', intensidad: 2 });
    await req('POST', '/api/progreso-emocional', more.paciente.token, { fecha: '2024-12-30', nivelEstres: 5, nivelAnsiedad: 4, nivelAnimo: 5 });
    await req('POST', '/api/progreso-emocional', otro.token, { fecha: '2025-01-02', nivelEstres: 1, nivelAnsiedad: 2, nivelAnimo: 9 });
    const lists = async () => {
      const out: unknown[] = [];
      for (const path of ['/api/admin/historial-clinico', '/api/admin/diario-emocional', '/api/admin/progreso-emocional']) out.push((await req('GET', path, admin)).body);
      for (const res of ['historial-clinico', 'diario-emocional', 'progreso-emocional']) {
        out.push((await req('GET', `/api/psicologo/${res}?idPaciente=${more.paciente.idPaciente}`, more.psicologo.token)).body);
      }
      out.push((await req('GET', `/api/psicologo/progreso-emocional/resumen?idPaciente=${more.paciente.idPaciente}`, more.psicologo.token)).body);
      return out;
    };
    const tables = async () => Promise.all(READ_MODELS.map(([t, order]) => dump(srv, t, order)));
    // The analysts' tables follow the log (no write waits for them): compared once they are there.
    expect(await srv.deps.projections.waitFor(await srv.deps.store.head(), 30_000)).to.equal(true);
    const [listsBefore, tablesBefore] = [await lists(), await tables()];
    expect(tablesBefore.every((t) => t !== '[]'), 'every table has rows').to.equal(true);
    const accesos = await dump(srv, 'accesos_clinicos', 'id_acceso');

    await resetProjections(srv.deps.knex, allProjections(srv.config));
    expect(await dump(srv, 'historial_clinico', 'id_history')).to.equal('[]');
    expect(await srv.deps.projections.waitFor(await srv.deps.store.head(), 60_000)).to.equal(true);

    expect(await tables()).to.deep.equal(tablesBefore);
    expect(await dump(srv, 'accesos_clinicos', 'id_acceso'), 'the access log survives a rebuild').to.equal(accesos);
    expect(await lists()).to.deep.equal(listsBefore);
  });
});
