import { expect } from 'chai';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { asyncBufferFromFile, parquetMetadataAsync, parquetReadObjects } from 'hyparquet';
import { startTestServer, type TestServer } from '../support/server.ts';
import { runCli, serverEnv } from '../cli/support.ts';
import { book, newPaciente, newPsicologo, asignar, at } from '../citas/support.ts';

// analytics:export as a tool without PostgreSQL reads it: every table and view of analitica, read back
// with a standard CSV parser (and a Parquet reader), equal to what the database holds.

describe('analytics:export: the analitica schema as CSV or Parquet files', function () {
  this.timeout(180_000);
  let srv: TestServer;
  const dirs: string[] = [];
  const dir = () => {
    const d = mkdtempSync(join(tmpdir(), 'practice-analytics-export-'));
    dirs.push(d);
    return d;
  };
  const run = (...args: string[]) => runCli('analytics-export', args, serverEnv(srv));
  const relations = async (): Promise<string[]> =>
    (await srv.deps.knex.raw(`select relname from pg_class where relnamespace = 'analitica'::regnamespace and relkind in ('r', 'v') order by 1`)).rows.map((r: { relname: string }) => r.relname);
  before(async () => {
    srv = await startTestServer();
    const admin = await srv.adminToken();
    const psi = await newPsicologo(srv, admin);
    for (let i = 0; i < 3; i++) {
      const p = await newPaciente(srv);
      await asignar(srv, admin, p.idPaciente, psi.idPsicologo);
      const cita = await book(srv, p, psi.idPsicologo, at('03-02', `1${i}:00`));
      if (i === 1) await srv.request('DELETE', `/api/citas/${cita.idCita}`, { token: p.token });
      await srv.request('POST', '/api/diario-emocional', { token: p.token, body: { emocion: i ? 'Calma' : 'un "día", raro\nmuy raro', intensidad: 2 + i } });
      await srv.request('POST', '/api/progreso-emocional', { token: p.token, body: { fecha: '2025-03-03', nivelEstres: i, nivelAnsiedad: 5, nivelAnimo: 7 } });
    }
    expect(await srv.deps.projections.waitFor(await srv.deps.store.head(), 20_000)).to.equal(true);
  });
  after(async () => {
    await srv?.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('writes one CSV per table and view, with a header, equal to the database when parsed back', async () => {
    const out = dir();
    const r = await run('--out', out);
    expect(r.code, r.stderr).to.equal(0);
    const summary = JSON.parse(r.stdout);
    const names = await relations();
    expect(readdirSync(out).sort()).to.deep.equal(names.map((n) => `${n}.csv`));
    expect(summary.files.map((f: { relation: string }) => f.relation)).to.deep.equal(names.map((n) => `analitica.${n}`));
    for (const name of names) {
      const [header, ...rows] = parse(readFileSync(join(out, `${name}.csv`)), { relax_column_count: false }) as string[][];
      const db = await srv.deps.knex.raw(`select * from analitica.${name}`);
      expect(header, name).to.deep.equal(db.fields.map((f: { name: string }) => f.name));
      expect(rows.length, name).to.equal(db.rows.length);
      expect(summary.files.find((f: { relation: string }) => f.relation === `analitica.${name}`).rows).to.equal(db.rows.length);
      const asCsv = (v: unknown) => (v === null ? '' : v instanceof Date ? v.toISOString() : String(v));
      const expected = db.rows.map((row: Record<string, unknown>) => header.map((c) => asCsv(row[c]))).map((x: string[]) => JSON.stringify(x)).sort();
      // Dates come back as YYYY-MM-DD text in the file; node-postgres reads them as local midnights.
      const dates = new Set(db.fields.filter((f: { dataTypeID: number }) => f.dataTypeID === 1082).map((f: { name: string }) => header.indexOf(f.name)));
      const fromFile = rows.map((row) => row.map((v, i) => (dates.has(i) && v ? new Date(`${v}T00:00:00`).toISOString() : v))).map((x) => JSON.stringify(x)).sort();
      expect(fromFile, name).to.deep.equal(expected);
    }
    const hechos = parse(readFileSync(join(out, 'hechos_citas.csv')), { columns: true }) as Record<string, string>[];
    expect(hechos).to.have.length(3);
    expect(hechos.map((h) => h.serie)).to.deep.equal(['false', 'false', 'false']);
    expect(hechos.filter((h) => h.estado === 'CANCELADA').map((h) => h.cancelada_por)).to.deep.equal(['PACIENTE']);
    expect(hechos.every((h) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(h.fin))).to.equal(true);
  });

  it('round-trips commas, quotes and newlines in a text cell', async () => {
    await srv.deps.knex.raw(`insert into analitica.hechos_diario (registro, paciente, psicologo, fecha, semana, dia_semana, emocion, intensidad)
      values ('prueba', 'p', null, '2025-03-03', '2025-03-03', 1, 'a, "b"' || chr(10) || 'c', 5)`);
    try {
      const out = dir();
      expect((await run('--out', out)).code).to.equal(0);
      const rows = parse(readFileSync(join(out, 'hechos_diario.csv')), { columns: true }) as Record<string, string>[];
      expect(rows.find((r) => r.registro === 'prueba')).to.include({ emocion: 'a, "b"\nc', psicologo: '', fecha: '2025-03-03' });
    } finally {
      await srv.deps.knex.raw(`delete from analitica.hechos_diario where registro = 'prueba'`);
    }
  });

  it('writes Parquet files a Parquet reader reads back with the same rows and types', async () => {
    const out = dir();
    const r = await run('--out', out, '--format', 'parquet');
    expect(r.code, r.stderr).to.equal(0);
    expect(readdirSync(out).sort()).to.deep.equal((await relations()).map((n) => `${n}.parquet`));
    const file = await asyncBufferFromFile(join(out, 'hechos_citas.parquet'));
    const meta = await parquetMetadataAsync(file);
    const types = Object.fromEntries(meta.schema.slice(1).map((s) => [s.name, s.converted_type ?? s.type]));
    expect(types).to.include({ cita: 'UTF8', semana: 'DATE', dia_semana: 'INT32', antelacion_horas: 'DOUBLE', serie: 'BOOLEAN', fin: 'TIMESTAMP_MILLIS' });
    const rows = await parquetReadObjects({ file });
    const db = (await srv.deps.knex.raw(`select cita, estado, duracion_min, antelacion_horas::float8 as a, semana::text as semana, fin from analitica.hechos_citas order by cita`)).rows;
    expect(rows.map((x) => [x.cita, x.estado, x.duracion_min, x.antelacion_horas, (x.semana as Date).toISOString().slice(0, 10), (x.fin as Date).getTime()]).sort())
      .to.deep.equal(db.map((x: { cita: string; estado: string; duracion_min: number; a: number; semana: string; fin: Date }) => [x.cita, x.estado, x.duracion_min, x.a, x.semana, x.fin.getTime()]).sort());
    const vista = await parquetReadObjects({ file: await asyncBufferFromFile(join(out, 'bienestar_consulta_semana.parquet')) });
    expect(vista).to.have.length.greaterThan(0);
    expect(vista[0]).to.include({ suprimida: true, media_estres: null });
  });

  // Parquet files used to be 0644 (CSV 0600), and the progress said "44/45 rows" at 70, 80 and 90 %.
  for (const format of ['csv', 'parquet']) {
    it(`${format}: the folder it makes is 0700, every file 0600; progress lines only go up and end at the total`, async () => {
      const out = join(dir(), 'nueva', 'exportacion');
      const r = await run('--out', out, '--format', format);
      expect(r.code, r.stderr).to.equal(0);
      const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
      expect([mode(out), mode(join(out, '..'))]).to.deep.equal(['700', '700']);
      const files = readdirSync(out);
      expect(files.length).to.be.greaterThan(3);
      for (const f of files) expect(mode(join(out, f)), f).to.equal('600');
      const lines = [...r.stderr.matchAll(/^Exporting (\d+)% \((\d+)\/(\d+) rows/gm)].map(([, pct, done, total]) => ({ pct: +pct, done: +done, total: +total }));
      const total = JSON.parse(r.stdout).files.reduce((n: number, f: { rows: number }) => n + f.rows, 0);
      expect(lines.length, r.stderr).to.be.greaterThan(1);
      for (let i = 1; i < lines.length; i++) {
        expect(lines[i].pct, r.stderr).to.be.greaterThan(lines[i - 1].pct);
        expect(lines[i].done, r.stderr).to.be.greaterThan(lines[i - 1].done);
      }
      for (const l of lines) expect(l.pct, r.stderr).to.equal(Math.floor((l.done * 100) / total));
      expect(lines.at(-1), r.stderr).to.deep.equal({ pct: 100, done: total, total });
    });
  }

  it('refuses to overwrite an earlier export without --force, and reads nothing outside analitica', async () => {
    const out = dir();
    writeFileSync(join(out, 'hechos_citas.csv'), 'mine');
    const refused = await run('--out', out);
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.include('--force');
    expect(readFileSync(join(out, 'hechos_citas.csv'), 'utf8')).to.equal('mine');
    expect(readdirSync(out)).to.deep.equal(['hechos_citas.csv']);
    const forced = await run('--out', out, '--force');
    expect(forced.code, forced.stderr).to.equal(0);
    expect(readFileSync(join(out, 'hechos_citas.csv'), 'utf8')).to.match(/^cita,psicologo,paciente,/);
    const all = readdirSync(out).map((f) => readFileSync(join(out, f), 'utf8')).join('\n');
    for (const personal of ['@', 'Ana', 'Pérez', 'Ansiedad']) expect(all, personal).to.not.include(personal);
  });
});
