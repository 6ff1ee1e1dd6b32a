import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startKurrentStandIn, type KurrentStandIn } from '../kurrentdb-wire/server.ts';
import { practice } from '../clinico/support.ts';
import { runAuditExport } from '../../src/cli/audit-export.ts';
import { runAuditVerify } from '../../src/cli/audit-verify.ts';
import { leafHash, verifyInclusion } from '../audit/rfc9162.ts';
import { checkpointCovering, logEvents } from '../audit/support.ts';

// The tamper-evident log with the events in KurrentDB (a server with KURRENTDB_URL, else the gRPC
// stand-in): leaves in $all's order, proofs, and an exported bundle the offline verifier accepts.
const url = process.env.KURRENTDB_URL;

describe(url ? 'audit log on a KurrentDB server' : 'audit log on KurrentDB over gRPC (stand-in server)', function () {
  this.timeout(120_000);
  let standIn: KurrentStandIn | undefined;
  let s: TestServer;
  let admin: string;
  let work: string;

  before(async () => {
    let base = url;
    if (!base) {
      standIn = await startKurrentStandIn();
      base = standIn.url;
    }
    const prefix = `audit_${process.pid}_${Date.now()}`;
    s = await startTestServer({ env: { EVENT_STORE: 'kurrentdb', KURRENTDB_URL: `${base}${base.includes('?') ? '&' : '?'}streamPrefix=${prefix}` } });
    admin = await s.adminToken();
    work = mkdtempSync(join(tmpdir(), 'practice-audit-kdb-'));
  });
  after(async () => {
    await s?.stop();
    await standIn?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('proves every event of the log in $all order and exports a bundle that verifies offline', async () => {
    expect(s.config.eventStore).to.equal('kurrentdb');
    await practice(s, admin);
    const events = await logEvents(s);
    const cp = await checkpointCovering(s, admin, events.length);
    for (const [i, e] of events.slice(0, cp.size).entries()) {
      const r = await s.request('GET', `/audit/v1/proof/inclusion?eventId=${e.metadata.eventId}&treeSize=${cp.size}`, { token: admin });
      expect(r.status, r.text).to.equal(200);
      expect(r.body.leafIndex).to.equal(i);
      const proof = r.body.hashes.map((h: string) => Buffer.from(h, 'base64'));
      expect(verifyInclusion(i, cp.size, leafHash(Buffer.from(r.body.leaf, 'base64')), proof, cp.root)).to.equal(true);
    }
    const keyFile = join(work, 'key.txt');
    writeFileSync(keyFile, (await s.request('GET', '/audit/v1/key', { token: admin })).text);
    await runAuditExport(s.config, join(work, 'bundle'));
    const report = await runAuditVerify(join(work, 'bundle'), { key: keyFile });
    expect(report.failure).to.equal(null);
    expect(report.verified).to.equal(true);
    expect(report.leaves).to.be.at.least(cp.size);
  });
});
