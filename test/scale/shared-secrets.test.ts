import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../../src/platform/config.ts';
import { StartupError } from '../../src/platform/startup-error.ts';
import { startServer } from '../../src/server.ts';
import { RecordingPush } from '../../src/reactors/push/push.ts';
import { runCli, storeEnv } from '../cli/support.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { UNTHROTTLED } from '../support/limits.ts';

// Issue 31 item 9: a second instance on the same database whose data folder generated secrets of its
// own died with "Unsupported state or unable to authenticate data at Decipheriv.final", or would run
// with tokens the first rejects, other pseudonyms, checkpoints of another log. Each secret is now
// compared at start with the one the database was created with, and the start refused naming it.

describe('a second instance with secrets of its own is refused at start, naming the secret', function () {
  this.timeout(120_000);
  let first: TestServer;
  const dirs: string[] = [];

  before(async () => {
    // The first instance's secrets are generated into its data folder, as outside production.
    first = await startTestServer();
    // Its signer has recorded its verifier key: the log this database holds is named.
    for (let i = 0; i < 100 && (await first.db.knex('audit_keys').count<{ count: string }[]>('* as count'))[0].count === '0'; i++) await new Promise((r) => setTimeout(r, 50));
  });
  after(async () => {
    await first?.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  /** A config on the first's database, with a data folder of its own (which generates what `env` leaves out). */
  function second(env: Record<string, string>): { config: Config; dataDir: string } {
    const dataDir = mkdtempSync(join(tmpdir(), 'practice-second-'));
    dirs.push(dataDir);
    const config = loadConfig({
      NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: first.db.url, BCRYPT_COST: '4', LOG_LEVEL: 'silent', ...UNTHROTTLED,
      ...storeEnv(first), ...env, // the first's event store: an instance on another log is refused for that instead
    });
    return { config, dataDir };
  }

  const shared = () => ({ MASTER_KEY: first.config.masterKey, JWT_SECRET: first.config.jwtSecret, ANALYTICS_PEPPER: first.config.analyticsPepper });
  /** Every secret of the first, its signing key as generated into its data folder included. */
  const all = () => ({ ...shared(), AUDIT_SIGNING_KEY: readFileSync(join(first.config.dataDir, '.audit_signing_key'), 'utf8').trim() });

  async function refusal(config: Config): Promise<string> {
    const err = await startServer({ config, push: new RecordingPush() }).then(async (s) => {
      await s.close();
      return null;
    }, (e: unknown) => e);
    expect(err, 'the start is refused').to.be.instanceOf(StartupError);
    return (err as Error).message;
  }

  it('MASTER_KEY: says it does not match the key the database was created with, and where this one came from', async () => {
    const { config, dataDir } = second({});
    const message = await refusal(config);
    expect(message).to.include('MASTER_KEY does not match the key this database was created with');
    expect(message).to.include(join(dataDir, '.master_key')).and.include('docs/scaling.md');
    expect(message).not.to.include('Decipheriv');
  });

  it('JWT_SECRET, ANALYTICS_PEPPER: the same, each by name', async () => {
    const jwt = await refusal(second({ MASTER_KEY: first.config.masterKey }).config);
    expect(jwt).to.include('JWT_SECRET does not match the one this database was created with');
    const pepper = await refusal(second({ MASTER_KEY: first.config.masterKey, JWT_SECRET: first.config.jwtSecret }).config);
    expect(pepper).to.include('ANALYTICS_PEPPER does not match the one this database was created with');
  });

  it('AUDIT_SIGNING_KEY: a key of another log (the generated one names a log of its own)', async () => {
    const message = await refusal(second(shared()).config);
    expect(message).to.include('AUDIT_SIGNING_KEY does not match the key this database was created with');
    expect(message).to.include(first.config.audit.signer.name);
  });

  it('the same secrets start, and secrets:adopt records a value changed on purpose', async () => {
    const same = await startServer({ config: second(all()).config, push: new RecordingPush() });
    await same.close();
    const changed = { ...all(), JWT_SECRET: 'n'.repeat(40) };
    expect(await refusal(second(changed).config)).to.include('JWT_SECRET does not match');
    const r = await runCli('secrets-adopt', ['--secret', 'JWT_SECRET'], { DATABASE_URL: first.db.url, DATA_DIR: dirs[0], ...storeEnv(first), ...changed });
    expect(r.code, r.stderr).to.equal(0);
    const adopted = await startServer({ config: second(changed).config, push: new RecordingPush() });
    await adopted.close();
    // And the old value is the one refused now.
    expect(await refusal(second(all()).config)).to.include('JWT_SECRET does not match');
  });

  it('a command on the service\'s data with another MASTER_KEY says so too, and writes nothing', async () => {
    const { dataDir } = second({});
    const before = await first.db.knex('secret_checks').select('name', 'check_value').orderBy('name');
    const out = join(dataDir, 'bundle');
    const r = await runCli('audit-export', ['--out', out], { DATABASE_URL: first.db.url, DATA_DIR: dataDir, ...storeEnv(first), MASTER_KEY: 'x'.repeat(40), JWT_SECRET: first.config.jwtSecret, ANALYTICS_PEPPER: first.config.analyticsPepper });
    expect(r.code, r.stderr).to.equal(2);
    expect(r.stderr).to.include('MASTER_KEY does not match the key this database was created with');
    expect(r.stderr).not.to.include('Decipheriv');
    expect(await first.db.knex('secret_checks').select('name', 'check_value').orderBy('name')).to.deep.equal(before);
  });
});
