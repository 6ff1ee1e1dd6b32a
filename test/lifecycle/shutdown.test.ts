import { expect } from 'chai';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { baseEnv, cleanUp, dataFolder, login, register, sleep, startMain, within, type Main } from './support.ts';

// Slow enough (bcrypt at cost 12, 8 at once: seconds) that every request is still running when the
// signal comes, half a second after they were sent; a generous grace for a loaded test machine.
const SLOW = { BCRYPT_COST: '12', SHUTDOWN_GRACE_MS: '30000' };
const IN_FLIGHT_AFTER_MS = 500;

/** 8 registrations, the signal while they run, then: every answer, the exit code, the output. */
async function shutdownUnderLoad(main: Main, tag: string, signal: () => void) {
  const emails = Array.from({ length: 8 }, (_, i) => `${tag}${i}@example.com`);
  const answers = Promise.all(emails.map((e) => register(main.url, e).catch((err: Error) => err.message)));
  await sleep(IN_FLIGHT_AFTER_MS);
  const outBefore = main.stdout.join('').length;
  signal();
  const statuses = await within(answers, 40_000, 'requests in flight');
  const code = await within(main.exited, 40_000, 'exit');
  return { emails, statuses, code, stdoutAfter: main.stdout.join('').slice(outBefore), stderr: main.stderr.join('') };
}

describe('life cycle: graceful shutdown with requests in flight', function () {
  this.timeout(90_000);
  const mains: Main[] = [];
  const folders: string[] = [];
  let db: TestDatabase | null = null;

  after(async () => {
    for (const m of mains) await cleanUp(m, null);
    for (const f of folders) await cleanUp(null, f);
    await db?.drop();
  });

  it('embedded PostgreSQL, Ctrl-C to the whole process group: all 8 answered, exit 0, silent, and the writes are kept', async () => {
    const dataDir = dataFolder('practice-lifecycle-int-');
    folders.push(dataDir);
    const env = baseEnv(dataDir, SLOW);
    const first = await startMain(env);
    mains.push(first);
    // What a terminal does with Ctrl-C: SIGINT to every process of the foreground group.
    const r = await shutdownUnderLoad(first, 'int', () => process.kill(-first.proc.pid!, 'SIGINT'));
    expect(r.statuses, r.stdoutAfter + r.stderr).to.deep.equal(Array(8).fill(200));
    expect(r.code).to.equal(0);
    expect(r.stderr).to.equal('');
    expect(r.stdoutAfter).to.not.match(/error|warn|"level":\s*[456]0/i);
    expect(r.stdoutAfter).to.match(/Stopped\.|"msg":"stopped"/);

    const second = await startMain(env);
    mains.push(second);
    expect(await Promise.all(r.emails.map((e) => login(second.url, e)))).to.deep.equal(Array(8).fill(200));
    second.proc.kill('SIGTERM');
    expect(await within(second.exited, 30_000, 'second exit')).to.equal(0);
  });

  it('DATABASE_URL, SIGTERM: all 8 answered, exit 0, silent, and the writes are kept', async () => {
    db = await createTestDatabase();
    const dataDir = dataFolder('practice-lifecycle-term-');
    folders.push(dataDir);
    const env = baseEnv(dataDir, { ...SLOW, DATABASE_URL: db.url });
    const first = await startMain(env);
    mains.push(first);
    const r = await shutdownUnderLoad(first, 'term', () => first.proc.kill('SIGTERM'));
    expect(r.statuses, r.stdoutAfter + r.stderr).to.deep.equal(Array(8).fill(200));
    expect(r.code).to.equal(0);
    expect(r.stderr).to.equal('');
    expect(r.stdoutAfter).to.not.match(/error|warn|"level":\s*[456]0/i);

    const second = await startMain(env);
    mains.push(second);
    expect(await Promise.all(r.emails.map((e) => login(second.url, e)))).to.deep.equal(Array(8).fill(200));
    second.proc.kill('SIGTERM');
    expect(await within(second.exited, 30_000, 'second exit')).to.equal(0);
  });
});
