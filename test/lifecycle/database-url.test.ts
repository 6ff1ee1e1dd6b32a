import { expect } from 'chai';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { spawnNpm } from './npm-process.ts';
import { baseEnv, cleanUp, dataFolder, freePort, sleep, spawnMain, startMain, within, type Main } from './support.ts';

// A server with DATABASE_URL, started and stopped as a user does (issue 31 items 9, 12, 13): its pid
// is printed at start in both output forms, `npm stop` finds it through its data folder (it holds no
// lock there: several may share the folder), and a second one with secrets of its own is refused
// at start with a message naming the secret, not a stack.

/** Waits for `text` in the server's stdout. */
async function printed(main: Main, text: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const out = main.stdout.join('');
    if (out.includes(text)) return out;
    await sleep(50);
  }
  throw new Error(`"${text}" never printed: ${main.stdout.join('')}${main.stderr.join('')}`);
}

describe('life cycle: a server with DATABASE_URL', function () {
  this.timeout(120_000);
  let db: TestDatabase;
  const dataDir = dataFolder('practice-lifecycle-dburl-');
  const env = () => baseEnv(dataDir, { DATABASE_URL: db.url, ANALYTICS_PEPPER: 'p'.repeat(40) });
  let main: Main | null = null;

  before(async () => { db = await createTestDatabase(); });
  afterEach(async () => {
    await cleanUp(main, null);
    main = null;
  });
  after(async () => {
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints its pid at start: as text at a terminal, as a field of the JSON line otherwise', async () => {
    main = await startMain({ ...env(), LOG_FORMAT: 'json' });
    const json = await printed(main, '"msg":"API listening"');
    const line = JSON.parse(json.split('\n').find((l) => l.includes('"msg":"API listening"'))!);
    expect(line.pid).to.equal(main.proc.pid);
    await cleanUp(main, null);
    main = await startMain({ ...env(), LOG_FORMAT: 'pretty' });
    expect(await printed(main, 'API listening on')).to.include(`(process ${main.proc.pid})`);
  });

  it('`npm stop` with its DATA_DIR finds it and stops it, exit 0', async () => {
    main = await startMain(env());
    await printed(main, 'API listening');
    const stop = spawnNpm(['stop'], env());
    const code = await within(stop.exited, 60_000, 'npm stop');
    expect(code, stop.output()).to.equal(0);
    expect(stop.output()).to.contain(`Stopping the server (process ${main.proc.pid},`).and.contain('Stopped.');
    expect(await within(main.exited, 20_000, 'server exit')).to.equal(0);
  });

  it('`npm stop` on a folder that lists only servers of other hosts says so, exit 1', async () => {
    const dir = join(dataDir, 'servers');
    mkdirSync(dir, { recursive: true });
    const other = join(dir, 'other-host-7.json');
    writeFileSync(other, JSON.stringify({ pid: 7, start: null, boot: null, command: 'main.ts', url: 'http://10.0.0.2:8080', since: new Date().toISOString(), host: 'other-host' }));
    try {
      const stop = spawnNpm(['stop'], env());
      expect(await within(stop.exited, 30_000, 'npm stop'), stop.output()).to.equal(1);
      expect(stop.output()).to.contain('other-host').and.contain('run npm stop there');
    } finally {
      rmSync(other, { force: true });
    }
  });

  it('a second one whose data folder generated its own MASTER_KEY is refused at start: the secret named, exit 1', async () => {
    main = await startMain(env());
    const otherDir = dataFolder('practice-lifecycle-dburl-other-');
    try {
      const { MASTER_KEY: _mine, ...rest } = env();
      const second = spawnMain({ ...rest, DATA_DIR: otherDir }, await freePort());
      expect(await within(second.exited, 60_000, 'second start')).to.equal(1);
      const stderr = second.stderr.join('');
      expect(stderr).to.include('MASTER_KEY does not match the key this database was created with').and.include(join(otherDir, '.master_key'));
      expect(stderr).not.to.include('Decipheriv');
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  });
});
