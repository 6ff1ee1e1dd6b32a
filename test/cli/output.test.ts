import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../support/server.ts';
import { practice } from '../clinico/support.ts';
import { runCli, serverEnv } from './support.ts';

/** The progress lines of `label` a command printed on stderr (not a terminal: one a 10%). */
function progressLines(stderr: string, label: string): number[] {
  return stderr.split('\n').filter((l) => l.startsWith(`${label} `) && /^\S+ \d+% \(/.test(l)).map((l) => Number(/ (\d+)% /.exec(l)![1]));
}
const TENTHS = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];

describe('commands: JSON-only stdout and progress on stderr', function () {
  this.timeout(180_000);
  let srv: TestServer;
  let env: Record<string, string>;
  let idPaciente: number;
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

  it('events:export and events:import report a line per 10% on stderr, nothing on stdout', async () => {
    const file = join(tmp, 'log.ndjson');
    const exp = await runCli('events-export', ['--out', file], env);
    expect(exp.code, exp.stderr).to.equal(0);
    expect(exp.stdout).to.equal('');
    expect(progressLines(exp.stderr, 'Exporting'), exp.stderr).to.deep.equal(TENTHS);
    // Into the same log: every event is already there (skipped), the file is still read through.
    const imp = await runCli('events-import', ['--in', file, '--keep-checkpoints'], env);
    expect(imp.code, imp.stderr).to.equal(0);
    expect(imp.stdout).to.equal('');
    expect(progressLines(imp.stderr, 'Importing'), imp.stderr).to.deep.equal(TENTHS);
    expect(imp.stderr).to.match(/Imported 0 events into postgres \(\d+ already there\)/);
  });

  it('projections:rebuild reports its replay a line per 10% on stderr', async () => {
    for (const args of [[], ['--in-place']]) {
      const r = await runCli('rebuild-projections', args, env, 120_000);
      expect(r.code, r.stderr).to.equal(0);
      expect(r.stdout).to.equal('');
      expect(progressLines(r.stderr, 'Replaying'), r.stderr).to.deep.equal(TENTHS);
      expect(r.stderr).to.match(/Rebuilt \d+ read models from \d+ events/);
    }
  });

  it('seed:demo reports its steps a line per 10% on stderr and lists the accounts on stdout', async () => {
    const r = await runCli('seed-demo', [], env, 120_000);
    expect(r.code, r.stderr).to.equal(0);
    expect(progressLines(r.stderr, 'Seeding'), r.stderr).to.deep.equal(TENTHS);
    expect(r.stdout).to.include('demo.psicologo1@consulta.example');
  });
});
