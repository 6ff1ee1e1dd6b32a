import { expect } from 'chai';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baseEnv, cleanUp, dataFolder, freePort, register, spawnMain, startMain, within, type Main } from './support.ts';

describe('life cycle: the data folder', function () {
  this.timeout(60_000);
  const mains: Main[] = [];
  const folders: string[] = [];

  after(async () => {
    for (const m of mains) await cleanUp(m, null);
    for (const f of folders) await cleanUp(null, f);
  });

  it('refuses a second start on the same DATA_DIR, naming the first (pid, API address), while the first keeps answering', async () => {
    const dataDir = dataFolder('practice-lifecycle-lock-');
    folders.push(dataDir);
    const env = baseEnv(dataDir);
    const first = await startMain(env);
    mains.push(first);
    const postmaster = readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');

    const second = spawnMain(env, await freePort());
    mains.push(second);
    const code = await within(second.exited, 30_000, 'second start');
    const stderr = second.stderr.join('');
    expect(code, stderr).to.not.equal(0);
    expect(stderr).to.contain(`is in use by process ${first.proc.pid}`);
    expect(stderr).to.contain(`serving the API at ${first.url}`);
    expect(stderr).to.not.match(/\n\s+at /); // a message, not a stack

    // The first server's PostgreSQL was left alone, and the first server still reads and writes.
    expect(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).to.equal(postmaster);
    expect((await fetch(`${first.url}/health`)).status).to.equal(200);
    expect(await register(first.url, 'after-refusal@example.com')).to.equal(200);
    first.proc.kill('SIGTERM');
    expect(await within(first.exited, 30_000, 'first exit')).to.equal(0);
    expect(existsSync(join(dataDir, 'data.lock')), 'lock released').to.equal(false);
  });

  it('after a kill -9, the stale lock and the orphaned PostgreSQL are cleaned up by the next start', async () => {
    const dataDir = dataFolder('practice-lifecycle-stale-');
    folders.push(dataDir);
    // A long lease: the dead run's leases would hold the read models for a minute (startMain gives up after 40 s).
    const env = baseEnv(dataDir, { CONSUMER_LEASE_MS: '60000' });
    const first = await startMain(env);
    mains.push(first);
    const owners = async (url: string) => new Set(Object.values(((await (await fetch(`${url}/health`)).json()) as { owners: Record<string, string> }).owners));
    const dead = await owners(first.url);
    first.proc.kill('SIGKILL');
    await first.exited;
    const second = await startMain(env);
    mains.push(second);
    // The only instance of the embedded database runs every read model and reactor at once.
    const alive = await owners(second.url);
    expect(alive.size).to.equal(1);
    expect([...alive][0]).to.be.a('string').and.not.be.oneOf([...dead]);
    expect(await register(second.url, 'after-crash@example.com')).to.equal(200);
    second.proc.kill('SIGTERM');
    expect(await within(second.exited, 30_000, 'exit')).to.equal(0);
  });

  it('as root, a DATA_DIR inside a private (0700) folder is refused at once, saying why and what to do', async function () {
    if (process.getuid?.() !== 0) this.skip();
    const closed = mkdtempSync(join(tmpdir(), 'practice-lifecycle-private-')); // 0700, like root's home
    folders.push(closed);
    expect(statSync(closed).mode & 0o777).to.equal(0o700);
    const dataDir = join(closed, 'data');
    const started = Date.now();
    const main = spawnMain(baseEnv(dataDir), await freePort());
    mains.push(main);
    const code = await within(main.exited, 20_000, 'refusal');
    const stderr = main.stderr.join('');
    expect(code, stderr).to.equal(1);
    expect(Date.now() - started, 'before the app loads').to.be.below(15_000);
    expect(stderr).to.contain(`runs as the user "postgres", which cannot enter ${closed} (mode 0700`);
    expect(stderr).to.contain('Set DATA_DIR to a folder that user can reach');
    expect(stderr).to.not.match(/\n\s+at /);
    expect(readdirSync(dataDir)).to.not.include('postgres'); // nothing created for the database
    rmSync(closed, { recursive: true, force: true });
  });
});
