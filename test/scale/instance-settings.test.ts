import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../../src/platform/config.ts';

// The timings and sizes of several instances on one database (docs/scaling.md, operations.md).
describe('settings of several instances', () => {
  let dir: string;
  beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'practice-instance-config-')); });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('defaults: a 5 s outbox claim, presence beats every second and times out after 3 s, a pool of 12', () => {
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).to.include({ outboxClaimMs: 5_000, presenceHeartbeatMs: 1_000, presenceTimeoutMs: 3_000, databasePoolMax: 12 });
  });

  it('reads them, and refuses a presence timeout shorter than two beats or a pool under 4', () => {
    const c = loadConfig({ DATA_DIR: dir, OUTBOX_CLAIM_MS: '2000', PRESENCE_HEARTBEAT_MS: '500', PRESENCE_TIMEOUT_MS: '1000', DATABASE_POOL_MAX: '8' });
    expect(c).to.include({ outboxClaimMs: 2_000, presenceHeartbeatMs: 500, presenceTimeoutMs: 1_000, databasePoolMax: 8 });
    expect(() => loadConfig({ DATA_DIR: dir, PRESENCE_HEARTBEAT_MS: '2000', PRESENCE_TIMEOUT_MS: '3000' })).to.throw(ConfigError, 'PRESENCE_TIMEOUT_MS (3000) must be at least twice PRESENCE_HEARTBEAT_MS (2000)');
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_POOL_MAX: '2' })).to.throw(ConfigError, 'DATABASE_POOL_MAX');
    expect(() => loadConfig({ DATA_DIR: dir, OUTBOX_CLAIM_MS: 'soon' })).to.throw(ConfigError, 'OUTBOX_CLAIM_MS');
  });
});
