import { expect } from 'chai';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSignerKey } from '../../src/platform/audit/note.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { runCli } from './support.ts';

// A new user ran `npm run -s audit:export -- --out DIR` without the service's DATA_DIR: the command
// made a new ./data (a fresh embedded PostgreSQL and new secrets), left an empty bundle folder and
// blamed the service. Every command that works on the service's data must find it or say where it
// looked and which variable to set, exit non-zero, and leave nothing behind.
const COMMANDS: { script: string; args: (out: string) => string[] }[] = [
  { script: 'audit-export', args: (out) => ['--out', out] },
  { script: 'audit-replay', args: () => ['--paciente', '1'] },
  { script: 'events-export', args: (out) => ['--out', out] },
  { script: 'analytics-export', args: (out) => ['--out', out] },
  { script: 'analytics-grant', args: () => ['--role', 'ana_test'] },
  { script: 'projections-parked', args: () => [] },
  { script: 'rebuild-projections', args: () => [] },
  { script: 'agenda-upgrade', args: () => [] },
  { script: 'rotate-master-key', args: () => [] },
];

async function tables(db: TestDatabase): Promise<string[]> {
  const { rows } = await db.knex.raw("select table_schema || '.' || table_name as t from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema') order by 1");
  return rows.map((r: { t: string }) => r.t);
}

describe('commands on the service\'s data: never a new data folder, secrets or database', function () {
  this.timeout(120_000);
  let work: string;
  let db: TestDatabase;
  let n = 0;
  const out = () => join(work, `out-${n++}`);

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'practice-service-data-'));
    db = await createTestDatabase({ migrate: false });
  });
  after(async () => {
    await db?.drop();
    rmSync(work, { recursive: true, force: true });
  });

  for (const { script, args } of COMMANDS) {
    it(`${script}: a DATA_DIR that does not exist is named, with the variable to set, and not created`, async () => {
      const dataDir = join(work, `${script}-missing`);
      const target = out();
      const r = await runCli(script, args(target), { DATA_DIR: dataDir });
      expect(r.code, r.stderr).to.equal(2);
      expect(r.stderr).to.include(dataDir).and.include('Set DATA_DIR to the data folder the service runs with');
      expect(existsSync(dataDir), 'data folder').to.equal(false);
      expect(existsSync(target), '--out').to.equal(false);
    });

    it(`${script}: with DATABASE_URL, an empty DATA_DIR gets no secret files and the database no tables`, async () => {
      const dataDir = join(work, `${script}-empty`);
      mkdirSync(dataDir);
      const target = out();
      const r = await runCli(script, args(target), { DATA_DIR: dataDir, DATABASE_URL: db.url });
      expect(r.code, r.stderr).to.equal(2);
      expect(r.stderr).to.include(dataDir).and.include('.master_key').and.include('MASTER_KEY');
      expect(readdirSync(dataDir), 'data folder').to.deep.equal([]);
      expect(existsSync(target), '--out').to.equal(false);
      expect(await tables(db), 'tables').to.deep.equal([]);
    });
  }

  describe('with every secret given', () => {
    const secrets = () => ({
      JWT_SECRET: 'j'.repeat(40), MASTER_KEY: 'm'.repeat(40), ANALYTICS_PEPPER: 'p'.repeat(40), AUDIT_SIGNING_KEY: generateSignerKey('test.example/audit'),
    });

    it('audit-export: a DATABASE_URL without the service\'s tables is refused, not migrated', async () => {
      const dataDir = mkdtempSync(join(work, 'secrets-'));
      const target = out();
      const r = await runCli('audit-export', ['--out', target], { ...secrets(), DATA_DIR: dataDir, DATABASE_URL: db.url });
      expect(r.code, r.stderr).to.equal(2);
      expect(r.stderr).to.include('DATABASE_URL names a database without the service\'s tables');
      expect(await tables(db), 'tables').to.deep.equal([]);
      expect(readdirSync(dataDir), 'data folder').to.deep.equal([]);
      expect(existsSync(target), '--out').to.equal(false);
    });

    it('audit-export: without DATABASE_URL, a DATA_DIR without the embedded PostgreSQL gets no new one', async () => {
      const dataDir = mkdtempSync(join(work, 'secrets-'));
      const target = out();
      const r = await runCli('audit-export', ['--out', target], { ...secrets(), DATA_DIR: dataDir });
      expect(r.code, r.stderr).to.equal(2);
      expect(r.stderr).to.include(`no service database in ${dataDir}/postgres`).and.include('DATABASE_URL');
      expect(readdirSync(dataDir), 'data folder').to.deep.equal([]);
      expect(existsSync(target), '--out').to.equal(false);
    });
  });
});
