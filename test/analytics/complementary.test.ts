import { expect } from 'chai';
import pg from 'pg';
import { ManualClock } from '../../src/platform/clock.ts';
import { pseudonymizer } from '../../src/platform/analytics/pseudonyms.ts';
import { allProjections } from '../../src/projections/index.ts';
import { shadowRebuild } from '../../src/projections/shadow-rebuild.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { runCli, serverEnv } from '../cli/support.ts';
import { asignar, newPaciente, newPsicologo, type Paciente, type Psicologo } from '../citas/support.ts';

// The subtraction attack of a views-only analyst: a week's practice figure minus the psychologists'
// figures that are shown gives the one hidden cell exactly. With complementary suppression what
// subtraction gives is the aggregate of at least ANALYTICS_MIN_CELL (3 here) patients' figures.

type Row = Record<string, unknown> & { psicologo?: string; suprimida: boolean };

const MIN = 3;
const local = (date: string, hour: number) => `${date}T${String(hour).padStart(2, '0')}:00:00`;

describe('analytics views: complementary suppression against subtraction', function () {
  this.timeout(180_000);
  let srv: TestServer;
  let admin: string;
  let analyst: pg.Client;
  const role = `complementaria_${process.pid}`;
  const psi: Record<'A' | 'B' | 'C' | 'D', Psicologo> = {} as never;
  const pac: Paciente[] = []; // 0-2: A's, 3-6: B's, 7: C's
  let sinPsicologo: Paciente;
  const seud = (id: number) => pseudonymizer(srv.config.analyticsPepper)('psicologo', id);
  const name = (p: string) => Object.entries(psi).find(([, v]) => seud(v.idPsicologo) === p)![0];

  const ok = async (method: string, path: string, token: string, body?: unknown) => {
    const r = await srv.request(method, path, { token, body });
    expect(r.status, `${method} ${path}: ${r.text}`).to.be.within(200, 299);
    return r.body;
  };
  const book = (p: Paciente, who: Psicologo, date: string, hour: number) =>
    ok('POST', '/api/citas', p.token, { idPsicologo: who.idPsicologo, startDatetime: local(date, hour), durationMinutes: 50, motivo: null });
  const progreso = (p: Paciente, fecha: string, nivelEstres: number) =>
    ok('POST', '/api/progreso-emocional', p.token, { fecha, nivelEstres, nivelAnsiedad: 5, nivelAnimo: 5 });
  /** What the views-only login reads: the practice row and the psychologists' rows (by letter) of a week. */
  async function week(kind: 'actividad' | 'bienestar', semana: string) {
    const [practica] = (await analyst.query(`select * from ${kind}_consulta_semana where semana = $1`, [semana])).rows;
    const cells = (await analyst.query(`select * from ${kind}_psicologo_semana where semana = $1 order by psicologo`, [semana])).rows as Row[];
    return { practica: practica as Row, cells: Object.fromEntries(cells.map((c) => [name(c.psicologo!), c])) as Record<string, Row> };
  }
  /** The practice's figure minus every shown psychologist's: what subtraction gives of the hidden ones. */
  const subtract = (w: Awaited<ReturnType<typeof week>>, column: string) =>
    (w.practica[column] as number) - Object.values(w.cells).filter((c) => !c.suprimida).reduce((sum, c) => sum + (c[column] as number), 0);
  const hidden = (w: Awaited<ReturnType<typeof week>>) => Object.keys(w.cells).filter((k) => w.cells[k].suprimida).sort();
  /** The sum of stress levels a row's average and count give back. */
  const stress = (r: Row) => Number(r.media_estres) * (r.registros_progreso as number);
  const expectNullFigures = (row: Row) => {
    for (const [k, v] of Object.entries(row)) if (!['psicologo', 'semana', 'suprimida'].includes(k)) expect(v, k).to.equal(null);
  };

  before(async () => {
    srv = await startTestServer({ clock: new ManualClock(new Date('2026-01-05T08:00:00Z')), env: { ANALYTICS_MIN_CELL: String(MIN) } });
    admin = await srv.adminToken();
    for (const k of ['A', 'B', 'C', 'D'] as const) psi[k] = await newPsicologo(srv, admin, `Psi${k}`, 'Prueba');
    for (let i = 0; i < 8; i++) {
      const p = await newPaciente(srv, `Nombre${i}`, `Apellido${i}`);
      await asignar(srv, admin, p.idPaciente, (i < 3 ? psi.A : i < 7 ? psi.B : psi.C).idPsicologo);
      pac.push(p);
    }
    sinPsicologo = await newPaciente(srv, 'Suelto', 'Prueba'); // self-registered: no psychologist

    // Week of 12 January: A 3 patients, B 4, C 1 (two appointments, one cancelled).
    for (let i = 0; i < 7; i++) await book(pac[i], i < 3 ? psi.A : psi.B, '2026-01-13', 9 + i);
    await book(pac[7], psi.C, '2026-01-13', 16);
    const cancelled = await book(pac[7], psi.C, '2026-01-14', 9);
    await ok('DELETE', `/api/citas/${cancelled.idCita}`, pac[7].token);
    // Week of 19 January: A 3, B 4; no small cell.
    for (let i = 0; i < 7; i++) await book(pac[i], i < 3 ? psi.A : psi.B, '2026-01-20', 9 + i);
    // Week of 26 January: C 1, A 3 and D 3 (a tie).
    for (let i = 0; i < 6; i++) await book(pac[i], i < 3 ? psi.A : psi.D, '2026-01-27', 9 + i);
    await book(pac[7], psi.C, '2026-01-27', 16);

    // Progress: week of 29 December, all eight (A 3, B 4, C 1); week of 22 December, B's four and the
    // patient without a psychologist; week of 15 December, A's and B's.
    for (let i = 0; i < 8; i++) await progreso(pac[i], '2025-12-30', i === 7 ? 10 : 2);
    for (let i = 3; i < 7; i++) await progreso(pac[i], '2025-12-23', 2);
    await progreso(sinPsicologo, '2025-12-23', 10);
    for (let i = 0; i < 7; i++) await progreso(pac[i], '2025-12-16', 4);
    expect(await srv.deps.projections.waitFor(await srv.deps.store.head(), 20_000)).to.equal(true);

    const r = await runCli('analytics-grant', ['--role', role, '--views-only'], serverEnv(srv));
    expect(r.code, r.stderr).to.equal(0);
    const l = JSON.parse(r.stdout);
    analyst = new pg.Client({ host: l.host, port: l.port, database: l.database, user: l.role, password: l.password });
    await analyst.connect();
  });
  after(async () => {
    await analyst?.end().catch(() => {});
    if (srv) await runCli('analytics-grant', ['--role', role, '--revoke'], serverEnv(srv));
    await srv?.stop();
  });

  it('suppresses the small cell and the next-smallest: the practice minus the rest no longer gives the small one', async () => {
    const w = await week('actividad', '2026-01-12');
    // C held 2 appointments, 1 cancelled: subtraction gives A and C together (3 + 1 patients).
    expect(subtract(w, 'citas')).to.equal(5).and.not.equal(2);
    expect(subtract(w, 'pacientes')).to.equal(4);
    expect(subtract(w, 'canceladas')).to.equal(1); // A's and C's together: which of them is not told
    expect(hidden(w)).to.deep.equal(['A', 'C']);
    expectNullFigures(w.cells.C);
    expectNullFigures(w.cells.A);
    expect(w.cells.B).to.include({ suprimida: false, pacientes: 4, citas: 4 });
    expect(w.practica).to.include({ suprimida: false, pacientes: 8, citas: 9, canceladas: 1 });
    // Asked for alone, a cell is hidden all the same (the rule looks at the whole week).
    const alone = await analyst.query('select * from actividad_psicologo_semana where semana = $1 and psicologo = $2', ['2026-01-12', seud(psi.A.idPsicologo)]);
    expect(alone.rows).to.deep.equal([w.cells.A]);
  });

  it('suppresses nothing in a week without a small cell', async () => {
    const w = await week('actividad', '2026-01-19');
    expect(hidden(w)).to.deep.equal([]);
    expect(w.cells.A).to.include({ pacientes: 3, citas: 3 });
    expect(w.cells.B).to.include({ pacientes: 4, citas: 4 });
    expect(w.practica).to.include({ suprimida: false, pacientes: 7 });
    const b = await week('bienestar', '2025-12-15');
    expect(hidden(b)).to.deep.equal([]);
    expect(b.practica).to.include({ suprimida: false, pacientes: 7, registros_progreso: 7 });
  });

  it('breaks a tie between equal cells by pseudonym, the same way every time', async () => {
    const w = await week('actividad', '2026-01-26');
    const [first, second] = ['A', 'D'].sort((x, y) => (seud(psi[x as 'A'].idPsicologo) < seud(psi[y as 'A'].idPsicologo) ? -1 : 1));
    expect(hidden(w)).to.deep.equal([first, 'C'].sort());
    expect(w.cells[second]).to.include({ suprimida: false, pacientes: 3, citas: 3 });
    expect(subtract(w, 'citas')).to.equal(4);
    for (let i = 0; i < 3; i++) expect(await week('actividad', '2026-01-26')).to.deep.equal(w);
  });

  it('does the same for diary and progress: a single small cell is not the practice minus the others', async () => {
    const w = await week('bienestar', '2025-12-29');
    // C's one patient noted stress 10: the sums the averages give back are A's and C's together.
    const shown = Object.values(w.cells).filter((c) => !c.suprimida);
    const rest = stress(w.practica) - shown.reduce((sum, c) => sum + stress(c), 0);
    expect(rest).to.equal(2 * 3 + 10).and.not.equal(10);
    expect(subtract(w, 'registros_progreso')).to.equal(4);
    expect(hidden(w)).to.deep.equal(['A', 'C']);
    expectNullFigures(w.cells.C);
    expectNullFigures(w.cells.A);
    expect(w.cells.B).to.include({ suprimida: false, pacientes: 4, registros_progreso: 4, media_estres: '2.00' });
    expect(w.practica).to.include({ suprimida: false, pacientes: 8, registros_progreso: 8 });
  });

  it('counts the entries of patients without a psychologist as hidden: the one cell beside them is suppressed too', async () => {
    // Practice 5 patients, B 4: shown, B would give the unassigned patient's stress (10) by subtraction.
    const w = await week('bienestar', '2025-12-22');
    expect(Object.keys(w.cells)).to.deep.equal(['B']);
    expect(stress(w.practica) - (w.cells.B.suprimida ? 0 : stress(w.cells.B))).to.equal(4 * 2 + 10);
    expect(hidden(w)).to.deep.equal(['B']);
    expect(w.practica).to.include({ suprimida: false, pacientes: 5, registros_progreso: 5 });
  });

  it('keeps the rule and the login after a shadow rebuild recreates the views', async () => {
    const before = { a: await week('actividad', '2026-01-12'), b: await week('bienestar', '2025-12-29'), t: await week('actividad', '2026-01-26') };
    await shadowRebuild({ knex: srv.deps.knex, url: srv.db.url, store: srv.deps.store, projections: allProjections(srv.config) });
    expect({ a: await week('actividad', '2026-01-12'), b: await week('bienestar', '2025-12-29'), t: await week('actividad', '2026-01-26') }).to.deep.equal(before);
  });
});
