import { expect } from 'chai';
import { ManualClock } from '../../src/platform/clock.ts';
import { pseudonymizer, type PseudonymKind } from '../../src/platform/analytics/pseudonyms.ts';
import { runRetentionJob } from '../../src/reactors/retention.ts';
import { allProjections } from '../../src/projections/index.ts';
import { resetProjections } from '../../src/projections/runner.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { migrations } from '../../src/platform/migrations/index.ts';
import { asignar, newPaciente, newPsicologo, type Paciente, type Psicologo } from '../citas/support.ts';

// The analysts' revenue facts (docs/read-models.md "Analytics"): one pseudonymous row per invoice,
// with no name, NIF or description, and the monthly views that hide cells of fewer than
// ANALYTICS_MIN_CELL patients (2 here) and, per psychologist, the cells subtraction would give.

const MIN = 2;
const CONSULTA = { nombreRazon: 'Consulta Ejemplo S.L.', nif: 'B12345674', domicilio: ['Calle Mayor 1', '28013 Madrid'] };

describe('analytics schema: revenue facts and their monthly views', function () {
  this.timeout(180_000);
  let srv: TestServer;
  let admin: string;
  const psi: Record<'A' | 'B', Psicologo> = {} as never;
  const pac: Paciente[] = []; // 0-1: A's, 2-3: B's
  const ids: Record<string, number> = {};
  // Madrid's 31 January at 13:00; 13 hours later, 1 February.
  const clock = new ManualClock(new Date('2026-01-31T12:00:00Z'));
  const seud = (kind: PseudonymKind, id: number) => pseudonymizer(srv.config.analyticsPepper)(kind, id);
  const rows = async (sql: string, bindings: (string | number)[] = []) => (await srv.deps.knex.raw(sql, bindings)).rows;
  const settle = async () => expect(await srv.deps.projections.waitFor(await srv.deps.store.head(), 20_000)).to.equal(true);
  async function ok(method: string, path: string, body?: unknown) {
    const r = await srv.request(method, path, { token: admin, body });
    expect(r.status, `${method} ${path}: ${r.text}`).to.be.within(200, 299);
    return r.body;
  }
  const emitir = async (p: Paciente, lineas: unknown[]) => (await ok('POST', '/api/admin/facturas', { idPaciente: p.idPaciente, lineas })).idFactura as number;
  const facts = async () => rows(`select to_jsonb(t)::text as r from analitica.hechos_facturas t order by factura`);
  const view = async (name: string, mes: string) => rows(`select * from analitica.${name} where mes = ? order by 1`, [mes]);

  before(async () => {
    srv = await startTestServer({ clock, env: { ANALYTICS_MIN_CELL: String(MIN) } });
    admin = await srv.adminToken();
    psi.A = await newPsicologo(srv, admin, 'Laura', 'Gómez');
    psi.B = await newPsicologo(srv, admin, 'Marta', 'Ruiz');
    for (let i = 0; i < 4; i++) {
      const p = await newPaciente(srv, `Nombre${i}`, `Apellido${i}`);
      await asignar(srv, admin, p.idPaciente, (i < 2 ? psi.A : psi.B).idPsicologo);
      pac.push(p);
    }
    await ok('PUT', '/api/admin/facturacion/ajustes', { emisorEs: 'CONSULTA', consulta: CONSULTA });
    // January: A's two patients; one of B's, plus a cancelled invoice of theirs.
    ids.a0 = await emitir(pac[0], [{ descripcion: 'Informe pericial para el juzgado', precioCentimos: 6000 }]);
    ids.a1 = await emitir(pac[1], [{ precioCentimos: 4000, iva: 21 }]);
    ids.b2 = await emitir(pac[2], [{ precioCentimos: 3000 }]);
    ids.anulada = await emitir(pac[2], [{ precioCentimos: 2000 }]);
    await ok('POST', `/api/admin/facturas/${ids.anulada}/anulacion`, { motivo: 'Emitida por error' });
    // February: A's first patient's invoice lowered by 10.00 and a new one of A's second; B's two patients.
    clock.advance(13 * 3_600_000);
    ids.rect = (await ok('POST', `/api/admin/facturas/${ids.a0}/rectificativa`, { lineas: [{ precioCentimos: -1000 }], motivo: 'Descuento no aplicado' })).idFactura;
    ids.a1feb = await emitir(pac[1], [{ precioCentimos: 5000 }]);
    ids.b2feb = await emitir(pac[2], [{ precioCentimos: 1000 }]);
    ids.b3feb = await emitir(pac[3], [{ precioCentimos: 1500 }]);
    await settle();
  });
  after(async () => srv?.stop());

  it('keeps one pseudonymous fact per invoice: month, psychologist, patient, type, state and amounts in cents', async () => {
    const fact = (id: number, p: Paciente, who: Psicologo, mes: string, tipo: string, estado: string, base: number, cuota: number) => JSON.stringify({
      mes, tipo, estado, factura: seud('factura', id), paciente: seud('paciente', p.idPaciente), psicologo: seud('psicologo', who.idPsicologo),
      base_centimos: base, total_centimos: base + cuota, cuota_iva_centimos: cuota,
    });
    const expected = [
      fact(ids.a0, pac[0], psi.A, '2026-01-01', 'F1', 'EMITIDA', 6000, 0),
      fact(ids.a1, pac[1], psi.A, '2026-01-01', 'F1', 'EMITIDA', 4000, 840),
      fact(ids.b2, pac[2], psi.B, '2026-01-01', 'F1', 'EMITIDA', 3000, 0),
      fact(ids.anulada, pac[2], psi.B, '2026-01-01', 'F1', 'ANULADA', 2000, 0),
      fact(ids.rect, pac[0], psi.A, '2026-02-01', 'R1', 'EMITIDA', -1000, 0),
      fact(ids.a1feb, pac[1], psi.A, '2026-02-01', 'F1', 'EMITIDA', 5000, 0),
      fact(ids.b2feb, pac[2], psi.B, '2026-02-01', 'F1', 'EMITIDA', 1000, 0),
      fact(ids.b3feb, pac[3], psi.B, '2026-02-01', 'F1', 'EMITIDA', 1500, 0),
    ];
    const got = (await facts()).map((r: { r: string }) => JSON.stringify(sortKeys(JSON.parse(r.r))));
    expect(got.sort()).to.deep.equal(expected.map((e) => JSON.stringify(sortKeys(JSON.parse(e)))).sort());
  });

  it('holds no name, NIF, address or description of the invoices', async () => {
    const text = JSON.stringify(await facts());
    for (const secret of ['Nombre', 'Apellido', 'Laura', 'Gómez', CONSULTA.nif, '12345678Z', 'Consulta Ejemplo', 'Calle', 'Informe', 'Descuento', 'Emitida por error', '2026-A']) {
      expect(text, secret).to.not.include(secret);
    }
    const columns = (await rows(`select column_name as c from information_schema.columns where table_schema = 'analitica' and (table_name like '%factura%' or table_name like 'ingresos%')`)).map((r: { c: string }) => r.c);
    expect(columns).to.include.members(['factura', 'paciente', 'psicologo', 'mes', 'total_centimos', 'suprimida']);
    expect(columns.filter((c: string) => /^id_|nombre|nif|descripcion|motivo|serie|numero|domicilio/.test(c))).to.deep.equal([]);
  });

  it('hides a month\'s cells of fewer than ANALYTICS_MIN_CELL patients, and the psychologist cell subtraction would give', async () => {
    const [enero] = await view('ingresos_consulta_mes', '2026-01-01');
    // Cancelled invoices count as anuladas, never in the amounts; their patient counts for the cell.
    expect(enero).to.include({ suprimida: false, pacientes: 3, facturas: 3, rectificativas: 0, anuladas: 1, base_centimos: '13000', cuota_iva_centimos: '840', total_centimos: '13840' });
    // B has one patient in January: hidden, and A with it (the practice minus A would be B).
    const celdas = await view('ingresos_psicologo_mes', '2026-01-01');
    expect(celdas.map((c: { psicologo: string }) => c.psicologo).sort()).to.deep.equal([seud('psicologo', psi.A.idPsicologo), seud('psicologo', psi.B.idPsicologo)].sort());
    for (const c of celdas) {
      expect(c.suprimida).to.equal(true);
      for (const [k, v] of Object.entries(c)) if (!['psicologo', 'mes', 'suprimida'].includes(k)) expect(v, k).to.equal(null);
    }
    // February: two patients each; the rectifying invoice with its negative difference.
    const feb = Object.fromEntries((await view('ingresos_psicologo_mes', '2026-02-01')).map((c: { psicologo: string }) => [c.psicologo, c]));
    expect(feb[seud('psicologo', psi.A.idPsicologo)]).to.include({ suprimida: false, pacientes: 2, facturas: 2, rectificativas: 1, anuladas: 0, base_centimos: '4000', total_centimos: '4000' });
    expect(feb[seud('psicologo', psi.B.idPsicologo)]).to.include({ suprimida: false, pacientes: 2, facturas: 2, base_centimos: '2500', total_centimos: '2500' });
    const [practica] = await view('ingresos_consulta_mes', '2026-02-01');
    expect(practica).to.include({ suprimida: false, pacientes: 4, facturas: 4, rectificativas: 1, total_centimos: '6500' });
    // A higher threshold hides the whole practice's month too.
    await srv.deps.knex.raw('update analitica.parametros set min_celda = 5');
    try {
      expect((await view('ingresos_consulta_mes', '2026-02-01'))[0]).to.include({ suprimida: true, pacientes: null, total_centimos: null });
    } finally {
      await srv.deps.knex.raw('update analitica.parametros set min_celda = ?', [MIN]);
    }
  });

  it('rebuilds the same facts, and keeps an erased patient\'s invoices in the revenue without their pseudonym once their key is destroyed', async () => {
    const before = await facts();
    await resetProjections(srv.deps.knex, allProjections(srv.config));
    await settle();
    expect(await facts()).to.deep.equal(before);

    const gone = pac[3];
    expect((await srv.request('DELETE', `/api/pacientes/${gone.idPaciente}`, { token: admin })).status).to.equal(204);
    // The retention job reads the `retencion` read model, which follows the log behind the answer (no write waits for it).
    await settle();
    clock.advance(60_000);
    await runRetentionJob({ knex: srv.deps.knex, store: srv.deps.store, clock, retentionYears: 0 });
    await settle();
    const after = async () => ({
      suyas: (await rows('select count(*)::int as n from analitica.hechos_facturas where paciente = ?', [seud('paciente', gone.idPaciente)]))[0].n,
      total: (await view('ingresos_consulta_mes', '2026-02-01'))[0].total_centimos,
      sinPaciente: (await rows('select factura from analitica.hechos_facturas where paciente is null')).map((r: { factura: string }) => r.factura),
    });
    const expected = { suyas: 0, total: '6500', sinPaciente: [seud('factura', ids.b3feb)] };
    expect(await after()).to.deep.equal(expected);
    await resetProjections(srv.deps.knex, allProjections(srv.config));
    await settle();
    expect(await after()).to.deep.equal(expected);
  });
});

function sortKeys(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
}

describe('analytics schema: migration 061 and the analysts\' logins made before it', function () {
  this.timeout(60_000);
  let db: TestDatabase;
  const roles = { vistas: `vistas_061_${process.pid}`, todo: `todo_061_${process.pid}` };
  before(async () => { db = await createTestDatabase({ migrate: false }); });
  after(async () => {
    for (const r of Object.values(roles)) await db?.knex.raw(`drop owned by ${r}; drop role if exists ${r}`).catch(() => {});
    await db?.drop();
  });

  it('lets a views-only login read the revenue views, and a full login the revenue facts too', async () => {
    const source = (upTo: string) => ({
      getMigrations: async () => Object.keys(migrations).filter((m) => m < upTo).sort(),
      getMigrationName: (name: string) => name,
      getMigration: async (name: string) => migrations[name],
    });
    await db.knex.migrate.latest({ migrationSource: source('061') });
    // As analytics:grant left them before 061: the suppressed views of then, or every table and view.
    for (const r of Object.values(roles)) await db.knex.raw(`create role ${r} nologin`);
    await db.knex.raw(`grant select on analitica.actividad_psicologo_semana, analitica.actividad_consulta_semana, analitica.bienestar_psicologo_semana, analitica.bienestar_consulta_semana to ${roles.vistas}`);
    await db.knex.raw(`grant select on all tables in schema analitica to ${roles.todo}`);
    await db.knex.migrate.latest({ migrationSource: source('999') });
    const can = async (role: string, rel: string) => (await db.knex.raw(`select has_table_privilege(?, ?, 'SELECT') as ok`, [role, rel])).rows[0].ok;
    for (const v of ['analitica.ingresos_psicologo_mes', 'analitica.ingresos_consulta_mes']) {
      expect(await can(roles.vistas, v), v).to.equal(true);
      expect(await can(roles.todo, v), v).to.equal(true);
    }
    expect(await can(roles.vistas, 'analitica.hechos_facturas')).to.equal(false);
    expect(await can(roles.todo, 'analitica.hechos_facturas')).to.equal(true);
  });
});
