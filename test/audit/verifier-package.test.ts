import { execFile } from 'node:child_process';
import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { runAuditExport } from '../../src/cli/audit-export.ts';
import { newPaciente, practice } from '../clinico/support.ts';
import { ROOT, runCli } from '../cli/support.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { checkpointCovering, eventCount } from './support.ts';

// An outside auditor should not install the whole back end to check a bundle: `npm run audit:pack`
// makes the verifier a package of its own, run here as docs/audit.md tells the auditor to, with
// `npx ./<tarball>` in a folder outside the repository. Its registry is an address where nothing
// listens, so any network use would fail the test.

const run = promisify(execFile);
const OWN_KEY_NOTE = /proves\s+the bundle is consistent, not where it comes from[\s\S]*--key key\.txt/;

interface Result { code: number; stdout: string; stderr: string }

describe('the verifier as a package of its own (npm run audit:pack), without the repository or a network', function () {
  this.timeout(180_000);
  let srv: TestServer;
  let auditor: string;
  let tarball: string;
  let events: number;

  /** `npx ./<tarball> ARGS` in the auditor's folder: the command docs/audit.md gives. */
  const npx = async (args: string[]): Promise<Result> => {
    const env = {
      PATH: process.env.PATH ?? '', HOME: auditor, npm_config_cache: join(auditor, '.npm'),
      npm_config_registry: 'http://127.0.0.1:9/', npm_config_update_notifier: 'false', npm_config_audit: 'false', npm_config_fund: 'false',
    };
    try {
      const { stdout, stderr } = await run('npx', ['--yes', `./${tarball}`, ...args], { cwd: auditor, env, maxBuffer: 16 << 20 });
      return { code: 0, stdout, stderr };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      if (typeof e.code !== 'number') throw err;
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  };

  before(async () => {
    const packed = (await run('npm', ['run', '--silent', 'audit:pack'], { cwd: ROOT })).stdout.trim().split('\n').at(-1)!;
    srv = await startTestServer();
    const admin = await srv.adminToken();
    await practice(srv, admin);
    await newPaciente(srv);
    events = await eventCount(srv);
    await checkpointCovering(srv, admin, events);
    // What the auditor holds: the tarball, a bundle the practice exported, the key obtained apart.
    auditor = mkdtempSync(join(tmpdir(), 'practice-auditor-'));
    tarball = basename(packed);
    copyFileSync(join(ROOT, packed), join(auditor, tarball));
    await runAuditExport(srv.config, join(auditor, 'bundle'));
    writeFileSync(join(auditor, 'key.txt'), (await srv.request('GET', '/audit/v1/key', { token: admin })).text);
  });
  after(async () => {
    await srv?.stop();
    if (auditor) rmSync(auditor, { recursive: true, force: true });
  });

  it('is one file of code with no dependencies, importing only Node', async () => {
    const { stdout } = await run('tar', ['tzf', join(auditor, tarball)]);
    expect(stdout.trim().split('\n').sort()).to.deep.equal(['package/README.md', 'package/package.json', 'package/verify.mjs']);
    const manifest = JSON.parse((await run('tar', ['xzOf', join(auditor, tarball), 'package/package.json'])).stdout);
    expect(manifest).to.include({ name: 'practice-audit-verify' }).and.not.have.any.keys('dependencies', 'peerDependencies', 'optionalDependencies');
    const code = (await run('tar', ['xzOf', join(auditor, tarball), 'package/verify.mjs'], { maxBuffer: 16 << 20 })).stdout;
    const imports = [...code.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
    expect(imports).to.not.be.empty;
    expect(imports.filter((s) => !s.startsWith('node:'))).to.deep.equal([]);
  });

  it('verifies a real bundle against the published key (exit 0, no warning)', async () => {
    const r = await npx(['bundle', '--key', 'key.txt']);
    expect(r.code, r.stderr).to.equal(0);
    expect(JSON.parse(r.stdout)).to.include({ verified: true, events, failure: null });
    expect(r.stderr).not.to.match(OWN_KEY_NOTE);
  });

  it('names the event whose data changed by one character (exit 1)', async () => {
    cpSync(join(auditor, 'bundle'), join(auditor, 'tampered'), { recursive: true });
    const file = join(auditor, 'tampered', 'events.ndjson');
    const lines = readFileSync(file, 'utf8').split('\n');
    const i = lines.findIndex((l) => l.includes('"type":"PacienteRegistrado"'));
    const e = JSON.parse(lines[i]);
    const field = Object.keys(e.data).find((k) => typeof e.data[k] === 'string' && e.data[k].length > 4)!;
    const s: string = e.data[field];
    e.data[field] = `${s.slice(0, 2)}${s[2] === 'A' ? 'B' : 'A'}${s.slice(3)}`;
    lines[i] = JSON.stringify(e);
    writeFileSync(file, lines.join('\n'));
    const r = await npx(['tampered', '--key', 'key.txt']);
    expect(r.code, r.stderr).to.equal(1);
    const report = JSON.parse(r.stdout);
    expect(report.verified).to.equal(false);
    expect(report.failure.eventId).to.equal(e.metadata.eventId);
  });

  it('without --key says on stderr that the bundle\'s own key proves consistency, not origin (package and npm script)', async () => {
    const [pkg, script] = await Promise.all([npx(['bundle']), runCli('audit-verify', [join(auditor, 'bundle')], {})]);
    for (const r of [pkg, script]) {
      expect(r.code, r.stderr).to.equal(0);
      expect(JSON.parse(r.stdout).verified).to.equal(true);
      expect(r.stderr).to.match(OWN_KEY_NOTE);
    }
  });
});
