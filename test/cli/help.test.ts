import { expect } from 'chai';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { runCli } from './support.ts';

// Every command of package.json, with a bad value of its own beside the unknown argument.
const COMMANDS: { script: string; bad: string[] }[] = [
  { script: 'rebuild-projections', bad: ['--in-place', '--shadow'] },
  { script: 'projections-parked', bad: ['--retry', 'x'] },
  { script: 'agenda-upgrade', bad: ['now'] },
  { script: 'events-export', bad: [] },
  { script: 'events-import', bad: ['--in', '/nonexistent/practice.ndjson'] },
  { script: 'seed-demo', bad: ['--admin'] },
  { script: 'rotate-master-key', bad: ['--key', 'x'] },
  { script: 'secrets-adopt', bad: ['--secret', 'MASTER_KEY'] },
  { script: 'audit-replay', bad: ['--paciente', 'abc'] },
  { script: 'analytics-grant', bad: ['--role', 'Ana María'] },
  { script: 'analytics-export', bad: ['--out', 'x', '--format', 'xlsx'] },
  { script: 'audit-export', bad: ['--force'] },
  { script: 'audit-verify', bad: ['/nonexistent/bundle'] },
  { script: 'audit-keygen', bad: ['--origin', 'a b'] },
  { script: 'billing-verify', bad: ['--json'] },
];

async function tables(db: TestDatabase): Promise<string[]> {
  const { rows } = await db.knex.raw("select table_schema || '.' || table_name as t from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema') order by 1");
  return rows.map((r: { t: string }) => r.t);
}

describe('every command: --help and wrong arguments touch nothing', function () {
  this.timeout(120_000);
  let db: TestDatabase;
  let dataDir: string;
  let env: Record<string, string>;

  // An empty database (not migrated) and an empty data folder: any command that got as far as opening
  // the database would migrate it, and loading the configuration would write secrets into the folder.
  before(async () => {
    db = await createTestDatabase({ migrate: false });
    dataDir = mkdtempSync(join(tmpdir(), 'practice-cli-help-'));
    env = { DATABASE_URL: db.url, DATA_DIR: dataDir, NEW_MASTER_KEY: 'n'.repeat(40) };
  });
  after(async () => {
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  afterEach(async () => {
    expect(readdirSync(dataDir), 'data folder').to.deep.equal([]);
    expect(await tables(db), 'database tables').to.deep.equal([]);
  });

  for (const { script, bad } of COMMANDS) {
    it(`${script}: --help prints the usage on stdout and exits 0`, async () => {
      const r = await runCli(script, ['--help'], env);
      expect(r.code, r.stderr).to.equal(0);
      expect(r.stdout).to.match(/^Usage: /);
      expect(r.stdout).to.include('--help');
      expect(r.stderr).to.equal('');
    });

    it(`${script}: an unknown argument or a bad value exits 2 with the usage on stderr`, async () => {
      const cases = [['--hlep'], ...(bad.length ? [bad] : []), ['--help', 'extra']];
      const results = await Promise.all(cases.map((args) => runCli(script, args, env)));
      for (const [i, r] of results.entries()) {
        const args = cases[i];
        expect(r.code, `${args.join(' ')}: ${r.stderr}`).to.equal(2);
        expect(r.stdout, args.join(' ')).to.equal('');
        expect(r.stderr, args.join(' ')).to.include('Usage: ');
      }
    });
  }

  it('events:export without --out and audit:replay without --paciente are usage errors too', async () => {
    const cases = [['events-export', []], ['audit-replay', ['--paciente', '1', '--as-of', '2024-13-01T10:00']], ['audit-replay', []]] as const;
    const results = await Promise.all(cases.map(([script, args]) => runCli(script, [...args], env)));
    for (const [i, r] of results.entries()) {
      const script = cases[i][0];
      expect(r.code, `${script}: ${r.stderr}`).to.equal(2);
      expect(r.stderr).to.include('Usage: ');
    }
  });
});
