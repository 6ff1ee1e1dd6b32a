import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runExport } from '../../src/cli/events-export.ts';
import { runImport } from '../../src/cli/events-import.ts';
import { rebuildProjections } from '../../src/cli/rebuild-projections.ts';
import { ConfigError, loadConfig, type Config } from '../../src/platform/config.ts';
import { StartupError } from '../../src/platform/startup-error.ts';
import { RecordingPush } from '../../src/reactors/push/push.ts';
import { startServer, type RunningServer } from '../../src/server.ts';
import { startKurrentStandIn, type KurrentStandIn } from '../kurrentdb-wire/server.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { UNTHROTTLED } from '../support/limits.ts';

// Issue 33: both stores write log positions as "<n>/<m>", so a position of one log was taken for one
// of the other: a command run against PostgreSQL left PostgreSQL positions in the checkpoints, and a
// KurrentDB server read $all from them, answering 503 for 7 s per request. The database now records
// which log its positions belong to; a server or command configured for another is refused at start,
// naming both, and events:import (which re-points the checkpoints) records the new log.

const PG = 'PostgreSQL (EVENT_STORE=postgres';

describe('checkpoints of one log are refused by a server or command on another', function () {
  this.timeout(180_000);
  let standIn: KurrentStandIn;
  const dirs: string[] = [];
  const running: RunningServer[] = [];

  before(async () => {
    standIn = await startKurrentStandIn();
  });
  after(async () => {
    for (const s of running) await s.close();
    await standIn?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  const kurrent = (prefix: string) => ({ EVENT_STORE: 'kurrentdb', KURRENTDB_URL: `${standIn.url}&streamPrefix=${prefix}` });
  const postgres = { EVENT_STORE: 'postgres' };

  /** A config on `first`'s database with its secrets and a data folder of its own; `store` says which log. */
  function on(first: TestServer, store: Record<string, string>): Config {
    const dataDir = mkdtempSync(join(tmpdir(), 'practice-log-'));
    dirs.push(dataDir);
    return loadConfig({
      NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: first.db.url, BCRYPT_COST: '4', LOG_LEVEL: 'silent', ...UNTHROTTLED,
      MASTER_KEY: first.config.masterKey, JWT_SECRET: first.config.jwtSecret, ANALYTICS_PEPPER: first.config.analyticsPepper,
      AUDIT_SIGNING_KEY: readFileSync(join(first.config.dataDir, '.audit_signing_key'), 'utf8').trim(), ...store,
    });
  }

  async function start(config: Config): Promise<RunningServer> {
    const s = await startServer({ config, push: new RecordingPush() });
    running.push(s);
    return s;
  }

  async function refusal(config: Config): Promise<string> {
    const err = await start(config).then(() => null, (e: unknown) => e);
    expect(err, 'the start is refused').to.be.instanceOf(StartupError);
    return (err as Error).message;
  }

  /** The checkpoints hold positions: the first server's read models have applied its events. */
  async function withCheckpoints(s: TestServer): Promise<void> {
    expect(await s.deps.projections.waitFor(await s.deps.store.head(), 20_000)).to.equal(true);
    const held = await s.db.knex('projection_checkpoints').whereNotNull('position').count<{ n: string }[]>({ n: '*' });
    expect(Number(held[0].n)).to.be.greaterThan(0);
  }

  describe('a database whose checkpoints are PostgreSQL positions', () => {
    let first: TestServer;
    before(async () => {
      first = await startTestServer({ env: postgres });
      await withCheckpoints(first);
    });
    after(async () => first?.stop());

    it('refuses a KurrentDB server and a KurrentDB command, naming both logs; a PostgreSQL instance starts', async () => {
      const message = await refusal(on(first, kurrent('other')));
      expect(message).to.include(`positions in this database (checkpoints of the read models, reactors and audit log) are of the log of ${PG}`);
      expect(message).to.include('configured for KurrentDB (EVENT_STORE=kurrentdb, streamPrefix=other in KURRENTDB_URL)');
      const cli = await rebuildProjections(on(first, kurrent('other'))).then(() => null, (e: unknown) => e);
      expect(cli).to.be.instanceOf(ConfigError);
      expect((cli as Error).message).to.include(`are of the log of ${PG}`);
      const same = await start(on(first, postgres));
      const health = await fetch(`${same.url}/health`);
      expect(health.status).to.equal(200);
      await same.close();
    });

    it('events:import into KurrentDB re-points the checkpoints and records the new log: a KurrentDB server then starts and catches up', async () => {
      const prefix = `moved_${process.pid}_${Date.now()}`;
      const file = join(dirs[0] ?? tmpdir(), `log-${prefix}.ndjson`);
      await runExport(first.config, file);
      // --keep-checkpoints would keep PostgreSQL positions for a KurrentDB log: refused before anything is written.
      const kept = await runImport(on(first, kurrent(prefix)), file, { keepCheckpoints: true }).then(() => null, (e: unknown) => e);
      expect(kept).to.be.instanceOf(ConfigError);
      expect((kept as Error).message).to.include(`--keep-checkpoints: The positions in this database`);
      await first.close(); // the PostgreSQL instance stops for the move
      const r = await runImport(on(first, kurrent(prefix)), file);
      expect(r.imported).to.be.greaterThan(0);
      const moved = await start(on(first, kurrent(prefix)));
      const head = await moved.deps.store.head();
      expect(await moved.deps.projections.waitFor(head, 30_000), 'read models').to.equal(true);
      expect(await moved.deps.auditLog!.waitFor(head, 30_000), 'audit log').to.equal(true);
      expect(moved.deps.auditLog!.failing()).to.deep.equal([]);
      // And the PostgreSQL configuration is the foreign one now.
      expect(await refusal(on(first, postgres))).to.include(`this process is configured for ${PG}`);
    });
  });

  describe('a database whose checkpoints are KurrentDB positions', () => {
    let first: TestServer;
    const prefix = `log_${process.pid}_${Date.now()}`;
    before(async () => {
      first = await startTestServer({ env: kurrent(prefix) });
      await withCheckpoints(first);
    });
    after(async () => first?.stop());

    it('refuses a PostgreSQL server and command, and a KurrentDB one with another streamPrefix; the same log starts', async () => {
      const recorded = `are of the log of KurrentDB (EVENT_STORE=kurrentdb, streamPrefix=${prefix} in KURRENTDB_URL)`;
      const message = await refusal(on(first, postgres));
      expect(message).to.include(recorded);
      expect(message).to.include(`this process is configured for ${PG}`);
      const cli = await rebuildProjections(on(first, postgres)).then(() => null, (e: unknown) => e);
      expect(cli).to.be.instanceOf(ConfigError);
      expect((cli as Error).message).to.include(recorded);
      expect(await refusal(on(first, kurrent(`${prefix}x`)))).to.include(`configured for KurrentDB (EVENT_STORE=kurrentdb, streamPrefix=${prefix}x`);
      const same = await start(on(first, kurrent(prefix)));
      expect((await fetch(`${same.url}/health`)).status).to.equal(200);
      await same.close();
    });
  });
});
