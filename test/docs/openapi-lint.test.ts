import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';

// The served document passes Redocly's `recommended` and Spectral's `spectral:oas` rules with no
// error and no warning; the only exceptions are the written waivers of redocly.yaml and .spectral.yaml.
const require = createRequire(import.meta.url);
const ROOT = resolve(import.meta.dirname, '../..');
const bin = (pkg: string, name: string) => {
  const manifest = require(`${pkg}/package.json`) as { bin: Record<string, string> };
  return join(dirname(require.resolve(`${pkg}/package.json`)), manifest.bin[name]);
};
// No telemetry, no update check: the linters run offline, as CI does.
const ENV = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };

function run(script: string, args: string[]) {
  const r = spawnSync(process.execPath, [script, ...args], { cwd: ROOT, env: ENV, encoding: 'utf8', timeout: 60_000 });
  if (r.error) throw r.error;
  return r;
}

describe('OpenAPI lint of the served document', function () {
  this.timeout(90_000);
  let srv: TestServer;
  let dir: string;
  let file: string;

  before(async () => {
    srv = await startTestServer();
    const r = await srv.request('GET', '/v3/api-docs');
    expect(r.status).to.equal(200);
    dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
    file = join(dir, 'openapi.json');
    writeFileSync(file, r.text);
  });
  after(async () => {
    await srv?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('passes Redocly recommended (redocly.yaml) with 0 errors and 0 warnings', () => {
    const r = run(bin('@redocly/cli', 'redocly'), ['lint', file, '--config', join(ROOT, 'redocly.yaml'), '--format', 'json', '--max-problems', '1000']);
    const report = JSON.parse(r.stdout.slice(r.stdout.indexOf('{'))) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };
    const found = report.problems.map((p) => `${p.ruleId}: ${p.message}`);
    expect(report.totals, found.slice(0, 20).join('\n')).to.include({ errors: 0, warnings: 0 });
  });

  it('passes Spectral spectral:oas (.spectral.yaml) with 0 errors and 0 warnings', () => {
    const r = run(bin('@stoplight/spectral-cli', 'spectral'), ['lint', file, '--ruleset', join(ROOT, '.spectral.yaml'), '--format', 'json', '--quiet']);
    const start = r.stdout.indexOf('[');
    expect(start, `spectral printed no report: ${r.stdout}${r.stderr}`).to.be.at.least(0);
    // Severity 0 is an error, 1 a warning (2 and 3 are information and hints).
    const results = JSON.parse(r.stdout.slice(start)) as { code: string; message: string; severity: number; path: string[] }[];
    const found = results.filter((x) => x.severity <= 1).map((x) => `${x.code} at ${x.path.join('.')}: ${x.message}`);
    expect(found).to.deep.equal([]);
  });
});
