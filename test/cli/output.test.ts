import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../support/server.ts';
import { practice } from '../clinico/support.ts';
import { runCli, serverEnv } from './support.ts';

/**
 * The percentages of the progress lines of `label` a command printed on stderr (not a terminal: a line
 * each time another tenth is reached), after checking that each tells its true count and percentage
 * and that the counts only go up (a jump over several tenths once printed the same count at each).
 */
function progressLines(stderr: string, label: string): number[] {
  const lines = [...stderr.matchAll(new RegExp(`^${label} (\\d+)% \\((\\d+)/(\\d+) `, 'gm'))].map(([, pct, done, total]) => ({ pct: +pct, done: +done, total: +total }));
  for (const [i, l] of lines.entries()) {
    expect(l.pct, stderr).to.equal(Math.floor((l.done * 100) / l.total));
    if (i > 0) expect(l.done, stderr).to.be.greaterThan(lines[i - 1].done);
  }
  return lines.map((l) => l.pct);
}
/** At most one line a tenth, going up, the last at 100 %. */
const TENTHS = (pcts: number[]) => pcts.length > 0 && pcts.at(-1) === 100 && pcts.every((p, i) => i === 0 || Math.floor(p / 10) > Math.floor(pcts[i - 1] / 10));

describe('commands: JSON-only stdout and progress on stderr', function () {
  this.timeout(180_000);
  let srv: TestServer;
  let env: Record<string, string>;
  let idPaciente: number;
  // Whether the commands can count the log for their progress (PostgreSQL's table; not KurrentDB).
  const counted = () => srv.config.eventStore === 'postgres';
  let tmp: string;

  before(async () => {
    srv = await startTestServer();
    env = serverEnv(srv);
    tmp = mkdtempSync(join(tmpdir(), 'practice-cli-out-'));
    const admin = await srv.adminToken();
    const { paciente } = await practice(srv, admin);
    idPaciente = paciente.idPaciente;
    for (let i = 0; i < 12; i++) {
      const r = await srv.request('POST', '/api/diario-emocional', { token: paciente.token, body: { emocion: 'Calma', intensidad: 1 + (i % 9), nota: `n${i}` } });
      expect(r.status, r.text).to.be.within(200, 299);
    }
  });
  after(async () => {
    await srv?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('audit:replay prints only JSON on stdout', async () => {
    const r = await runCli('audit-replay', ['--paciente', String(idPaciente)], env);
    expect(r.code, r.stderr).to.equal(0);
    const out = JSON.parse(r.stdout);
    expect(out.idPaciente).to.equal(idPaciente);
    expect(out.eventos).to.be.an('array').that.is.not.empty;
  });

  it('projections:parked --json prints only JSON on stdout, the table without it', async () => {
    const [json, plain] = await Promise.all([runCli('projections-parked', ['--json', '--all'], env), runCli('projections-parked', [], env)]);
    expect(json.code, json.stderr).to.equal(0);
    expect(JSON.parse(json.stdout)).to.deep.equal([]);
    expect(plain.code, plain.stderr).to.equal(0);
    expect(plain.stdout).to.equal('No parked events.\n');
  });

  it('events:export and events:import report a line a tenth on stderr, nothing on stdout', async () => {
    const file = join(tmp, 'log.ndjson');
    const exp = await runCli('events-export', ['--out', file], env);
    expect(exp.code, exp.stderr).to.equal(0);
    expect(exp.stdout).to.equal('');
    // KurrentDB's log has no count to take tenths of: the export says how far it got instead (docs/operations.md).
    if (counted()) expect(TENTHS(progressLines(exp.stderr, 'Exporting')), exp.stderr).to.equal(true);
    else expect(exp.stderr).to.match(/^Exporting \d+ events/m);
    // Into the same log: every event is already there (skipped), the file is still read through.
    const imp = await runCli('events-import', ['--in', file, '--keep-checkpoints'], env);
    expect(imp.code, imp.stderr).to.equal(0);
    expect(imp.stdout).to.equal('');
    expect(TENTHS(progressLines(imp.stderr, 'Importing')), imp.stderr).to.equal(true);
    expect(imp.stderr).to.match(new RegExp(`Imported 0 events into ${srv.config.eventStore} \\(\\d+ already there\\)`));
  });

  it('projections:rebuild reports its replay a line a tenth on stderr', async () => {
    for (const args of [[], ['--in-place']]) {
      const r = await runCli('rebuild-projections', args, env, 120_000);
      expect(r.code, r.stderr).to.equal(0);
      expect(r.stdout).to.equal('');
      // Counted in PostgreSQL; on KurrentDB only the closing line's count (docs/operations.md, rebuilding).
      if (counted()) expect(TENTHS(progressLines(r.stderr, 'Replaying')), r.stderr).to.equal(true);
      expect(r.stderr).to.match(/Rebuilt \d+ read models from \d+ events/);
    }
  });

  it('seed:demo reports its steps a line a tenth on stderr and lists the accounts on stdout', async () => {
    const r = await runCli('seed-demo', [], env, 120_000);
    expect(r.code, r.stderr).to.equal(0);
    expect(TENTHS(progressLines(r.stderr, 'Seeding')), r.stderr).to.equal(true);
    expect(r.stdout).to.include('demo.psicologo1@consulta.example');
    // Billing went through the API too: five invoices of the year's series, a pack's and a rectifying one.
    expect(r.stdout).to.match(/billing: .*7 invoices \(\d{4}-A\/000001, .*4 payments/);
  });
});
