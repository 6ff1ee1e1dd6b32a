import { expect } from 'chai';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { baseEnv, cleanUp, dataFolder, freePort, spawnMain, startMain, within, type Main } from './support.ts';

// Analysts connect to the embedded PostgreSQL with a host and a port: the port must not change
// when the server restarts. It is chosen once per data folder and kept (EMBEDDED_PG_PORT to choose it).

/** The port the embedded PostgreSQL of `dataDir` listens on (line 4 of postmaster.pid). */
const listening = (dataDir: string) => Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]);
const kept = (dataDir: string) => readFileSync(join(dataDir, '.postgres_port'), 'utf8').trim();

async function stop(main: Main): Promise<void> {
  main.proc.kill('SIGTERM');
  expect(await within(main.exited, 30_000, 'exit')).to.equal(0);
}

describe('life cycle: the embedded PostgreSQL keeps its port', function () {
  this.timeout(120_000);
  const dataDir = dataFolder('practice-lifecycle-pgport-');
  const mains: Main[] = [];
  let squatter: Server | null = null;

  after(async () => {
    squatter?.close();
    for (const m of mains) await cleanUp(m, null);
    await cleanUp(null, dataDir);
  });

  const run = async (extra: Record<string, string> = {}) => {
    const main = await startMain(baseEnv(dataDir, extra));
    mains.push(main);
    return main;
  };

  it('two starts of the same data folder listen on the same port, kept in DATA_DIR/.postgres_port', async () => {
    const first = await run();
    const port = listening(dataDir);
    await stop(first);
    const second = await run();
    const again = listening(dataDir);
    await stop(second);
    expect(again).to.equal(port);
    expect(kept(dataDir)).to.equal(String(port));
  });

  it('EMBEDDED_PG_PORT sets it, and it is kept for the next starts without the variable', async () => {
    const chosen = await freePort();
    const first = await run({ EMBEDDED_PG_PORT: String(chosen) });
    const set = listening(dataDir);
    await stop(first);
    const second = await run();
    const restarted = listening(dataDir);
    await stop(second);
    expect(set).to.equal(chosen);
    expect(restarted).to.equal(chosen);
  });

  it('a port taken by another program: a clear refusal (no stack), exit 1, the kept port unchanged', async () => {
    const port = Number(kept(dataDir));
    squatter = createServer();
    await new Promise<void>((res) => squatter!.listen(port, '127.0.0.1', res));
    const main = spawnMain(baseEnv(dataDir), await freePort());
    mains.push(main);
    const code = await within(main.exited, 30_000, 'refusal');
    const stderr = main.stderr.join('');
    expect(code, stderr).to.equal(1);
    expect(stderr).to.contain(`The embedded PostgreSQL cannot listen on 127.0.0.1:${port} (kept in ${join(dataDir, '.postgres_port')})`);
    expect(stderr).to.contain('EMBEDDED_PG_PORT');
    expect(stderr).to.not.match(/\n\s+at /);
    expect(kept(dataDir)).to.equal(String(port));
    expect(existsSync(join(dataDir, 'data.lock')), 'lock released').to.equal(false);
    squatter.close();
    squatter = null;
  });

  it('EMBEDDED_PG_PORT must be a port number: a configuration error at once', async () => {
    const main = spawnMain(baseEnv(dataDir, { EMBEDDED_PG_PORT: 'cinco' }), await freePort());
    mains.push(main);
    expect(await within(main.exited, 20_000, 'refusal')).to.equal(2);
    expect(main.stderr.join('')).to.contain('Configuration error: EMBEDDED_PG_PORT must be an integer in [1024, 65535]');
  });
});
