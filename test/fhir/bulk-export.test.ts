import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { ManualClock } from '../../src/platform/clock.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { assertValidFhir } from '../support/fhir-validate.ts';
import { asignar, newPaciente, newPsicologo, type Paciente, type Psicologo } from '../clinico/support.ts';
import { ASYNC, UNTHROTTLED, deletedOf, download, gate, kickoff, manifestOf, outputOf, pathOf } from './bulk-support.ts';

// HL7 Bulk Data Access 2.0.0 export, as the Inferno Bulk Data test kit checks a server:
// kick-off, polling, manifest, files, _type, _since, deleted, cancellation, expiry, tokens; and
// the issue's own test: a write during an export is in the next `_since` export, exactly once.

describe('FHIR Bulk Data export', function () {
  this.timeout(120_000);
  let srv: TestServer;
  let clock: ManualClock;
  let admin: string;
  let psiA: Psicologo;
  let psiB: Psicologo;
  let pacA1: Paciente;
  let pacA2: Paciente;
  let pacB: Paciente;
  const get = (path: string, token?: string, headers: Record<string, string> = {}) => srv.request('GET', `/fhir/R4/${path}`, { token, headers });
  const outcome = async (p: Promise<{ status: number; body: any; text: string }>, status: number) => {
    const r = await p;
    expect(r.status, r.text).to.equal(status);
    expect(r.body.resourceType).to.equal('OperationOutcome');
    assertValidFhir(r.body);
    return r.body;
  };
  const ids = (resources: any[] | undefined) => (resources ?? []).map((r) => r.id).sort();
  /** A whole export: kick-off, polls, manifest. */
  const exportAll = async (path: string, token = admin) => manifestOf(srv, clock, await kickoff(srv, path, token), token);

  before(async () => {
    clock = new ManualClock(new Date());
    // Many kick-offs of one admin within a few seconds of the manual clock: the kick-off rate and the
    // exports kept are bounded in bulk-quotas.test.ts.
    srv = await startTestServer({ clock, env: { BULK_EXPORT_RETRY_AFTER_SECONDS: '1', BULK_EXPORT_TTL_HOURS: '2', ...UNTHROTTLED } });
    admin = await srv.adminToken();
    [psiA, psiB] = [await newPsicologo(srv, admin), await newPsicologo(srv, admin)];
    [pacA1, pacA2, pacB] = [await newPaciente(srv), await newPaciente(srv), await newPaciente(srv)];
    await asignar(srv, admin, pacA1.idPaciente, psiA.idPsicologo);
    await asignar(srv, admin, pacA2.idPaciente, psiA.idPsicologo);
    await asignar(srv, admin, pacB.idPaciente, psiB.idPsicologo);
  });
  after(async () => {
    if (srv) srv.fhirExport.afterPage = undefined;
    await srv?.stop();
  });

  describe('kick-off', () => {
    it('refuses a kick-off without Prefer: respond-async, with an OperationOutcome', async () => {
      await outcome(get('$export', admin), 400);
      await outcome(get('$export', admin, { Prefer: 'respond-sync' }), 400);
      await outcome(get('Patient/$export', admin, { Accept: 'application/fhir+json' }), 400);
    });

    it('refuses a bad _outputFormat, an unknown _type, a malformed _since, an unsupported or unknown parameter, a bad Accept', async () => {
      await outcome(get('$export?_outputFormat=application/xml', admin, ASYNC), 400);
      await outcome(get('$export?_type=Patient,Nonsense', admin, ASYNC), 400);
      await outcome(get('$export?_since=yesterday', admin, ASYNC), 400);
      await outcome(get('$export?_since=2026-13-01T00:00:00Z', admin, ASYNC), 400);
      await outcome(get('$export?_since=2026-01-01T00:00:00Z&_since=2026-01-02T00:00:00Z', admin, ASYNC), 400);
      for (const p of ['_typeFilter=Patient%3Fname%3DAna', '_elements=id', 'includeAssociatedData=LatestProvenanceResources', 'patient=Patient/1', 'foo=bar']) {
        await outcome(get(`$export?${p}`, admin, ASYNC), 400);
      }
      await outcome(get('$export', admin, { Prefer: 'respond-async', Accept: 'application/xml' }), 400);
    });

    it('accepts the three spellings of ndjson and answers 202 with an absolute Content-Location', async () => {
      for (const f of ['application/fhir%2Bndjson', 'application/ndjson', 'ndjson']) {
        const status = await kickoff(srv, `$export?_outputFormat=${f}&_type=Group`, admin);
        expect((await srv.request('DELETE', status, { token: admin })).status).to.equal(202);
      }
    });

    it('lets only an admin (or a machine client) export the system; a psychologist their patients and own Group; a patient nothing', async () => {
      await outcome(get('$export', pacA1.token, ASYNC), 403);
      await outcome(get('Patient/$export', pacA1.token, ASYNC), 403);
      await outcome(get(`Group/${psiA.idPsicologo}/$export`, pacA1.token, ASYNC), 403);
      await outcome(get('$export', psiA.token, ASYNC), 403);
      await outcome(get(`Group/${psiB.idPsicologo}/$export`, psiA.token, ASYNC), 404);
      await outcome(get('Group/999999/$export', admin, ASYNC), 404);
      await outcome(get('$export', undefined, ASYNC), 401);
    });
  });

  describe('polling and the manifest', () => {
    it('answers 202 with X-Progress and Retry-After while the export runs, 429 when polled sooner, then the exact manifest', async () => {
      const g = gate();
      srv.fhirExport.afterPage = g.wait;
      const status = await kickoff(srv, '$export?_type=Patient,Group', admin);
      await g.reached;
      const first = await srv.request('GET', status, { token: admin });
      expect(first.status).to.equal(202);
      expect(first.headers.get('x-progress')).to.match(/^\d+% \((Patient|Group)\)$/);
      expect(first.headers.get('retry-after')).to.equal('1');
      const tooSoon = await srv.request('GET', status, { token: admin });
      expect(tooSoon.status).to.equal(429);
      expect(tooSoon.headers.get('retry-after')).to.equal('1');
      expect(tooSoon.body.issue[0].code).to.equal('throttled');
      clock.advance(1000);
      expect((await srv.request('GET', status, { token: admin })).status).to.equal(202);
      srv.fhirExport.afterPage = undefined;
      g.open();
      clock.advance(1000);
      const m = await manifestOf(srv, clock, status, admin);
      expect(Object.keys(m)).to.deep.equal(['transactionTime', 'request', 'requiresAccessToken', 'output', 'deleted', 'error']);
      expect(m.transactionTime).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(m.request).to.equal(`${srv.url}/fhir/R4/$export?_type=Patient,Group`);
      expect(m.requiresAccessToken).to.equal(true);
      expect(m.deleted).to.deep.equal([]);
      expect(m.error).to.deep.equal([]);
      expect(m.output.map((o) => o.type)).to.have.members(['Patient', 'Group']);
      for (const o of m.output) expect(Object.keys(o)).to.deep.equal(['type', 'url', 'count']);
      const out = await outputOf(srv, m, admin);
      expect(ids(out.get('Patient'))).to.deep.equal([pacA1, pacA2, pacB].map((p) => String(p.idPaciente)).sort());
      expect(ids(out.get('Group'))).to.deep.equal([psiA, psiB].map((p) => String(p.idPsicologo)).sort());
      const groupA = out.get('Group')!.find((g: any) => g.id === String(psiA.idPsicologo));
      expect(groupA).to.deep.include({ type: 'person', actual: true, quantity: 2, managingEntity: { reference: `Practitioner/${psiA.idPsicologo}` } });
    });

    it('exports every served type by default, each file valid FHIR of its own type', async () => {
      const m = await exportAll('$export');
      expect(m.output.length).to.be.greaterThan(0);
      const out = await outputOf(srv, m, admin);
      expect(ids(out.get('Patient'))).to.have.length(3);
    });

    it('limits the types to _type', async () => {
      const m = await exportAll('$export?_type=Group');
      expect(m.output.map((o) => o.type)).to.deep.equal(['Group']);
    });

    it('names ignored parameters in the error file under Prefer: handling=lenient', async () => {
      const status = await kickoff(srv, '$export?_type=Group,Nonsense&_typeFilter=Group%3F_id%3D1', admin, { Prefer: 'respond-async, handling=lenient' });
      const m = await manifestOf(srv, clock, status, admin);
      expect(m.output.map((o) => o.type)).to.deep.equal(['Group']);
      expect(m.error).to.have.length(1);
      const outcomes = await download(srv, m.error[0], admin);
      const said = outcomes.map((o) => o.issue[0].diagnostics).join('\n');
      expect(said).to.contain('_typeFilter').and.contain('_type=Nonsense');
    });
  });

  describe('files, cancellation and expiry', () => {
    it('requires the token for files (401) and hides another requester\'s job (404) but not from an admin', async () => {
      const status = await kickoff(srv, 'Patient/$export', psiA.token);
      const m = await manifestOf(srv, clock, status, psiA.token);
      const file = pathOf(srv, m.output[0].url);
      await outcome(srv.request('GET', file), 401);
      await outcome(srv.request('GET', file, { token: psiB.token }), 404);
      await outcome(srv.request('GET', status, { token: psiB.token }), 404);
      await outcome(srv.request('DELETE', status, { token: psiB.token }), 404);
      expect((await srv.request('GET', file, { token: admin })).status).to.equal(200);
      await outcome(srv.request('GET', `${status.replace('$export-status', '$export-file')}/0-Patient-9.ndjson`, { token: psiA.token }), 404);
    });

    it('cancels with DELETE on the status URL: 202, then 404 and the files gone', async () => {
      const m = await exportAll('$export?_type=Patient');
      const status = `/fhir/R4/$export-status/${m.output[0].url.split('/').slice(-2)[0]}`;
      const dir = join(srv.config.dataDir, 'fhir-export', status.split('/').pop()!);
      expect(existsSync(dir)).to.equal(true);
      const r = await srv.request('DELETE', status, { token: admin });
      expect(r.status).to.equal(202);
      await outcome(srv.request('GET', status, { token: admin }), 404);
      await outcome(srv.request('GET', pathOf(srv, m.output[0].url), { token: admin }), 404);
      expect(existsSync(dir)).to.equal(false);
    });

    it('cancels a running export: the worker stops and nothing of it stays', async () => {
      const g = gate();
      srv.fhirExport.afterPage = g.wait;
      const status = await kickoff(srv, '$export?_type=Patient,Group', admin);
      await g.reached;
      expect((await srv.request('DELETE', status, { token: admin })).status).to.equal(202);
      srv.fhirExport.afterPage = undefined;
      g.open();
      const dir = join(srv.config.dataDir, 'fhir-export', status.split('/').pop()!);
      for (let i = 0; i < 100 && existsSync(dir); i++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(existsSync(dir)).to.equal(false);
      await outcome(srv.request('GET', status, { token: admin }), 404);
    });

    it('expires manifest and files after BULK_EXPORT_TTL_HOURS; a sweep deletes the files', async () => {
      const m = await exportAll('$export?_type=Group');
      const file = pathOf(srv, m.output[0].url);
      const jobId = file.split('/')[4];
      expect((await srv.request('GET', file, { token: admin })).status).to.equal(200);
      clock.advance(2 * 3_600_000 + 1000); // tokens last 24 h: still valid
      await outcome(srv.request('GET', file, { token: admin }), 404);
      await outcome(srv.request('GET', `/fhir/R4/$export-status/${jobId}`, { token: admin }), 404);
      await srv.fhirExport.sweep();
      expect(existsSync(join(srv.config.dataDir, 'fhir-export', jobId))).to.equal(false);
    });
  });

  describe('scope, _since and deleted', () => {
    it('exports a psychologist\'s Group with only their patients, and logs the access per patient', async () => {
      const m = await exportAll(`Group/${psiA.idPsicologo}/$export?_type=Patient,Group`, psiA.token);
      const out = await outputOf(srv, m, psiA.token);
      expect(ids(out.get('Patient'))).to.deep.equal([pacA1, pacA2].map((p) => String(p.idPaciente)).sort());
      expect(ids(out.get('Group'))).to.deep.equal([String(psiA.idPsicologo)]);
      const byAdmin = await outputOf(srv, await exportAll(`Group/${psiB.idPsicologo}/$export?_type=Patient`), admin);
      expect(ids(byAdmin.get('Patient'))).to.deep.equal([String(pacB.idPaciente)]);
      const ruta = `/fhir/R4/Group/${psiA.idPsicologo}/$export`;
      const rows = await srv.deps.knex('accesos_clinicos').where({ recurso: 'FHIR $export', id_usuario: psiA.idUsuario, ruta }).select('id_paciente', 'rol');
      expect(rows.map((r: any) => r.id_paciente).sort((a: number, b: number) => a - b)).to.deep.equal([pacA1.idPaciente, pacA2.idPaciente]);
      expect(rows[0].rol).to.equal('PSICOLOGO');
    });

    it('exports with _since only what changed after it', async () => {
      const m1 = await exportAll('$export?_type=Patient');
      const r = await srv.request('PUT', `/api/pacientes/${pacA1.idPaciente}`, { token: pacA1.token, body: { telefono: '+34 600 111 222' } });
      expect(r.status, r.text).to.equal(200);
      const m2 = await exportAll(`$export?_type=Patient&_since=${encodeURIComponent(m1.transactionTime)}`);
      expect(m2.request).to.contain('_since=');
      const out = await outputOf(srv, m2, admin);
      expect(ids(out.get('Patient'))).to.deep.equal([String(pacA1.idPaciente)]);
      expect(m2.deleted).to.deep.equal([]);
      const m3 = await exportAll(`$export?_type=Patient&_since=${encodeURIComponent(m2.transactionTime)}`);
      expect(m3.output).to.deep.equal([]);
    });

    it('lists a deleted diary entry in deleted (Observation) and no longer exports it', async () => {
      const d = await srv.request('POST', '/api/diario-emocional', { token: pacA1.token, body: { emocion: 'Calma', intensidad: 4, nota: 'Paseo' } });
      expect(d.status, d.text).to.equal(201);
      const idDiario = d.body.idDiario ?? d.body.id;
      const m1 = await exportAll('$export?_type=Observation');
      expect(ids((await outputOf(srv, m1, admin)).get('Observation'))).to.include(`diario-${idDiario}`);
      const del = await srv.request('DELETE', `/api/diario-emocional/${idDiario}`, { token: pacA1.token });
      expect(del.status, del.text).to.be.oneOf([200, 204]);
      const m2 = await exportAll(`$export?_type=Observation&_since=${encodeURIComponent(m1.transactionTime)}`);
      expect(await deletedOf(srv, m2, admin)).to.deep.equal([`Observation/diario-${idDiario}`]);
      expect(m2.output).to.deep.equal([]);
    });

    it('lists an erased patient in deleted as an id only, and no longer exports them', async () => {
      const m1 = await exportAll('$export?_type=Patient');
      const r = await srv.request('DELETE', `/api/pacientes/${pacB.idPaciente}`, { token: admin });
      expect(r.status, r.text).to.equal(204);
      const m2 = await exportAll(`$export?_type=Patient,Group&_since=${encodeURIComponent(m1.transactionTime)}`);
      expect(await deletedOf(srv, m2, admin)).to.deep.equal([`Patient/${pacB.idPaciente}`]);
      const out = await outputOf(srv, m2, admin);
      expect(ids(out.get('Patient'))).not.to.include(String(pacB.idPaciente));
      const full = await outputOf(srv, await exportAll('$export?_type=Patient'), admin);
      expect(ids(full.get('Patient'))).not.to.include(String(pacB.idPaciente));
    });
  });

  describe('a write during an export', () => {
    it('is not in that export and is in the next _since=<transactionTime> export exactly once', async () => {
      const before = (await outputOf(srv, await exportAll('$export?_type=Patient'), admin)).get('Patient')!;
      const a2Before = before.find((p: any) => p.id === String(pacA2.idPaciente));
      const g = gate();
      srv.fhirExport.afterPage = g.wait;
      // Group first: its page is written, the export waits, and Patient is still to be read.
      const status = await kickoff(srv, '$export?_type=Group,Patient', admin);
      await g.reached;
      const put = await srv.request('PUT', `/api/pacientes/${pacA2.idPaciente}`, { token: pacA2.token, body: { telefono: '+34 600 333 444' } });
      expect(put.status, put.text).to.equal(200);
      const nuevo = await newPaciente(srv);
      srv.fhirExport.afterPage = undefined;
      g.open();
      const m1 = await manifestOf(srv, clock, status, admin);
      const first = (await outputOf(srv, m1, admin)).get('Patient')!;
      expect(ids(first)).not.to.include(String(nuevo.idPaciente));
      expect(first.find((p: any) => p.id === String(pacA2.idPaciente)).meta).to.deep.equal(a2Before.meta);

      const m2 = await exportAll(`$export?_type=Patient&_since=${encodeURIComponent(m1.transactionTime)}`);
      const next = (await outputOf(srv, m2, admin)).get('Patient')!;
      expect(next.map((p: any) => p.id)).to.have.members([String(pacA2.idPaciente), String(nuevo.idPaciente)]).and.have.length(2);
      expect(Number(next.find((p: any) => p.id === String(pacA2.idPaciente)).meta.versionId)).to.equal(Number(a2Before.meta.versionId) + 1);
      const m3 = await exportAll(`$export?_type=Patient&_since=${encodeURIComponent(m2.transactionTime)}`);
      expect(m3.output).to.deep.equal([]);
    });
  });

  describe('jobs', () => {
    it('takes over the job of a dead instance and restarts it from scratch', async () => {
      const g = gate();
      srv.fhirExport.afterPage = g.wait;
      const status = await kickoff(srv, '$export?_type=Group,Patient', admin);
      await g.reached;
      const id = status.split('/').pop();
      // As if another instance had claimed it and died: its lease has run out.
      await srv.deps.knex('fhir_export_jobs').where({ id }).update({ owner: 'dead-instance', lease_until: srv.deps.knex.raw("now() - interval '1 second'") });
      srv.fhirExport.afterPage = undefined;
      g.open();
      const m = await manifestOf(srv, clock, status, admin);
      expect(m.output.map((o) => o.url.split('/').pop())).to.have.members(['2-Group-1.ndjson', '2-Patient-1.ndjson']);
      const files = readdirSync(join(srv.config.dataDir, 'fhir-export', id!));
      expect(files.sort()).to.deep.equal(['2-Group-1.ndjson', '2-Patient-1.ndjson']);
    });

    it('keeps the files readable by the service only (folder 0700, files 0600)', async () => {
      const m = await exportAll('$export?_type=Group');
      const id = m.output[0].url.split('/').slice(-2)[0];
      const dir = join(srv.config.dataDir, 'fhir-export', id);
      expect(statSync(dir).mode & 0o777).to.equal(0o700);
      for (const f of readdirSync(dir)) expect(statSync(join(dir, f)).mode & 0o777).to.equal(0o600);
    });
  });
});
