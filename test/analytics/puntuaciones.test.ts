import { expect } from 'chai';
import { ManualClock } from '../../src/platform/clock.ts';
import { pseudonymizer, type PseudonymKind } from '../../src/platform/analytics/pseudonyms.ts';
import { runRetentionJob } from '../../src/reactors/retention.ts';
import { allProjections } from '../../src/projections/index.ts';
import { resetProjections } from '../../src/projections/runner.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { asignar, newPaciente, newPsicologo, type Persona } from '../notifications/support.ts';
import { asignarInstrumento, responder, todas } from '../care/medidas-support.ts';

// The analysts' score facts (docs/read-models.md "Analytics"): one pseudonymous row per scored
// answer to an outcome instrument (never the item answers), and the monthly outcome views per
// psychologist and instrument that hide cells of fewer than ANALYTICS_MIN_CELL patients (2 here)
// and, per psychologist, the cells subtraction from the practice would give.

const MIN = 2;

describe('analytics schema: outcome score facts and their monthly views', function () {
  this.timeout(180_000);
  let srv: TestServer;
  let admin: string;
  const psi: Record<'A' | 'B' | 'C', Persona> = {} as never;
  const pac: Record<string, Persona> = {};
  const resp: Record<string, number> = {};
  const clock = new ManualClock(new Date('2026-03-10T10:00:00Z'));
  const seud = (kind: PseudonymKind, id: number) => pseudonymizer(srv.config.analyticsPepper)(kind, id);
  const rows = async (sql: string, bindings: (string | number)[] = []) => (await srv.deps.knex.raw(sql, bindings)).rows;
  const settle = async () => expect(await srv.deps.projections.waitFor(await srv.deps.store.head(), 20_000)).to.equal(true);
  const facts = async () => rows(`select to_jsonb(t)::text as r from analitica.hechos_puntuacion t order by respuesta`);
  const view = async (name: string, instrumento: string) => rows(`select * from analitica.${name} where mes = '2026-03-01' and instrumento = ? order by 1`, [instrumento]);

  async function answered(key: string, who: Persona, instrumento: string, respuestas: Record<string, number>): Promise<void> {
    await asignarInstrumento(srv, who, pac[key].idPaciente, instrumento);
    const r = await responder(srv, pac[key], instrumento, respuestas);
    expect(r.status, r.text).to.equal(201);
    resp[`${key}:${instrumento}`] = r.body.idRespuesta;
  }

  before(async () => {
    srv = await startTestServer({ clock, env: { ANALYTICS_MIN_CELL: String(MIN) } });
    admin = await srv.adminToken();
    psi.A = await newPsicologo(srv, admin, 'Laura');
    psi.B = await newPsicologo(srv, admin, 'Marta');
    psi.C = await newPsicologo(srv, admin, 'Nuria');
    // A: three patients, B: two, C: one.
    for (const key of ['A0', 'A1', 'A2', 'B0', 'B1', 'C0']) {
      pac[key] = await newPaciente(srv, `Paciente${key}`);
      await asignar(srv, admin, pac[key].idPaciente, psi[key[0] as 'A' | 'B' | 'C'].idPsicologo);
    }
    await answered('A0', psi.A, 'PHQ-9', todas(9, 1)); // 9 mild, alert (item 9 at 1)
    await answered('A1', psi.A, 'PHQ-9', todas(9, 2)); // 18 moderately severe, alert
    await answered('A2', psi.A, 'PHQ-9', todas(9, 0)); // 0 minimal
    await answered('B0', psi.B, 'PHQ-9', { ...todas(9, 3), 9: 0 }); // 24 severe
    await answered('B1', psi.B, 'PHQ-9', { ...todas(9, 0), 1: 3, 2: 3 }); // 6 mild
    await answered('C0', psi.C, 'PHQ-9', todas(9, 0)); // 0 minimal
    await answered('A0', psi.A, 'GAD-7', todas(7, 3)); // 21 severe
    await settle();
  });
  after(async () => srv?.stop());

  it('keeps one pseudonymous fact per scored answer: psychologist, patient, instrument, date, total, band and alert', async () => {
    const got = (await facts()).map((x: { r: string }) => JSON.parse(x.r));
    expect(got).to.have.length(7);
    const a0 = got.find((f: { respuesta: string }) => f.respuesta === seud('respuesta', resp['A0:PHQ-9']));
    expect(a0).to.deep.equal({
      respuesta: seud('respuesta', resp['A0:PHQ-9']), paciente: seud('paciente', pac.A0.idPaciente), psicologo: seud('psicologo', psi.A.idPsicologo),
      instrumento: 'PHQ-9', fecha: '2026-03-10', semana: '2026-03-09', mes: '2026-03-01', puntuacion: 9, banda: 'LEVE', alerta: true,
    });
    const gad = got.find((f: { respuesta: string }) => f.respuesta === seud('respuesta', resp['A0:GAD-7']));
    expect(gad).to.include({ instrumento: 'GAD-7', puntuacion: 21, banda: 'GRAVE', alerta: false });
    // No item answers, no ids, no names.
    const columns = (await rows(`select column_name as c from information_schema.columns where table_schema = 'analitica' and table_name = 'hechos_puntuacion' order by ordinal_position`)).map((r: { c: string }) => r.c);
    expect(columns).to.deep.equal(['respuesta', 'paciente', 'psicologo', 'instrumento', 'fecha', 'semana', 'mes', 'puntuacion', 'banda', 'alerta']);
    expect(JSON.stringify(got)).to.not.match(/Paciente[ABC]\d|Laura|Marta/);
  });

  it('shows the month per instrument: patients, answers, mean score, share in each band and alerts; small cells hidden', async () => {
    const [phq] = await view('resultados_consulta_mes', 'PHQ-9');
    expect(phq).to.deep.include({ suprimida: false, pacientes: 6, respuestas: 6, media_puntuacion: '9.50', alertas: 2 });
    expect(phq.proporcion_bandas).to.deep.equal({ MINIMA: 0.333, LEVE: 0.333, MODERADAMENTE_GRAVE: 0.167, GRAVE: 0.167 });
    // One patient answered GAD-7: hidden, the row kept.
    expect((await view('resultados_consulta_mes', 'GAD-7'))[0]).to.deep.include({ suprimida: true, pacientes: null, media_puntuacion: null, proporcion_bandas: null, alertas: null });
  });

  it('per psychologist: C\'s single patient is hidden, and B with it (the practice minus A would give C); A is shown', async () => {
    const cells = Object.fromEntries((await view('resultados_psicologo_mes', 'PHQ-9')).map((c: { psicologo: string }) => [c.psicologo, c]));
    expect(cells[seud('psicologo', psi.A.idPsicologo)]).to.deep.include({ suprimida: false, pacientes: 3, respuestas: 3, media_puntuacion: '9.00', alertas: 2 });
    expect(cells[seud('psicologo', psi.A.idPsicologo)].proporcion_bandas).to.deep.equal({ MINIMA: 0.333, LEVE: 0.333, MODERADAMENTE_GRAVE: 0.333 });
    for (const who of [psi.B, psi.C]) {
      expect(cells[seud('psicologo', who.idPsicologo)]).to.deep.include({ suprimida: true, pacientes: null, respuestas: null, media_puntuacion: null, alertas: null });
    }
    // The GAD-7 cell is its own: the PHQ-9 cells do not shelter it.
    expect((await view('resultados_psicologo_mes', 'GAD-7')).map((c: { suprimida: boolean }) => c.suprimida)).to.deep.equal([true]);
  });

  it('rebuilds the same facts, and drops a patient\'s facts once their clinical key is destroyed (also in a later rebuild)', async () => {
    const before = await facts();
    await resetProjections(srv.deps.knex, allProjections(srv.config));
    await settle();
    expect(await facts()).to.deep.equal(before);

    const gone = pac.B0;
    expect((await srv.request('DELETE', `/api/pacientes/${gone.idPaciente}`, { token: admin })).status).to.equal(204);
    await settle();
    const suyas = async () => (await rows('select count(*)::int as n from analitica.hechos_puntuacion where paciente = ?', [seud('paciente', gone.idPaciente)]))[0].n;
    // An erased patient's facts keep counting until the key is destroyed, as the other facts do.
    expect(await suyas()).to.equal(1);
    clock.advance(60_000);
    await runRetentionJob({ knex: srv.deps.knex, store: srv.deps.store, clock, retentionYears: 0 });
    await settle();
    expect([await suyas(), (await facts()).length]).to.deep.equal([0, 6]);
    await resetProjections(srv.deps.knex, allProjections(srv.config));
    await settle();
    expect([await suyas(), (await facts()).length]).to.deep.equal([0, 6]);
  });
});
