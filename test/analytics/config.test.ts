import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../../src/platform/config.ts';
import { generateSignerKey } from '../../src/platform/audit/note.ts';

// ANALYTICS_PEPPER is kept like the other secrets: required in production, generated once (and
// then read back) outside it; ANALYTICS_MIN_CELL is a bounded integer.
describe('analytics settings', () => {
  let dir: string;
  beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'practice-analytics-config-')); });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const production = {
    NODE_ENV: 'production', DATA_DIR: '/nonexistent', DATABASE_URL: 'postgres://x@127.0.0.1/x', JWT_SECRET: 'j'.repeat(32),
    MASTER_KEY: 'm'.repeat(32), ADMIN_EMAIL: 'a@b.c', ADMIN_PASSWORD: 'secret-password',
    AUDIT_SIGNING_KEY: generateSignerKey('practice.example/audit'), // also required in production, read first
  };

  it('refuses to start in production without a pepper of at least 32 characters', () => {
    expect(() => loadConfig(production)).to.throw(ConfigError, 'ANALYTICS_PEPPER is required in production');
    expect(() => loadConfig({ ...production, ANALYTICS_PEPPER: 'short' })).to.throw(ConfigError, 'ANALYTICS_PEPPER must have at least 32 characters');
    expect(loadConfig({ ...production, ANALYTICS_PEPPER: 'p'.repeat(40) }).analyticsPepper).to.equal('p'.repeat(40));
  });

  it('generates the pepper once outside production, readable by the owner only, and keeps it', () => {
    const first = loadConfig({ DATA_DIR: dir }).analyticsPepper;
    expect(first).to.have.length.greaterThanOrEqual(32);
    expect(readFileSync(join(dir, '.analytics_pepper'), 'utf8')).to.equal(first);
    expect(statSync(join(dir, '.analytics_pepper')).mode & 0o077).to.equal(0);
    expect(loadConfig({ DATA_DIR: dir }).analyticsPepper).to.equal(first);
    const other = mkdtempSync(join(tmpdir(), 'practice-analytics-other-'));
    try {
      expect(loadConfig({ DATA_DIR: other }).analyticsPepper, 'another deployment').to.not.equal(first);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('takes ANALYTICS_MIN_CELL between 1 and 1000 (default 5)', () => {
    expect(loadConfig({ DATA_DIR: dir }).analyticsMinCell).to.equal(5);
    expect(loadConfig({ DATA_DIR: dir, ANALYTICS_MIN_CELL: '10' }).analyticsMinCell).to.equal(10);
    for (const bad of ['0', '1001', 'five', '2.5']) expect(() => loadConfig({ DATA_DIR: dir, ANALYTICS_MIN_CELL: bad }), bad).to.throw(ConfigError, 'ANALYTICS_MIN_CELL');
  });
});
