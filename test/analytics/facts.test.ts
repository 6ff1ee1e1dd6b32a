import { expect } from 'chai';
import { DateTime } from 'luxon';
import { ManualClock } from '../../src/platform/clock.ts';
import { pseudonymizer, type PseudonymKind } from '../../src/platform/analytics/pseudonyms.ts';
import { runRetentionJob } from '../../src/reactors/retention.ts';
import { allProjections } from '../../src/projections/index.ts';
import { resetProjections } from '../../src/projections/runner.ts';
import { shadowRebuild } from '../../src/projections/shadow-rebuild.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { asignar, newPaciente, newPsicologo, type Paciente, type Psicologo } from '../citas/support.ts';

// The analysts' schema against what the API says: one row per appointment and session with the
// state, duration and lead time the API's lists imply, pseudonyms only, stable across rebuilds.

const ZONE = 'Europe/Madrid';
// Bookings are made on this clock (Monday 5 January 2026, 09:00 in Madrid) for the week after: by the
// database's real clock those appointments are over, so a confirmed one never completed is a no-show.
const BOOKED_AT = new Date('2026-01-05T08:00:00Z');
const local = (day: number, hour: number) => `2026-01-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00`;
const hoursFromBooking = (start: string) => Math.round((DateTime.fromISO(start, { zone: ZONE }).toMillis() - BOOKED_AT.getTime()) / 36_000) / 100;

describe('analytics schema: facts, pseudonyms, small cells, rebuilds and erasure', function () {
  this.timeout(180_000);
  let srv: TestServer;
  let admin: string;
  let psi: Psicologo;
  let small: Psicologo;
  const pacientes: Paciente[] = [];
  const clock = new ManualClock(BOOKED_AT);
  const seud = (kind: PseudonymKind, id: number) => pseudonymizer(srv.config.analyticsPepper)(kind, id);
  const ok = async (method: string, path: string, token: string, body?: unknown) => {
    const r = await srv.request(method, path, { token, body });
    expect(r.status, `${method} ${path}: ${r.text}`).to.be.within(200, 299);
    return r.body;
  };
  const settle = async () => expect(await srv.deps.projections.waitFor(await srv.deps.store.head(), 20_000)).to.equal(true);
  const rows = async (sql: string, bindings: readonly (string | number)[] = []) => (await srv.deps.knex.raw(sql, bindings as (string | number)[])).rows;
  const dumpSchema = async () => {
    const out: Record<string, unknown[]> = {};
    for (const { name } of await rows(`select table_name as name from information_schema.tables where table_schema = 'analitica' order by 1`)) {
      out[name] = (await rows(`select to_jsonb(t)::text as r from analitica.${name} t order by 1`)).map((r: { r: string }) => r.r);
    }
    return out;
  };

  before(async () => {
    srv = await startTestServer({ clock });
    admin = await srv.adminToken();
    psi = await newPsicologo(srv, admin, 'Laura', 'Gómez');
    small = await newPsicologo(srv, admin, 'Marta', 'Ruiz');
    for (let i = 0; i < 7; i++) {
      const p = await newPaciente(srv, `Nombre${i}`, `Apellido${i}`);
      await asignar(srv, admin, p.idPaciente, i < 5 ? psi.idPsicologo : small.idPsicologo);
      pacientes.push(p);
    }
  });
  after(async () => srv?.stop());

  it('keeps one fact per appointment with the state, duration, lead time, cancellation and no-show the API implies', async () => {
    const [a, b, c, d, e] = pacientes;
    const completed = await ok('POST', '/api/citas', a.token, { idPsicologo: psi.idPsicologo, startDatetime: local(12, 9), durationMinutes: 50, motivo: 'Insomnio por trabajo' });
    const noShow = await ok('POST', '/api/citas', b.token, { idPsicologo: psi.idPsicologo, startDatetime: local(12, 10), durationMinutes: 45, motivo: null });
    const byPatient = await ok('POST', '/api/citas', c.token, { idPsicologo: psi.idPsicologo, startDatetime: local(13, 16), durationMinutes: 60, motivo: null });
    const byPsi = await ok('POST', '/api/citas', d.token, { idPsicologo: psi.idPsicologo, startDatetime: local(14, 11), durationMinutes: 30, motivo: null });
    const moved = await ok('POST', '/api/citas', e.token, { idPsicologo: psi.idPsicologo, startDatetime: local(15, 12), durationMinutes: 50, motivo: null });
    await ok('PUT', `/api/psicologo/citas/${completed.idCita}`, psi.token, { estado: 'CONFIRMADA' });
    await ok('PUT', `/api/psicologo/citas/${completed.idCita}`, psi.token, { estado: 'COMPLETADA' });
    await ok('PUT', `/api/psicologo/citas/${noShow.idCita}`, psi.token, { estado: 'CONFIRMADA' });
    clock.advance(12 * 3_600_000); // cancellations half a day after booking (tokens last a day)
    await ok('DELETE', `/api/citas/${byPatient.idCita}`, c.token);
    await ok('PUT', `/api/psicologo/citas/${byPsi.idCita}`, psi.token, { estado: 'CANCELADA' });
    await ok('PUT', `/api/citas/${moved.idCita}`, e.token, { startDatetime: local(16, 17) });
    await ok('POST', '/api/sesiones', a.token, { idCita: completed.idCita, sessionDate: local(12, 9), durationMinutes: 50, notas: 'Habló de su madre', recomendaciones: null });
    await settle();

    const api = (await ok('GET', '/api/admin/citas', admin)) as { idCita: number; idPaciente: number; idPsicologo: number; startDatetime: string; durationMinutes: number; estado: string }[];
    expect(api).to.have.length(5);
    const facts = await rows('select * from analitica.citas');
    expect(facts).to.have.length(5);
    for (const cita of api) {
      const f = facts.find((x: { cita: string }) => x.cita === seud('cita', cita.idCita));
      expect(f, `fact of appointment ${cita.idCita}`).to.not.equal(undefined);
      const start = DateTime.fromISO(cita.startDatetime, { zone: ZONE });
      expect(f).to.include({
        psicologo: seud('psicologo', cita.idPsicologo), paciente: seud('paciente', cita.idPaciente), estado: cita.estado,
        duracion_min: cita.durationMinutes, dia_semana: start.weekday, hora: start.hour, serie: false, reservada_por: 'PACIENTE',
        no_asistio: cita.idCita === noShow.idCita,
      });
      expect(DateTime.fromJSDate(f.semana, { zone: 'UTC' }).toISODate()).to.equal(start.startOf('week').toISODate());
      // Lead time: from the booking (or the rescheduling, half a day later) to the start.
      const chosenAt = cita.idCita === moved.idCita ? 12 : 0;
      expect(Number(f.antelacion_horas)).to.equal(Math.round((hoursFromBooking(cita.startDatetime) - chosenAt) * 100) / 100);
    }
    const by = (id: number) => facts.find((x: { cita: string }) => x.cita === seud('cita', id));
    expect(by(byPatient.idCita)).to.include({ cancelada_por: 'PACIENTE', causa_cancelacion: null });
    expect(Number(by(byPatient.idCita).cancelada_antelacion_horas)).to.equal(hoursFromBooking(local(13, 16)) - 12);
    expect(by(byPsi.idCita)).to.include({ cancelada_por: 'PSICOLOGO' });
    expect(by(moved.idCita)).to.include({ reprogramaciones: 1, estado: 'PENDIENTE', cancelada_por: null });
    const [sesion] = await rows('select * from analitica.hechos_sesiones');
    expect(sesion).to.include({ cita: seud('cita', completed.idCita), paciente: seud('paciente', a.idPaciente), duracion_min: 50, registrada_por: 'PACIENTE', hora: 9, dia_semana: 1 });
  });

  it('hides practice and psychologist figures computed over fewer than ANALYTICS_MIN_CELL patients', async () => {
    expect((await rows('select min_celda from analitica.parametros'))[0].min_celda).to.equal(5);
    // The small practice: two patients that week.
    for (const p of pacientes.slice(5)) await ok('POST', '/api/citas', p.token, { idPsicologo: small.idPsicologo, startDatetime: local(13, 9 + p.idPaciente % 5), durationMinutes: 50, motivo: null });
    await settle();
    const week = await rows(`select * from analitica.actividad_psicologo_semana where semana = '2026-01-12'`);
    expect(week.map((r: { psicologo: string }) => r.psicologo).sort()).to.deep.equal([seud('psicologo', psi.idPsicologo), seud('psicologo', small.idPsicologo)].sort());
    // The small cell, and the week's only other one with it (else the practice minus it gives the small one).
    for (const hidden of week) {
      expect(hidden.suprimida).to.equal(true);
      for (const [k, v] of Object.entries(hidden)) if (!['psicologo', 'semana', 'suprimida'].includes(k)) expect(v, k).to.equal(null);
    }
    const [practica] = await rows(`select * from analitica.actividad_consulta_semana where semana = '2026-01-12'`);
    expect(practica).to.include({ suprimida: false, pacientes: 7, citas: 7 });
    await srv.deps.knex.raw('update analitica.parametros set min_celda = 2');
    const [big] = await rows(`select * from analitica.actividad_psicologo_semana where semana = '2026-01-12' and psicologo = ?`, [seud('psicologo', psi.idPsicologo)]);
    expect(big).to.include({ suprimida: false, pacientes: 5, citas: 5, completadas: 1, canceladas: 2, canceladas_por_paciente: 1, canceladas_por_psicologo: 1, no_asistidas: 1, sesiones: 1 });
    await srv.deps.knex.raw('update analitica.parametros set min_celda = 5');

    // Diary entries of four patients: hidden for the practice and for the psychologist; a fifth shows them.
    for (const p of pacientes.slice(0, 4)) await ok('POST', '/api/diario-emocional', p.token, { emocion: 'Calma', intensidad: 4, nota: 'Me llamo Nombre y vivo en Madrid' });
    await settle();
    const bienestar = async () => (await rows(`select * from analitica.bienestar_consulta_semana where semana = '2026-01-05'`))[0];
    expect(await bienestar()).to.include({ suprimida: true, pacientes: null, registros_diario: null, media_intensidad: null });
    await ok('POST', '/api/diario-emocional', pacientes[4].token, { emocion: 'ansiedad', intensidad: 9, nota: null });
    await settle();
    expect(await bienestar()).to.include({ suprimida: false, pacientes: 5, registros_diario: 5, media_intensidad: '5.00' });
    const [psiWeek] = await rows(`select * from analitica.bienestar_psicologo_semana where semana = '2026-01-05' and psicologo = ?`, [seud('psicologo', psi.idPsicologo)]);
    expect(psiWeek).to.include({ suprimida: false, pacientes: 5 });
    // The threshold is the deployment's: a lower one shows the small practice.
    await srv.deps.knex.raw('update analitica.parametros set min_celda = 2');
    const [shown] = await rows(`select * from analitica.actividad_psicologo_semana where semana = '2026-01-12' and psicologo = ?`, [seud('psicologo', small.idPsicologo)]);
    expect(shown).to.include({ suprimida: false, pacientes: 2, citas: 2 });
    await srv.deps.knex.raw('update analitica.parametros set min_celda = 5');
  });

  it("keeps one fact per diary entry, progress record and session the administrator's lists show", async () => {
    await ok('POST', '/api/progreso-emocional', pacientes[1].token, { fecha: '2026-01-04', nivelEstres: 7, nivelAnsiedad: 6, nivelAnimo: 3 });
    await settle();
    const diario = (await ok('GET', '/api/admin/diario-emocional', admin)) as { idDiario: number; idPaciente: number; fecha: string; intensidad: number }[];
    const hechosDiario = await rows(`select registro, paciente, to_char(fecha, 'YYYY-MM-DD') as fecha, intensidad, psicologo from analitica.hechos_diario`);
    expect(hechosDiario).to.have.length(diario.length).and.to.have.length.greaterThan(4);
    for (const d of diario) {
      expect(hechosDiario.find((h: { registro: string }) => h.registro === seud('diario', d.idDiario)), `diary ${d.idDiario}`).to.deep.include({
        paciente: seud('paciente', d.idPaciente), fecha: d.fecha.slice(0, 10), intensidad: d.intensidad, psicologo: seud('psicologo', psi.idPsicologo),
      });
    }
    const progreso = (await ok('GET', '/api/admin/progreso-emocional', admin)) as { idProgress: number; idPaciente: number; fecha: string; nivelEstres: number; nivelAnimo: number }[];
    const hechosProgreso = await rows(`select registro, paciente, to_char(fecha, 'YYYY-MM-DD') as fecha, nivel_estres, nivel_animo from analitica.hechos_progreso`);
    expect(hechosProgreso.map((h: object) => JSON.stringify(h)).sort()).to.deep.equal(progreso.map((p) => JSON.stringify({
      registro: seud('progreso', p.idProgress), paciente: seud('paciente', p.idPaciente), fecha: p.fecha.slice(0, 10), nivel_estres: p.nivelEstres, nivel_animo: p.nivelAnimo,
    })).sort());
    const sesiones = (await ok('GET', '/api/admin/sesiones', admin)) as { idSesion: number; idCita: number; durationMinutes: number }[];
    const hechosSesiones = await rows('select sesion, cita, duracion_min from analitica.hechos_sesiones');
    expect(hechosSesiones.map((h: object) => JSON.stringify(h)).sort()).to.deep.equal(sesiones.map((x) => JSON.stringify({
      sesion: seud('sesion', x.idSesion), cita: seud('cita', x.idCita), duracion_min: x.durationMinutes,
    })).sort());
  });

  it('holds no name, e-mail, phone, reason, note or free-text emotion, and no id in clear', async () => {
    await ok('POST', '/api/diario-emocional', pacientes[0].token, { emocion: 'Me siento como Nombre0 Apellido0', intensidad: 3, nota: null });
    await settle();
    const text = JSON.stringify(await dumpSchema());
    for (const secret of ['Nombre0', 'Apellido', 'Laura', 'Gómez', '@', 'Insomnio', 'Habló', 'Madrid', 'Me siento']) expect(text, secret).to.not.include(secret);
    const emociones = (await rows('select distinct emocion from analitica.hechos_diario order by 1')).map((r: { emocion: string }) => r.emocion);
    expect(emociones).to.deep.equal(['Ansiedad', 'Calma', 'OTRA']);
    const columns = (await rows(`select column_name as c from information_schema.columns where table_schema = 'analitica'`)).map((r: { c: string }) => r.c);
    expect(columns.filter((c: string) => /^id_|nombre|email|telefono|nota|motivo/.test(c))).to.deep.equal([]);
    const hex = await rows(`select paciente from analitica.hechos_citas union all select psicologo from analitica.hechos_citas`);
    for (const r of hex) expect(r.paciente).to.match(/^[0-9a-f]{20}$/);
  });

  it('gives the same pseudonyms in an in-place and a shadow rebuild, other ones with another pepper, and keeps views and grants', async () => {
    const before = await dumpSchema();
    await resetProjections(srv.deps.knex, allProjections(srv.config));
    await settle();
    expect(await dumpSchema()).to.deep.equal(before);

    await srv.deps.knex.raw(`do $$ begin if not exists (select from pg_roles where rolname = 'lector_prueba') then create role lector_prueba nologin; end if; end $$`);
    await srv.deps.knex.raw('grant usage on schema analitica to lector_prueba; grant select on all tables in schema analitica to lector_prueba');
    const shadow = (pepper: string) => shadowRebuild({ knex: srv.deps.knex, url: srv.db.url, store: srv.deps.store, projections: allProjections({ ...srv.config, analyticsPepper: pepper }) });
    await shadow('another-pepper-of-at-least-32-characters');
    const other = await dumpSchema();
    expect(other.hechos_citas).to.have.length(before.hechos_citas.length);
    const pseudonyms = (d: Record<string, unknown[]>) => new Set(d.hechos_citas.map((r) => JSON.parse(r as string).paciente));
    const common = [...pseudonyms(other)].filter((p) => pseudonyms(before).has(p));
    expect(common).to.deep.equal([]);

    await shadow(srv.config.analyticsPepper);
    expect(await dumpSchema()).to.deep.equal(before);
    const objects = await rows(`select c.oid::regclass::text as o, has_table_privilege('lector_prueba', c.oid, 'select') as can from pg_class c where c.relnamespace = 'analitica'::regnamespace and c.relkind in ('r', 'v')`);
    expect(objects.length).to.equal(17);
    expect(objects.filter((o: { can: boolean }) => !o.can)).to.deep.equal([]);
    expect((await rows('select count(*)::int as n from analitica.actividad_consulta_semana'))[0].n).to.be.greaterThan(0);
  });

  it("removes an erased patient's facts when the clinical key is destroyed, also from a later rebuild", async () => {
    const gone = pacientes[0];
    const paciente = seud('paciente', gone.idPaciente);
    const count = async () => {
      const out: Record<string, number> = {};
      for (const t of ['hechos_citas', 'hechos_sesiones', 'hechos_diario', 'semanal_paciente']) {
        out[t] = (await rows(`select count(*)::int as n from analitica.${t} where paciente = ?`, [paciente]))[0].n;
      }
      return out;
    };
    expect(await count()).to.deep.equal({ hechos_citas: 1, hechos_sesiones: 1, hechos_diario: 2, semanal_paciente: 1 });
    expect((await srv.request('DELETE', `/api/pacientes/${gone.idPaciente}`, { token: admin })).status).to.equal(204);
    await settle();
    // Until the key is destroyed the clinic's statistics keep the patient, in a rebuild too.
    expect((await count()).hechos_citas).to.equal(1);
    const erased = await dumpSchema();
    await resetProjections(srv.deps.knex, allProjections(srv.config));
    await settle();
    expect(await dumpSchema()).to.deep.equal(erased);
    clock.advance(60_000);
    expect(await runRetentionJob({ knex: srv.deps.knex, store: srv.deps.store, clock, retentionYears: 0 })).to.equal(1);
    await settle();
    expect(await count()).to.deep.equal({ hechos_citas: 0, hechos_sesiones: 0, hechos_diario: 0, semanal_paciente: 0 });
    await resetProjections(srv.deps.knex, allProjections(srv.config));
    await settle();
    expect(await count()).to.deep.equal({ hechos_citas: 0, hechos_sesiones: 0, hechos_diario: 0, semanal_paciente: 0 });
    expect((await rows('select count(*)::int as n from analitica.hechos_citas'))[0].n).to.equal(6);
  });
});

describe('analytics schema: the threshold comes from ANALYTICS_MIN_CELL', function () {
  this.timeout(60_000);
  it('writes it at start for the views to read', async () => {
    const srv = await startTestServer({ env: { ANALYTICS_MIN_CELL: '3' } });
    try {
      expect((await srv.deps.knex.raw('select min_celda from analitica.parametros')).rows).to.deep.equal([{ min_celda: 3 }]);
    } finally {
      await srv.stop();
    }
  });
});
