import { expect } from 'chai';
import { ManualClock } from '../../src/platform/clock.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { pseudonymizer } from '../../src/platform/analytics/pseudonyms.ts';
import { expectError } from '../http/helpers.ts';
import { asignar, newPaciente, newPsicologo, practice, type Paciente, type Psicologo } from './support.ts';

// Tuesday 2025-03-11 00:30 in Madrid, still Monday 2025-03-10 in UTC.
const NOW = new Date('2025-03-10T23:30:00Z');

describe('emotional diary, emotional progress and their analytics', function () {
  this.timeout(120_000);
  let srv: TestServer;
  let admin: string;
  let psi: Psicologo;
  let otroPsi: Psicologo;
  let a: Paciente;
  let b: Paciente;
  let c: Paciente;
  const req = (method: string, path: string, token?: string, body?: unknown) => srv.request(method, path, { token, body });
  const progreso = (p: Paciente, fecha: string, [nivelEstres, nivelAnsiedad, nivelAnimo]: number[]) =>
    req('POST', '/api/progreso-emocional', p.token, { fecha, nivelEstres, nivelAnsiedad, nivelAnimo });
  const diario = (p: Paciente, emocion: string, intensidad: number, nota?: string) =>
    req('POST', '/api/diario-emocional', p.token, nota === undefined ? { emocion, intensidad } : { emocion, intensidad, nota });
  const rows = async (table: string, where: Record<string, string>) => {
    // The analysts' tables catch up behind the writes (no write waits for them).
    expect(await srv.deps.projections.waitFor(await srv.deps.store.head(), 10_000)).to.equal(true);
    const { rows: found } = await srv.deps.knex.raw(
      `select to_jsonb(t) - 'semana' || jsonb_build_object('semana', to_char(semana, 'YYYY-MM-DD')) as row from ${table} t where ${Object.keys(where).map((k) => `${k} = ?`).join(' and ')} order by semana`,
      Object.values(where),
    );
    return found.map((r: { row: unknown }) => r.row);
  };
  const seud = (kind: 'paciente' | 'psicologo', id: number) => pseudonymizer(srv.config.analyticsPepper)(kind, id);

  before(async () => {
    // Small cells shown: these practices have two patients (suppression: test/analytics/).
    srv = await startTestServer({ clock: new ManualClock(NOW), env: { ANALYTICS_MIN_CELL: '1' } });
    admin = await srv.adminToken();
    ({ psicologo: psi, paciente: a } = await practice(srv, admin));
    b = await newPaciente(srv);
    await asignar(srv, admin, b.idPaciente, psi.idPsicologo);
    otroPsi = await newPsicologo(srv, admin);
    c = await newPaciente(srv);
  });
  after(async () => {
    await srv?.stop();
  });

  describe('diary', () => {
    it('creates an entry (201): fecha is now on the practice clock, nota optional', async () => {
      const r = await diario(a, 'Alegría', 8, 'Buen día con mi hermana');
      expect(r.status, r.text).to.equal(201);
      expect(r.body).to.deep.equal({ idDiario: r.body.idDiario, idPaciente: a.idPaciente, fecha: '2025-03-11T00:30:00', emocion: 'Alegría', intensidad: 8, nota: 'Buen día con mi hermana' });
      const sinNota = await diario(a, 'Emoción sin catálogo', 5);
      expect(sinNota.status).to.equal(201);
      expect(sinNota.body.nota).to.equal(null);
      expect((await diario(b, 'Tristeza', 3)).status).to.equal(201);
    });

    it('refuses intensidad outside 1-10, an empty emocion, unknown fields and idPaciente (400)', async () => {
      for (const intensidad of [0, 11, 5.5]) expectError(await diario(a, 'Calma', intensidad), 400);
      expectError(await diario(a, ' ', 5), 400);
      expectError(await req('POST', '/api/diario-emocional', a.token, { emocion: 'Calma' }), 400);
      expectError(await req('POST', '/api/diario-emocional', a.token, { emocion: 'Calma', intensidad: 4, idPaciente: b.idPaciente }), 400);
      expectError(await req('POST', '/api/diario-emocional', a.token, { emocion: 'Calma', intensidad: 4, fecha: '2020-01-01T00:00:00' }), 400);
    });

    it("lists the patient's own entries by id; another's entry is 404", async () => {
      const mine = await req('GET', '/api/diario-emocional', a.token);
      expect(mine.body.map((e: { emocion: string }) => e.emocion)).to.deep.equal(['Alegría', 'Emoción sin catálogo']);
      const ajeno = (await req('GET', '/api/diario-emocional', b.token)).body[0];
      expectError(await req('GET', `/api/diario-emocional/${ajeno.idDiario}`, a.token), 404);
      expectError(await req('DELETE', `/api/diario-emocional/${ajeno.idDiario}`, a.token), 404);
      expect((await req('GET', `/api/diario-emocional/${mine.body[0].idDiario}`, a.token)).body).to.deep.equal(mine.body[0]);
    });

    it('deletes an entry (204); then it is 404', async () => {
      const second = (await req('GET', '/api/diario-emocional', a.token)).body[1];
      expect((await req('DELETE', `/api/diario-emocional/${second.idDiario}`, a.token)).status).to.equal(204);
      expectError(await req('GET', `/api/diario-emocional/${second.idDiario}`, a.token), 404);
      expectError(await req('DELETE', `/api/diario-emocional/${second.idDiario}`, a.token), 404);
      expect((await req('GET', '/api/diario-emocional', a.token)).body).to.have.length(1);
    });

    it("shows a psychologist their patient's diary only (404 otherwise), and the admin everything", async () => {
      const r = await req('GET', `/api/psicologo/diario-emocional?idPaciente=${a.idPaciente}`, psi.token);
      expect(r.status).to.equal(200);
      expect(r.body).to.deep.equal((await req('GET', '/api/diario-emocional', a.token)).body);
      expectError(await req('GET', `/api/psicologo/diario-emocional?idPaciente=${a.idPaciente}`, otroPsi.token), 404);
      expectError(await req('GET', `/api/psicologo/diario-emocional?idPaciente=${c.idPaciente}`, psi.token), 404);
      expectError(await req('GET', '/api/psicologo/diario-emocional', psi.token), 400);
      const all = await req('GET', '/api/admin/diario-emocional', admin);
      expect(all.body.map((e: { idPaciente: number }) => e.idPaciente)).to.deep.equal([a.idPaciente, b.idPaciente]);
    });

    it('answers 401 and 403 by role', async () => {
      expectError(await req('GET', '/api/diario-emocional'), 401);
      expectError(await req('POST', '/api/diario-emocional', psi.token, { emocion: 'Calma', intensidad: 3 }), 403);
      expectError(await req('GET', `/api/psicologo/diario-emocional?idPaciente=${a.idPaciente}`, a.token), 403);
      expectError(await req('GET', '/api/admin/diario-emocional', psi.token), 403);
    });
  });

  describe('progress', () => {
    it('creates a record (201) for a date up to today in the practice zone', async () => {
      const r = await progreso(a, '2025-03-03', [2, 4, 6]);
      expect(r.status, r.text).to.equal(201);
      expect(r.body).to.deep.equal({ idProgress: r.body.idProgress, idPaciente: a.idPaciente, fecha: '2025-03-03', nivelEstres: 2, nivelAnsiedad: 4, nivelAnimo: 6 });
      // 2025-03-11 is today in Madrid although UTC is still on the 10th.
      for (const [p, fecha, levels] of [[a, '2025-03-05', [4, 6, 8]], [a, '2025-03-11', [1, 1, 1]], [b, '2025-03-04', [6, 6, 6]], [c, '2025-03-04', [10, 0, 5]]] as const) {
        expect((await progreso(p, fecha, [...levels])).status).to.equal(201);
      }
    });

    it('refuses a future date, an invalid date, levels outside 0-10 and unknown fields (400)', async () => {
      expectError(await progreso(a, '2025-03-12', [1, 1, 1]), 400, 'La fecha no puede ser futura');
      expectError(await progreso(a, '2025-02-30', [1, 1, 1]), 400);
      expectError(await progreso(a, '11/03/2025', [1, 1, 1]), 400);
      for (const levels of [[-1, 0, 0], [0, 11, 0], [0, 0, 2.5]]) expectError(await progreso(a, '2025-03-01', levels), 400);
      expectError(await req('POST', '/api/progreso-emocional', a.token, { fecha: '2025-03-01', nivelEstres: 1, nivelAnsiedad: 1 }), 400);
      expectError(await req('POST', '/api/progreso-emocional', a.token, { fecha: '2025-03-01', nivelEstres: 1, nivelAnsiedad: 1, nivelAnimo: 1, idPaciente: 9 }), 400);
    });

    it('lists by id for the patient, their psychologist (404 for others) and the admin', async () => {
      const mine = await req('GET', '/api/progreso-emocional', a.token);
      expect(mine.body.map((p: { fecha: string }) => p.fecha)).to.deep.equal(['2025-03-03', '2025-03-05', '2025-03-11']);
      expect((await req('GET', `/api/psicologo/progreso-emocional?idPaciente=${a.idPaciente}`, psi.token)).body).to.deep.equal(mine.body);
      expectError(await req('GET', `/api/psicologo/progreso-emocional?idPaciente=${a.idPaciente}`, otroPsi.token), 404);
      expectError(await req('GET', `/api/psicologo/progreso-emocional?idPaciente=${c.idPaciente}`, psi.token), 404);
      const all = (await req('GET', '/api/admin/progreso-emocional', admin)).body;
      expect(all).to.have.length(5);
      expectError(await req('GET', '/api/admin/progreso-emocional', a.token), 403);
      expectError(await req('GET', '/api/progreso-emocional', admin), 403);
      expectError(await req('POST', '/api/progreso-emocional'), 401);
    });

    it('summarises weekly averages (ISO weeks) within desde..hasta for charts', async () => {
      const url = `/api/psicologo/progreso-emocional/resumen?idPaciente=${a.idPaciente}`;
      const all = await req('GET', url, psi.token);
      expect(all.status, all.text).to.equal(200);
      expect(all.body).to.deep.equal([
        { semana: '2025-03-03', registros: 2, mediaEstres: 3, mediaAnsiedad: 5, mediaAnimo: 7 },
        { semana: '2025-03-10', registros: 1, mediaEstres: 1, mediaAnsiedad: 1, mediaAnimo: 1 },
      ]);
      const cut = await req('GET', `${url}&desde=2025-03-04&hasta=2025-03-10`, psi.token);
      expect(cut.body).to.deep.equal([{ semana: '2025-03-03', registros: 1, mediaEstres: 4, mediaAnsiedad: 6, mediaAnimo: 8 }]);
      expect((await req('GET', '/api/progreso-emocional/resumen?desde=2025-03-04', a.token)).body).to.deep.equal([
        { semana: '2025-03-03', registros: 1, mediaEstres: 4, mediaAnsiedad: 6, mediaAnimo: 8 },
        { semana: '2025-03-10', registros: 1, mediaEstres: 1, mediaAnsiedad: 1, mediaAnimo: 1 },
      ]);
      expectError(await req('GET', `${url}&desde=2025-03-10&hasta=2025-03-01`, psi.token), 400);
      expectError(await req('GET', `${url}&desde=2025-13-01`, psi.token), 400);
      expectError(await req('GET', `/api/psicologo/progreso-emocional/resumen?idPaciente=${a.idPaciente}`, otroPsi.token), 404);
      expectError(await req('GET', `/api/psicologo/progreso-emocional/resumen?idPaciente=${a.idPaciente}`, a.token), 403);
    });

    it('logs the reads of psychologists and administrators', async () => {
      const r = await req('GET', `/api/admin/auditoria/accesos?idPaciente=${a.idPaciente}`, admin);
      const recursos = r.body.map((x: { rol: string; recurso: string; ruta: string }) => `${x.rol} ${x.recurso} ${x.ruta}`);
      expect(recursos).to.include.members([
        'PSICOLOGO DIARIO /api/psicologo/diario-emocional', 'ADMIN DIARIO /api/admin/diario-emocional',
        'PSICOLOGO PROGRESO /api/psicologo/progreso-emocional', 'ADMIN PROGRESO /api/admin/progreso-emocional',
        'PSICOLOGO PROGRESO /api/psicologo/progreso-emocional/resumen',
      ]);
      expect(r.body.every((x: { rol: string }) => x.rol !== 'PACIENTE')).to.equal(true);
    });
  });

  describe('analytics read models', () => {
    it('keeps weekly averages per patient', async () => {
      const pa = seud('paciente', a.idPaciente);
      expect(await rows('analitica.semanal_paciente', { paciente: pa })).to.deep.equal([
        { paciente: pa, semana: '2025-03-03', registros_progreso: 2, media_estres: 3, media_ansiedad: 5, media_animo: 7, registros_diario: 0, media_intensidad: null },
        // The deleted diary entry (5) no longer counts.
        { paciente: pa, semana: '2025-03-10', registros_progreso: 1, media_estres: 1, media_ansiedad: 1, media_animo: 1, registros_diario: 1, media_intensidad: 8 },
      ]);
      expect(await rows('analitica.semanal_paciente', { paciente: seud('paciente', c.idPaciente) })).to.have.length(1);
    });

    it("keeps weekly averages per psychologist's practice, by the psychologist assigned when recorded", async () => {
      const figures = { suprimida: false, registros_diario: 0, media_intensidad: null };
      const ps = seud('psicologo', psi.idPsicologo);
      expect(await rows('analitica.bienestar_psicologo_semana', { psicologo: ps })).to.deep.equal([
        { psicologo: ps, semana: '2025-03-03', pacientes: 2, registros_progreso: 3, media_estres: 4, media_ansiedad: 5.33, media_animo: 6.67, ...figures },
        { psicologo: ps, semana: '2025-03-10', pacientes: 2, registros_progreso: 1, media_estres: 1, media_ansiedad: 1, media_animo: 1, ...figures, registros_diario: 2, media_intensidad: 5.5 },
      ]);
      await asignar(srv, admin, b.idPaciente, otroPsi.idPsicologo);
      expect((await progreso(b, '2025-03-10', [9, 9, 9])).status).to.equal(201);
      const otro = seud('psicologo', otroPsi.idPsicologo);
      expect(await rows('analitica.bienestar_psicologo_semana', { psicologo: otro })).to.deep.equal([
        { psicologo: otro, semana: '2025-03-10', pacientes: 1, registros_progreso: 1, media_estres: 9, media_ansiedad: 9, media_animo: 9, ...figures },
      ]);
      expect((await rows('analitica.bienestar_psicologo_semana', { psicologo: ps }))[1].registros_progreso).to.equal(1);
      // A patient of nobody counts for the patient only.
      const { n } = await srv.deps.knex('analitica.hechos_progreso').where({ paciente: seud('paciente', c.idPaciente) }).whereNull('psicologo').count('* as n').first() as { n: string };
      expect(Number(n)).to.equal(1);
    });
  });
});
