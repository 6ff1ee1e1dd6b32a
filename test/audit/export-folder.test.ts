import { expect } from 'chai';
import { chmodSync, chownSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUNDLE_FILES, prepareBundleDir, writeBundle } from '../../src/cli/audit-bundle.ts';
import { runAuditExport } from '../../src/cli/audit-export.ts';
import { runAuditVerify } from '../../src/cli/audit-verify.ts';
import { practice } from '../clinico/support.ts';
import { runCli, serverEnv } from '../cli/support.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { checkpointCovering, eventCount } from './support.ts';

// The attack: links planted in an --out folder another user can write. As root, audit:export
// copied the whole events file into `nobody`'s file and overwrote a root-only file with the
// manifest. Now an existing folder must be the caller's and writable by no one else, and every
// file is created new without following a link, then renamed into place.
describe('audit:export into a folder: never through a planted link', function () {
  this.timeout(120_000);
  let srv: TestServer;
  let work: string;
  let victim: string;
  let keyFile: string;
  let n = 0;
  const PRECIOUS = 'a file the exporter must not write\n';

  /** A new folder with the given mode, holding links from `names` to the victim file. */
  const planted = (mode: number, names: string[]) => {
    const dir = join(work, `out-${n++}`);
    mkdirSync(dir);
    chmodSync(dir, mode);
    for (const name of names) symlinkSync(victim, join(dir, name));
    return dir;
  };
  const untouched = () => expect(readFileSync(victim, 'utf8'), 'the link target').to.equal(PRECIOUS);

  before(async () => {
    srv = await startTestServer();
    const admin = await srv.adminToken();
    await practice(srv, admin);
    await checkpointCovering(srv, admin, await eventCount(srv));
    work = mkdtempSync(join(tmpdir(), 'practice-export-folder-'));
    chmodSync(work, 0o755);
    victim = join(work, 'victim.txt');
    keyFile = join(work, 'key.txt');
    writeFileSync(keyFile, (await srv.request('GET', '/audit/v1/key', { token: admin })).text);
  });
  beforeEach(() => writeFileSync(victim, PRECIOUS, { mode: 0o644 }));
  after(async () => {
    await srv?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('refuses a folder other users can write, with links planted in it', async () => {
    const dir = planted(0o777, ['events.ndjson.partial', 'manifest.json.partial']);
    const err = await runAuditExport(srv.config, dir, true).then(() => null, (e: Error) => e);
    expect(err?.message).to.match(/is writable by other users \(mode 777\)/);
    untouched();
  });

  it('refuses a folder of another user (as root: the case that overwrote nobody\'s file)', async function () {
    if (process.getuid?.() !== 0) this.skip(); // only root can make a folder another user owns
    const dir = planted(0o755, ['events.ndjson.partial', 'manifest.json.partial']);
    chownSync(dir, 65534, 65534);
    const err = await runAuditExport(srv.config, dir, true).then(() => null, (e: Error) => e);
    expect(err?.message).to.match(/belongs to another user \(uid 65534\)/);
    untouched();
  });

  it('refuses an --out that is itself a link', async () => {
    const real = planted(0o700, []);
    const link = join(work, `link-${n++}`);
    symlinkSync(real, link);
    const err = await runAuditExport(srv.config, link, true).then(() => null, (e: Error) => e);
    expect(err?.message).to.match(/is a symbolic link/);
  });

  it('in a folder of one\'s own, removes stale links instead of following them; the bundle verifies', async () => {
    const dir = planted(0o700, ['leaves.ndjson.partial', 'events.ndjson.partial', 'checkpoint.txt']);
    await runAuditExport(srv.config, dir, true);
    untouched();
    for (const f of BUNDLE_FILES) expect(lstatSync(join(dir, f)).isFile(), f).to.equal(true);
    expect((await runAuditVerify(dir, { key: keyFile })).verified).to.equal(true);
  });

  it('a link planted after the folder was checked makes the export fail, not write through it', async () => {
    const dir = join(work, `race-${n++}`);
    expect(prepareBundleDir(dir, false)).to.equal(true);
    symlinkSync(victim, join(dir, 'leaves.ndjson.partial'));
    const keys = { current: 'k', all: ['k'] };
    const err = await writeBundle(srv.deps.knex, srv.deps.store, keys, dir).then(() => null, (e: NodeJS.ErrnoException) => e);
    expect(err?.code).to.equal('EEXIST');
    untouched();
  });

  it('the command writes a new folder 0700 with files 0600, and keeps an earlier bundle without --force', async () => {
    const dir = join(work, `cli-${n++}`);
    const first = await runCli('audit-export', ['--out', dir], serverEnv(srv));
    expect(first.code, first.stderr).to.equal(0);
    expect(lstatSync(dir).mode & 0o777).to.equal(0o700);
    for (const f of BUNDLE_FILES) expect(lstatSync(join(dir, f)).mode & 0o777, f).to.equal(0o600);
    const again = await runCli('audit-export', ['--out', dir], serverEnv(srv));
    expect(again.code).to.equal(1);
    expect(again.stderr).to.match(/already holds a bundle: pass --force/);
  });
});
