import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../support/server.ts';
import { randomUUID } from 'node:crypto';
import { asignar, newPaciente, practice } from '../clinico/support.ts';
import { newFirmante, PASSWORD } from '../clinico/firma-support.ts';
import { runAuditExport } from '../../src/cli/audit-export.ts';
import { runAuditVerify } from '../../src/cli/audit-verify.ts';
import { signCheckpoint } from '../../src/platform/audit/checkpoint.ts';
import { generateSignerKey, parseSignerKey } from '../../src/platform/audit/note.ts';
import { allProjections } from '../../src/projections/index.ts';
import { resetProjections } from '../../src/projections/runner.ts';
import { PROJECTION_OPTIONS } from '../support/db.ts';
import { runCli, serverEnv } from '../cli/support.ts';
import { checkpointCovering, eventCount } from './support.ts';

// Tampering through SQL on a running service, then an export and the offline verifier, which
// must name the event. Each case undoes its change, so the next starts from an untouched log.
describe('audit: the offline verifier against tampering', function () {
  this.timeout(120_000);
  let srv: TestServer;
  let admin: string;
  let work: string;
  let keyFile: string;
  let trustedFile: string;
  let n = 0;

  const bundle = async () => {
    const dir = join(work, `bundle-${n++}`);
    await runAuditExport(srv.config, dir);
    return dir;
  };
  const verify = async (dir: string, trusted = trustedFile) => runAuditVerify(dir, { key: keyFile, trusted });
  const settled = async () => checkpointCovering(srv, admin, await eventCount(srv));
  const row = async (where: string) => (await srv.deps.knex.raw(`select * from events where ${where} order by tx_id, global_position limit 1`)).rows[0];

  before(async function () {
    // Tampering goes through PostgreSQL's events table; with KurrentDB the log lives elsewhere.
    if (process.env.TEST_EVENT_STORE === 'kurrentdb') this.skip();
    srv = await startTestServer();
    admin = await srv.adminToken();
    await practice(srv, admin);
    await newPaciente(srv);
    work = mkdtempSync(join(tmpdir(), 'practice-audit-'));
    keyFile = join(work, 'key.txt');
    writeFileSync(keyFile, (await srv.request('GET', '/audit/v1/key', { token: admin })).text);
    trustedFile = join(work, 'trusted.txt');
    writeFileSync(trustedFile, (await settled()).note);
    await newPaciente(srv);
    await settled();
  });
  after(async () => {
    await srv?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('verifies an untouched log against the key and a checkpoint saved earlier (the command exits 0)', async () => {
    const dir = await bundle();
    const report = await verify(dir);
    expect(report.failure).to.equal(null);
    expect(report).to.include({ verified: true, events: await eventCount(srv) });
    expect(report.trustedCheckpoint!.consistent).to.equal(true);
    const cli = await runCli('audit-verify', [dir, '--key', keyFile, '--trusted-checkpoint', trustedFile], {});
    expect(cli.code, cli.stderr).to.equal(0);
    expect(JSON.parse(cli.stdout).verified).to.equal(true);
  });

  it('names the event when one byte of its data changed (the command exits 1)', async () => {
    const e = await row("type = 'PacienteRegistrado'");
    const field = Object.keys(e.data).find((k) => typeof e.data[k] === 'string' && e.data[k].length > 4)!;
    const changed = { ...e.data, [field]: `${e.data[field].slice(0, -2)}${e.data[field].at(-2) === 'A' ? 'B' : 'A'}${e.data[field].at(-1)}` };
    await srv.deps.knex.raw('update events set data = ? where event_id = ?', [JSON.stringify(changed), e.event_id]);
    try {
      const dir = await bundle();
      const report = await verify(dir);
      expect(report.verified).to.equal(false);
      expect(report.failure!.eventId).to.equal(e.event_id);
      expect(report.failure!.reason).to.match(/changed after it entered the tree.*data/);
      const cli = await runCli('audit-verify', [dir, '--key', keyFile], {});
      expect(cli.code).to.equal(1);
      expect(JSON.parse(cli.stdout).failure.eventId).to.equal(e.event_id);
    } finally {
      await srv.deps.knex.raw('update events set data = ? where event_id = ?', [JSON.stringify(e.data), e.event_id]);
    }
  });

  it('names a deleted event', async () => {
    const e = await row("stream_revision > 0 and type <> 'PacienteRegistrado'");
    await srv.deps.knex.raw('delete from events where event_id = ?', [e.event_id]);
    try {
      const report = await verify(await bundle());
      expect(report.verified).to.equal(false);
      expect(report.failure!.eventId).to.equal(e.event_id);
      expect(report.failure!.reason).to.match(/deleted from the log or moved/);
    } finally {
      await srv.deps.knex.raw(
        'insert into events (global_position, tx_id, event_id, stream_id, stream_revision, type, data, metadata, recorded_at) overriding system value values (?, ?::text::xid8, ?, ?, ?, ?, ?, ?, ?)',
        [e.global_position, e.tx_id, e.event_id, e.stream_id, e.stream_revision, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata), e.recorded_at],
      );
    }
  });

  it('names an event moved in the log (two events swapped)', async () => {
    const { rows } = await srv.deps.knex.raw('select distinct on (tx_id) event_id, tx_id::text as tx from events order by tx_id, global_position offset 3 limit 2');
    const [a, b] = rows;
    expect(a.tx).not.to.equal(b.tx);
    const swap = (x: string, y: string) => srv.deps.knex.raw(
      'update events set tx_id = case event_id when ? then ?::text::xid8 else ?::text::xid8 end where event_id in (?, ?)', [x, b.tx, a.tx, x, y],
    );
    await swap(a.event_id, b.event_id);
    try {
      const report = await verify(await bundle());
      expect(report.verified).to.equal(false);
      expect(report.failure!.eventId).to.equal(a.event_id);
    } finally {
      await srv.deps.knex.raw('update events set tx_id = case event_id when ? then ?::text::xid8 else ?::text::xid8 end where event_id in (?, ?)', [a.event_id, a.tx, b.tx, a.event_id, b.event_id]);
    }
    expect((await verify(await bundle())).verified, 'restored').to.equal(true);
  });

  it('refuses a forked checkpoint of the same size, as the trusted one and as the bundle\'s', async () => {
    const dir = await bundle();
    const cp = await settled();
    const forkedRoot = Buffer.from(cp.root);
    forkedRoot[0] ^= 1;
    const forked = signCheckpoint(cp.origin, cp.size, forkedRoot, [srv.config.audit.signer]);
    const forkedFile = join(work, 'forked.txt');
    writeFileSync(forkedFile, forked);
    const asTrusted = await verify(dir, forkedFile);
    expect(asTrusted.verified).to.equal(false);
    expect(asTrusted.failure!.reason).to.match(/fork/);
    writeFileSync(join(dir, 'checkpoint.txt'), forked);
    const asBundle = await verify(dir);
    expect(asBundle.verified).to.equal(false);
    expect(asBundle.failure!.reason).to.match(/root .* is not the signed checkpoint's/);
  });

  it('refuses a checkpoint signed by another key, and a bundle checked against its own key says so', async () => {
    const dir = await bundle();
    const other = join(work, 'other-key.txt');
    writeFileSync(other, parseSignerKey(generateSignerKey(srv.config.audit.signer.name)).text);
    const refused = await runAuditVerify(dir, { key: other });
    expect(refused.verified).to.equal(false);
    expect(refused.failure!.reason).to.match(/no signature by a known key/);
    const own = await runAuditVerify(dir);
    expect(own.verified).to.equal(true);
    expect(own.keySource).to.match(/bundle/);
  });

  it('still verifies after an erasure (crypto-shredded events) and after a rebuild of the read models', async () => {
    const gone = await newPaciente(srv);
    const r = await srv.request('DELETE', `/api/pacientes/${gone.idPaciente}`, { token: admin });
    expect(r.status, r.text).to.be.oneOf([200, 204]);
    await resetProjections(srv.deps.knex, allProjections(PROJECTION_OPTIONS));
    await settled();
    const report = await verify(await bundle());
    expect(report.failure).to.equal(null);
    expect(report.verified).to.equal(true);
  });

  // Last: the event written past the service stays in the log and the tree.
  it('names a signed record whose stored data changed, and an event that changes a signed record past the service', async () => {
    const psi = await newFirmante(srv, admin, 'Lucia');
    const pac = await newPaciente(srv);
    await asignar(srv, admin, pac.idPaciente, psi.idPsicologo);
    const body = { idPaciente: pac.idPaciente, titulo: 'Evaluación', diagnostico: 'Ansiedad', tratamiento: 'TCC', observaciones: null };
    const created = await srv.request('POST', '/api/psicologo/historial-clinico', { token: psi.token, body });
    expect(created.status, created.text).to.equal(201);
    const id = created.body.idHistory;
    const signed = await srv.request('POST', `/api/psicologo/historial-clinico/${id}/firma`, { token: psi.token, body: { password: PASSWORD } });
    expect(signed.status, signed.text).to.equal(201);
    await settled();
    const record = await row(`stream_id = 'historial-${id}' and type = 'HistorialCreado'`);
    const sealed = record.data.diagnostico as string;
    const changed = { ...record.data, diagnostico: `${sealed.slice(0, 10)}${sealed[10] === 'Q' ? 'R' : 'Q'}${sealed.slice(11)}` };
    await srv.deps.knex.raw('update events set data = ? where event_id = ?', [JSON.stringify(changed), record.event_id]);
    try {
      const report = await verify(await bundle());
      expect(report.verified).to.equal(false);
      expect(report.failure!.eventId).to.equal(record.event_id);
    } finally {
      await srv.deps.knex.raw('update events set data = ? where event_id = ?', [JSON.stringify(record.data), record.event_id]);
    }
    // A deletion written straight to the log (past the service's 409) is in the tree, but breaks the record's rule.
    const meta = { eventId: randomUUID(), actor: { idUsuario: null, rol: 'SYSTEM' }, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() };
    await srv.deps.store.append([{ streamId: `historial-${id}`, expected: 1n, events: [{ type: 'HistorialEliminado', data: { idHistory: id, idPaciente: pac.idPaciente }, metadata: meta }] }]);
    await settled();
    const report = await verify(await bundle());
    expect(report.verified).to.equal(false);
    expect(report.failure!.eventId).to.equal(meta.eventId);
    expect(report.failure!.reason).to.match(/after it was signed/);
  });
});
