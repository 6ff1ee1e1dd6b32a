import { expect } from 'chai';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { alive, groupMembers, lockHolder, npmStart, postmaster, reap, spawnNpm, type Npm } from './npm-process.ts';
import { baseEnv, dataFolder, freePort, within } from './support.ts';

// What a user of `npm start` does to stop it: Ctrl-C (SIGINT to the whole group), or a signal to
// the pid they see (npm's, or the server's in the lock file), or `npm stop`. Whichever, everything
// stops within the grace period, nothing is left running, the data folder is free, and npm exits 0.

const GRACE_MS = 10_000;

describe('life cycle: stopping `npm start`', function () {
  this.timeout(120_000);
  // One data folder for every case: the cluster is made once, each start reuses it.
  const dataDir = dataFolder('practice-lifecycle-npm-');
  const env = baseEnv(dataDir, { SHUTDOWN_GRACE_MS: String(GRACE_MS) });
  let npm: Npm | null = null;

  afterEach(async () => {
    await reap(npm, dataDir);
    npm = null;
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  /** Started, then `stop` run; asserts the npm process's exit and that nothing is left. */
  async function stopsCleanly(stop: (npmPid: number, serverPid: number) => Promise<void> | void): Promise<void> {
    npm = await npmStart(env, freePort);
    const npmPid = npm.proc.pid!;
    const server = lockHolder(dataDir)!;
    const pg = postmaster(dataDir)!;
    // The server is npm's own child: no shell or tsx process in between to swallow a signal.
    expect(server, 'the server holds the lock').to.be.a('number');
    const started = Date.now();
    await stop(npmPid, server);
    const code = await within(npm.exited, GRACE_MS + 5_000, 'npm exit');
    expect(code, npm.output()).to.equal(0);
    expect(Date.now() - started, 'within SHUTDOWN_GRACE_MS').to.be.below(GRACE_MS);
    expect(groupMembers(npmPid), 'processes left in the group').to.deep.equal([]);
    expect(alive(server), 'the server process').to.equal(false);
    expect(alive(pg), 'the embedded PostgreSQL').to.equal(false);
    expect(existsSync(join(dataDir, 'data.lock')), 'the data folder lock').to.equal(false);
    expect(npm.output()).to.match(/Stopped\.|"msg":"stopped"/);
  }

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`${signal} to the pid of \`npm start\` stops everything, exit 0`, () =>
      stopsCleanly((npmPid) => void process.kill(npmPid, signal)));
    it(`${signal} to the server's pid stops everything, exit 0`, () =>
      stopsCleanly((_, serverPid) => void process.kill(serverPid, signal)));
    it(`${signal} to the process group (${signal === 'SIGINT' ? 'Ctrl-C' : 'kill -TERM -pgid'}) stops everything, exit 0`, () =>
      stopsCleanly((npmPid) => void process.kill(-npmPid, signal)));
  }

  it('`npm stop` stops the server of the configured DATA_DIR, by the pid in its lock', () =>
    stopsCleanly(async (_, serverPid) => {
      const stop = spawnNpm(['stop'], env);
      const code = await within(stop.exited, GRACE_MS + 5_000, 'npm stop');
      expect(code, stop.output()).to.equal(0);
      expect(stop.output(), stop.output()).to.contain(`Stopping the server (process ${serverPid},`);
      expect(stop.output()).to.contain('Stopped.');
    }));

  it('`npm stop` with no server running says so and exits 0', async () => {
    const stop = spawnNpm(['stop'], env);
    const code = await within(stop.exited, 20_000, 'npm stop');
    expect(code, stop.output()).to.equal(0);
    expect(stop.output()).to.contain(`No server is running with the data folder ${dataDir}`);
  });
});
