import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { newPaciente, practice } from '../clinico/support.ts';
import { leafHash, verifyConsistency, verifyInclusion } from './rfc9162.ts';
import { checkpointCovering, eventCount, logEvents, openWithKey } from './support.ts';
import { generateSignerKey, parseSignerKey } from '../../src/platform/audit/note.ts';

describe('audit: the tamper-evident log over HTTP', function () {
  this.timeout(60_000);
  let srv: TestServer;
  let admin: string;

  before(async () => {
    srv = await startTestServer();
    admin = await srv.adminToken();
    await practice(srv, admin);
    await newPaciente(srv);
  });
  after(() => srv?.stop());

  it('signs a checkpoint covering every event, with the key it serves, in the tlog-checkpoint format', async () => {
    const n = await eventCount(srv);
    const cp = await checkpointCovering(srv, admin, n);
    const key = await srv.request('GET', '/audit/v1/key', { token: admin });
    expect(key.headers.get('content-type')).to.match(/^text\/plain/);
    expect(key.text).to.match(/^[^+\s]+\+[0-9a-f]{8}\+[A-Za-z0-9+/]{44}$/);
    expect(cp.origin).to.equal(key.text.split('+')[0]);
    expect(cp.note).to.match(/^[^\n]+\n(0|[1-9]\d*)\n[A-Za-z0-9+/]{43}=\n\n\u2014 \S+ \S+\n$/);
  });

  it('proves every event in the signed tree with RFC 9162 inclusion proofs whose leaves are the events', async () => {
    const cp = await checkpointCovering(srv, admin, await eventCount(srv));
    const events = (await logEvents(srv)).slice(0, cp.size);
    expect(events.length).to.equal(cp.size);
    for (const [i, e] of events.entries()) {
      const row = { event_id: e.metadata.eventId, stream_id: e.streamId, stream_revision: e.revision, type: e.type };
      const r = await srv.request('GET', `/audit/v1/proof/inclusion?eventId=${row.event_id}&treeSize=${cp.size}`, { token: admin });
      expect(r.status, r.text).to.equal(200);
      expect(r.body.leafIndex, 'log order').to.equal(i);
      const leaf = Buffer.from(r.body.leaf, 'base64');
      expect(leaf.toString('utf8').split('\n').slice(0, 5)).to.deep.equal(['practice.audit.leaf/v1', row.event_id, row.stream_id, String(row.stream_revision), row.type]);
      const hashes = r.body.hashes.map((h: string) => Buffer.from(h, 'base64'));
      expect(verifyInclusion(i, cp.size, leafHash(leaf), hashes, cp.root), `event ${i}`).to.equal(true);
    }
  });

  it('proves a later checkpoint consistent with an earlier one', async () => {
    const first = await checkpointCovering(srv, admin, await eventCount(srv));
    await newPaciente(srv);
    const second = await checkpointCovering(srv, admin, await eventCount(srv));
    expect(second.size).to.be.above(first.size);
    const r = await srv.request('GET', `/audit/v1/proof/consistency?from=${first.size}&to=${second.size}`, { token: admin });
    expect(r.status, r.text).to.equal(200);
    expect(r.body).to.include({ from: first.size, to: second.size });
    const proof = r.body.hashes.map((h: string) => Buffer.from(h, 'base64'));
    expect(verifyConsistency(first.size, second.size, first.root, second.root, proof)).to.equal(true);
    // The default tree size of an inclusion proof is the latest signed checkpoint's.
    const [oldest] = await logEvents(srv);
    const inc = await srv.request('GET', `/audit/v1/proof/inclusion?eventId=${oldest.metadata.eventId}`, { token: admin });
    expect(inc.body.treeSize).to.be.at.least(second.size);
  });

  it('answers bad or unknown parameters 400 and an event not in the tree 404 with a retry message', async () => {
    const size = (await checkpointCovering(srv, admin, 1)).size;
    const bad = [
      '/audit/v1/proof/inclusion?eventId=nope', '/audit/v1/proof/inclusion', `/audit/v1/proof/inclusion?eventId=${crypto.randomUUID()}&treeSize=-1`,
      `/audit/v1/proof/inclusion?eventId=${crypto.randomUUID()}&treeSize=0`, `/audit/v1/proof/inclusion?eventId=${crypto.randomUUID()}&foo=1`,
      `/audit/v1/proof/inclusion?eventId=${crypto.randomUUID()}&treeSize=${size + 1000000}`,
      '/audit/v1/proof/consistency?from=2&to=1', '/audit/v1/proof/consistency?from=1', '/audit/v1/proof/consistency?from=a&to=2',
      `/audit/v1/proof/consistency?from=1&to=${size + 1000000}`, '/audit/v1/proof/consistency?from=01&to=2', '/audit/v1/proof/consistency?from=1&to=2&to=3',
    ];
    for (const path of bad) {
      const r = await srv.request('GET', path, { token: admin });
      expect(r.status, `${path}: ${r.text}`).to.equal(400);
      expect(r.body.mensaje, path).to.be.a('string').and.not.empty;
    }
    const missing = await srv.request('GET', `/audit/v1/proof/inclusion?eventId=${crypto.randomUUID()}`, { token: admin });
    expect(missing.status).to.equal(404);
    expect(missing.body.mensaje).to.match(/vuelva a intentarlo/);
  });

  it('is closed to anonymous callers, patients and psychologists', async () => {
    const { psicologo, paciente } = await practice(srv, admin);
    for (const path of ['/audit/v1/checkpoint', '/audit/v1/key', '/audit/v1/proof/consistency?from=0&to=1']) {
      expect((await srv.request('GET', path)).status, path).to.equal(401);
      expect((await srv.request('GET', path, { token: paciente.token })).status, path).to.equal(403);
      expect((await srv.request('GET', path, { token: psicologo.token })).status, path).to.equal(403);
    }
  });

  it('during a key rotation signs with the new key and the previous one, and lists both keys', async () => {
    const old = generateSignerKey('practice.example/audit-test');
    const rotated = generateSignerKey('practice.example/audit-test');
    const other = await startTestServer({ env: { AUDIT_SIGNING_KEY: rotated, AUDIT_PREVIOUS_SIGNING_KEY: old } });
    try {
      const token = await other.adminToken();
      const vkey = (await other.request('GET', '/audit/v1/key', { token })).text;
      expect(vkey).to.equal(parseSignerKey(rotated).text);
      const cp = await checkpointCovering(other, token, await eventCount(other));
      expect(() => openWithKey(cp.note, parseSignerKey(old).text), 'old key').not.to.throw();
      expect(() => openWithKey(cp.note, vkey), 'new key').not.to.throw();
      const keys = (await other.request('GET', '/audit/v1/keys', { token })).text.trim().split('\n');
      expect(keys).to.have.members([parseSignerKey(old).text, vkey]);
      expect(keys.at(-1)).to.equal(vkey);
    } finally {
      await other.stop();
    }
  });
});
