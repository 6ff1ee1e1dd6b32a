import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { ManualClock } from '../../src/platform/clock.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { pacienteBody, uniqueEmail } from '../http/helpers.ts';
import { asignar, newPaciente, newPsicologo, type Paciente, type Psicologo } from '../clinico/support.ts';
import { ASYNC, UNTHROTTLED, download, gate, kickoff, manifestOf, pathOf, type Manifest } from './bulk-support.ts';
import { ec, fhirError, jwk, oauthError, payloadOf, rsa, SmartClients, type Res } from './bulk-attack-support.ts';

// An attacker's and a conformance tester's look at Bulk Data export (IG v2.0.0) and SMART Backend
// Services: guessed and malformed job ids and file names, other requesters' jobs, revoked and
// deactivated tokens, a flood of kick-offs, odd `_since`, `_type` and `Prefer`, the status
// contract, an erased patient's data in files, and the token endpoint under bad input.

const dni = (n: number) => `${String(n).padStart(8, '0')}${'TRWAGMYFPDXBNJZSQVHLCKE'[n % 23]}`;

describe('FHIR Bulk Data and SMART Backend Services under attack', function () {
  this.timeout(180_000);
  let srv: TestServer;
  let clock: ManualClock;
  let admin: string;
  let smart: SmartClients;
  let psiA: Psicologo;
  let psiB: Psicologo;
  let pacA: Paciente;
  const get = (path: string, token?: string, headers: Record<string, string> = {}) => srv.request('GET', `/fhir/R4/${path}`, { token, headers });
  const exportAll = async (path: string, token = admin) => manifestOf(srv, clock, await kickoff(srv, path, token), token);
  const jobOf = (m: Manifest) => m.output.concat(m.error, m.deleted)[0].url.split('/').slice(-2)[0];
  const cancel = async (status: string, token = admin) => expect((await srv.request('DELETE', status, { token })).status).to.equal(202);

  before(async () => {
    clock = new ManualClock(new Date());
    // Many kick-offs of one admin within a few seconds of the manual clock: the kick-off rate and the
    // exports kept are bounded in bulk-quotas.test.ts.
    srv = await startTestServer({ clock, env: { BULK_EXPORT_RETRY_AFTER_SECONDS: '1', BULK_EXPORT_TTL_HOURS: '1', ...UNTHROTTLED } });
    admin = await srv.adminToken();
    smart = new SmartClients(srv, clock, admin);
    [psiA, psiB] = [await newPsicologo(srv, admin), await newPsicologo(srv, admin)];
    pacA = await newPaciente(srv);
    await asignar(srv, admin, pacA.idPaciente, psiA.idPsicologo);
  });
  after(async () => {
    if (srv) srv.fhirExport.afterPage = undefined;
    await srv?.stop();
  });

  describe('job ids and file names', () => {
    it('answers a malformed, traversing, NUL or overlong job id with a 404 OperationOutcome', async () => {
      const m = await exportAll('$export?_type=Group');
      const id = jobOf(m);
      for (const bad of ['..', '%2e%2e', '..%2F..%2Fetc', '%2e%2e%2f%2e%2e%2fmetadata', 'a%00b', `${id}%00`, 'x'.repeat(4000), id.toUpperCase(), `%20${id}`, '%E0%A4%A']) {
        fhirError(srv, await get(`$export-status/${bad}`, admin), 404);
        // fetch resolves `..` and `%2e%2e` itself: a DELETE of /fhir/R4/ is the read-only 405.
        fhirError(srv, await srv.request('DELETE', `/fhir/R4/$export-status/${bad}`, { token: admin }), [404, 405]);
        fhirError(srv, await get(`$export-file/${bad}/1-Group-1.ndjson`, admin), 404);
      }
      expect((await get(`$export-status/${id}`, admin)).status).to.equal(200);
    });

    it('serves only the files its own manifest lists: no traversal, no other job\'s or attempt\'s file', async () => {
      const groups = await exportAll('$export?_type=Group');
      const patients = await exportAll('$export?_type=Patient');
      const id = jobOf(groups);
      const dir = join(srv.config.dataDir, 'fhir-export', id);
      writeFileSync(join(dir, '9-Patient-1.ndjson'), '{"resourceType":"Patient","id":"stray"}\n', { mode: 0o600 });
      const names = ['1-Patient-1.ndjson', patients.output[0].url.split('/').pop()!, '2-Group-1.ndjson', '9-Patient-1.ndjson', '..%2F..%2F..%2Fetc%2Fpasswd',
        `..%2F${jobOf(patients)}%2F1-Patient-1.ndjson`, '%2e%2e', '1-Group-1.ndjson%00', '1-Group-1.ndjson%2F..', `1-${'A'.repeat(3000)}-1.ndjson`];
      for (const name of names) fhirError(srv, await get(`$export-file/${id}/${name}`, admin), 404);
      expect((await get(`$export-file/${id}/1-Group-1.ndjson`, admin)).status).to.equal(200);
    });

    it('hides a job from every other requester (404), users and machine clients alike, but not from an admin', async () => {
      const c1 = await smart.register();
      const c2 = await smart.register();
      const [t1, t2] = [await smart.token(c1.clientId), await smart.token(c2.clientId)];
      const byClient = await kickoff(srv, '$export?_type=Group', t1);
      const m = await manifestOf(srv, clock, byClient, t1);
      const file = pathOf(srv, m.output[0].url);
      const byPsi = await kickoff(srv, `Group/${psiA.idPsicologo}/$export?_type=Group`, psiA.token);
      await manifestOf(srv, clock, byPsi, psiA.token);
      for (const [path, token] of [[byClient, t2], [file, t2], [byClient, psiA.token], [file, psiA.token], [byPsi, t1], [byPsi, psiB.token], [byClient, pacA.token]] as const) {
        fhirError(srv, await srv.request('GET', path, { token }), 404);
      }
      fhirError(srv, await srv.request('DELETE', byClient, { token: t2 }), 404);
      clock.advance(1000);
      expect((await srv.request('GET', byClient, { token: admin })).status).to.equal(200);
      expect((await srv.request('GET', file, { token: admin })).status).to.equal(200);
    });
  });

  describe('who may kick off', () => {
    it('refuses a patient, a psychologist\'s system export or another Group, and odd Group ids, never with a 500', async () => {
      for (const path of ['$export', 'Patient/$export', `Group/${psiA.idPsicologo}/$export`]) fhirError(srv, await get(path, pacA.token, ASYNC), 403);
      fhirError(srv, await get('$export', psiA.token, ASYNC), 403);
      fhirError(srv, await get(`Group/${psiB.idPsicologo}/$export`, psiA.token, ASYNC), 404);
      for (const id of ['99999999999999999999', '2147483648', '-1', '1.5', '1e3', '%00', 'abc', `0${psiA.idPsicologo}`, `${psiA.idPsicologo}%20`]) {
        fhirError(srv, await get(`Group/${id}/$export`, admin, ASYNC), [400, 404]);
      }
      await cancel(await kickoff(srv, `Group/${psiA.idPsicologo}/$export`, psiA.token));
      await cancel(await kickoff(srv, 'Patient/$export', psiA.token), psiA.token);
    });

    it('stops a revoked client\'s and a removed psychologist\'s tokens on polls and files', async () => {
      const c = await smart.register();
      const t = await smart.token(c.clientId);
      const status = await kickoff(srv, '$export?_type=Group', t);
      const file = pathOf(srv, (await manifestOf(srv, clock, status, t)).output[0].url);
      expect((await srv.request('DELETE', `/api/admin/clientes-fhir/${c.idCliente}`, { token: admin })).status).to.equal(204);
      clock.advance(1000);
      for (const path of [status, file]) fhirError(srv, await srv.request('GET', path, { token: t }), 401);
      fhirError(srv, await srv.request('DELETE', status, { token: t }), 401);

      const psi = await newPsicologo(srv, admin);
      const st2 = await kickoff(srv, `Group/${psi.idPsicologo}/$export?_type=Group`, psi.token);
      const file2 = pathOf(srv, (await manifestOf(srv, clock, st2, psi.token)).output[0].url);
      const del = await srv.request('DELETE', `/api/admin/psicologos/${psi.idPsicologo}`, { token: admin });
      expect(del.status, del.text).to.be.oneOf([200, 204]);
      clock.advance(1000);
      for (const path of [st2, file2]) fhirError(srv, await srv.request('GET', path, { token: psi.token }), [401, 403, 404]);
    });
  });

  describe('a flood of kick-offs', () => {
    it('lets one requester run at most 3 exports at once: the 4th is a 429 with Retry-After, others are not held up', async () => {
      const g = gate();
      srv.fhirExport.afterPage = g.wait;
      const statuses: string[] = [];
      try {
        statuses.push(await kickoff(srv, '$export?_type=Group', admin));
        await g.reached; // the first runs, held at its first page; the next two wait in the queue
        statuses.push(await kickoff(srv, '$export?_type=Group', admin), await kickoff(srv, '$export?_type=Group', admin));
        const fourth = await get('$export?_type=Group', admin, ASYNC);
        fhirError(srv, fourth, 429);
        expect(fourth.headers.get('retry-after')).to.match(/^[1-9]\d*$/);
        expect(fourth.body.issue[0].code).to.equal('throttled');
        const c = await smart.register();
        const t = await smart.token(c.clientId);
        statuses.push(await kickoff(srv, '$export?_type=Group', t), await kickoff(srv, `Group/${psiA.idPsicologo}/$export?_type=Group`, psiA.token));
        await cancel(statuses.shift()!);
        statuses.push(await kickoff(srv, '$export?_type=Group', admin));
      } finally {
        srv.fhirExport.afterPage = undefined;
        g.open();
      }
      for (const s of statuses) await cancel(s);
      for (let i = 0; i < 4; i++) await exportAll('$export?_type=Group'); // cancelled and finished jobs hold no place
    });
  });

  describe('_since, _type, Prefer and huge queries', () => {
    it('takes _since in the future, year 9999 and offsets; refuses year 0000 and instants without a zone; never a 500', async () => {
      const future = new Date(clock.now().getTime() + 86_400_000).toISOString();
      const m = await exportAll(`$export?_type=Patient&_since=${encodeURIComponent(future)}`);
      expect(m.output).to.deep.equal([]);
      for (const since of ['9999-12-31T23:59:59Z', '9999-12-31T23:59:59.999-14:00', '2026-01-01T00:00:00%2B05:30', '2026-01-01T00:00:00+05:30', '0001-01-01T00:00:00Z', '2026-01-01T00:00:00.123456789-03:00']) {
        const r = await get(`$export?_type=Group&_since=${since}`, admin, ASYNC);
        expect(r.status, `${since}: ${r.text}`).to.equal(202);
        await cancel(pathOf(srv, r.headers.get('content-location')!));
      }
      for (const since of ['0000-01-01T00:00:00Z', '2026-01-01T00:00:00', '2026-01-01', '2026-01-01T24:00:00Z', '2026-02-30T00:00:00Z', '2026-01-01T00:00:60Z', '2026-01-01T00:00:00+24:00', '%00', '10000-01-01T00:00:00Z']) {
        const r = await get(`$export?_type=Group&_since=${since}`, admin, ASYNC);
        expect(r.status, since).to.equal(400);
        fhirError(srv, r, 400);
      }
    });

    it('echoes the kick-off URL exactly in the manifest\'s request, unencoded + included', async () => {
      const query = '_type=Group,Group&_since=2026-01-01T00:00:00+01:00&_outputFormat=application%2Ffhir%2Bndjson';
      const m = await exportAll(`$export?${query}`);
      expect(m.request).to.equal(`${srv.url}/fhir/R4/$export?${query}`);
      expect(m.output.map((o) => o.type)).to.deep.equal(['Group']);
    });

    it('takes duplicate, repeated and empty _type items, 1,000 of them, and refuses a huge query or a NUL without a 500', async () => {
      const m = await exportAll('$export?_type=Group,,Group,&_type=Group');
      expect(m.output.map((o) => o.type)).to.deep.equal(['Group']);
      await cancel(await kickoff(srv, `$export?_type=${Array(1000).fill('Group').join(',')}`, admin));
      const lenient = { Prefer: 'respond-async, handling=lenient' };
      const unknown = `$export?_type=Group,${Array.from({ length: 1000 }, (_, i) => `T${i}`).join(',')}`;
      fhirError(srv, await get(unknown, admin, ASYNC), 400);
      const many = await manifestOf(srv, clock, await kickoff(srv, unknown, admin, lenient), admin);
      expect(many.output.map((o) => o.type)).to.deep.equal(['Group']);
      expect((await download(srv, many.error[0], admin)).length).to.equal(1000);
      for (const q of ['_type=Pat%00ient', 'a%00b=1', '_since=2026-01-01T00:00:00Z%00', '_outputFormat=nd%00json']) {
        for (const headers of [ASYNC, lenient]) {
          const r = await get(`$export?${q}`, admin, headers);
          expect(r.status, `${q}: ${r.text}`).to.be.oneOf([400, 202]);
          if (r.status === 202) await cancel(pathOf(srv, r.headers.get('content-location')!));
          else fhirError(srv, r, 400);
        }
      }
      const huge = await get(`$export?_type=${'Group,'.repeat(4000)}`, admin, ASYNC);
      expect(huge.status).to.be.oneOf([400, 414, 431]);
    });

    it('reads Prefer in any case and order, with or without spaces; anything else is a 400', async () => {
      for (const prefer of ['respond-async, handling=lenient', 'RESPOND-ASYNC', 'Respond-Async;handling=lenient', 'handling = lenient , respond-async', 'respond-async,wait=10']) {
        const r = await get('$export?_type=Group', admin, { Prefer: prefer });
        expect(r.status, `${prefer}: ${r.text}`).to.equal(202);
        await cancel(pathOf(srv, r.headers.get('content-location')!));
      }
      for (const prefer of ['respond-asyncx', 'respond-sync', 'handling=lenient', '']) fhirError(srv, await get('$export?_type=Group', admin, { Prefer: prefer }), 400);
    });
  });

  describe('the status and file contract (IG v2.0.0)', () => {
    it('202 with a short X-Progress and an integer Retry-After, 429 sooner, then 200 with Expires; DELETE twice and polls after it are 404s', async () => {
      const g = gate();
      srv.fhirExport.afterPage = g.wait;
      const status = await kickoff(srv, '$export?_type=Group,Patient', admin);
      await g.reached;
      setTimeout(() => { srv.fhirExport.afterPage = undefined; g.open(); }, 20_000); // never left shut by a failure below
      const r = await srv.request('GET', status, { token: admin });
      expect(r.status).to.equal(202);
      expect(r.headers.get('x-progress')!.length).to.be.below(100);
      expect(r.headers.get('retry-after')).to.match(/^[1-9]\d*$/);
      const soon = await srv.request('GET', status, { token: admin });
      fhirError(srv, soon, 429);
      expect(soon.headers.get('retry-after')).to.match(/^[1-9]\d*$/);
      srv.fhirExport.afterPage = undefined;
      g.open();
      clock.advance(1000);
      await manifestOf(srv, clock, status, admin);
      clock.advance(1000);
      const done = await srv.request('GET', status, { token: admin });
      expect(done.status).to.equal(200);
      const expires = new Date(done.headers.get('expires')!);
      expect(done.headers.get('expires')).to.equal(expires.toUTCString());
      expect(expires.getTime()).to.be.closeTo(clock.now().getTime() + 3_600_000, 5000);
      expect((await srv.request('DELETE', status, { token: admin })).status).to.equal(202);
      fhirError(srv, await srv.request('DELETE', status, { token: admin }), 404);
      fhirError(srv, await srv.request('GET', status, { token: admin }), 404);
      for (const o of done.body.output) fhirError(srv, await srv.request('GET', pathOf(srv, o.url), { token: admin }), 404);
    });

    it('serves application/fhir+ndjson without blank lines, ending in a newline, from a 0700 folder of 0600 files', async () => {
      const m = await exportAll('$export');
      const dir = join(srv.config.dataDir, 'fhir-export', jobOf(m));
      expect(statSync(dir).mode & 0o777).to.equal(0o700);
      for (const f of readdirSync(dir)) expect(statSync(join(dir, f)).mode & 0o777).to.equal(0o600);
      for (const item of m.output) {
        const r = await srv.request('GET', pathOf(srv, item.url), { token: admin });
        expect(r.headers.get('content-type')).to.equal('application/fhir+ndjson');
        expect(r.text.endsWith('\n')).to.equal(true);
        expect(r.text.slice(0, -1).split('\n').every((l) => l.trim().length > 0)).to.equal(true);
        expect(r.text).not.to.include(srv.config.dataDir);
      }
    });
  });

  describe('an erased patient', () => {
    it('leaves no name, e-mail, DNI or phone in any file of any export, older ones included', async () => {
      const n = 40_000_000 + Math.floor(Math.random() * 9_000_000);
      const secreto = { nombre: 'Eulalia', apellido: 'Zumárraga', email: uniqueEmail('borrar'), dni: dni(n), telefono: `+34 611 ${String(n).slice(-6, -3)} ${String(n).slice(-3)}` };
      const reg = await srv.request('POST', '/auth/register-paciente', { body: pacienteBody({ telefono: secreto.telefono }, { nombre: secreto.nombre, apellido: secreto.apellido, email: secreto.email, dni: secreto.dni }) });
      expect(reg.status, reg.text).to.equal(200);
      const pac = { token: reg.body.token, idPaciente: reg.body.idPaciente, idUsuario: reg.body.idUsuario };
      await asignar(srv, admin, pac.idPaciente, psiA.idPsicologo);
      expect((await srv.request('POST', '/api/diario-emocional', { token: pac.token, body: { emocion: 'Calma', intensidad: 3, nota: 'Paseo' } })).status).to.equal(201);
      expect((await srv.request('POST', '/api/mensajes', { token: pac.token, body: { receiverId: psiA.idUsuario, mensaje: 'Hola' } })).status).to.be.oneOf([200, 201]);
      const before = await exportAll('$export');
      const beforeText = (await Promise.all(before.output.map((o) => download(srv, o, admin)))).flat().map((l) => JSON.stringify(l)).join('\n');
      expect(beforeText).to.include(secreto.apellido);
      const del = await srv.request('DELETE', `/api/pacientes/${pac.idPaciente}`, { token: admin });
      expect(del.status, del.text).to.equal(204);
      const since = await exportAll(`$export?_since=${encodeURIComponent(before.transactionTime)}`);
      const all = await exportAll('$export');
      const group = await exportAll(`Group/${psiA.idPsicologo}/$export`, psiA.token);
      await srv.fhirExport.sweep();
      const leaks = (text: string) => Object.values(secreto).filter((v) => text.includes(v));
      // The export cut before the erasure held their data: withdrawn, as if expired.
      fhirError(srv, await srv.request('GET', `/fhir/R4/$export-status/${jobOf(before)}`, { token: admin }), 404);
      for (const item of before.output) fhirError(srv, await srv.request('GET', pathOf(srv, item.url), { token: admin }), 404);
      for (const m of [since, all, group]) {
        for (const item of [...m.output, ...m.deleted, ...m.error]) {
          const r = await srv.request('GET', pathOf(srv, item.url), { token: m === group ? psiA.token : admin });
          expect(r.status, item.url).to.equal(200);
          expect(leaks(r.text), item.url).to.deep.equal([]);
        }
      }
      const root = join(srv.config.dataDir, 'fhir-export');
      for (const job of readdirSync(root)) {
        for (const f of readdirSync(join(root, job))) expect(leaks(readFileSync(join(root, job, f), 'utf8')), `${job}/${f}`).to.deep.equal([]);
      }
    });
  });

  describe('SMART token endpoint', () => {
    let client: { idCliente: number; clientId: string };
    before(async () => {
      client = await smart.register();
    });

    it('answers a missing, empty, non-form, JSON, repeated or oversized request with an RFC 6749 error', async () => {
      const tokenPath = '/fhir/R4/auth/token';
      oauthError(await srv.request('POST', tokenPath), 400, 'invalid_request');
      oauthError(await srv.request('POST', tokenPath, { raw: '', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }), 400, 'invalid_request');
      oauthError(await smart.form({ grant_type: 'client_credentials' }, 'text/plain'), 400, 'invalid_request');
      oauthError(await smart.form({ grant_type: 'client_credentials' }, 'multipart/form-data; boundary=x'), 400, 'invalid_request');
      oauthError(await srv.request('POST', tokenPath, { body: { grant_type: 'client_credentials', client_assertion: smart.assertion(client.clientId) } }), 400, 'invalid_request');
      const dup = `grant_type=client_credentials&grant_type=client_credentials&client_assertion_type=${encodeURIComponent('urn:ietf:params:oauth:client-assertion-type:jwt-bearer')}&client_assertion=${smart.assertion(client.clientId)}&scope=system%2F*.read`;
      oauthError(await srv.request('POST', tokenPath, { raw: dup, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }), 400, 'invalid_request', /repeated/);
      oauthError(await srv.request('POST', tokenPath, { raw: 'a=%FF%FE', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }), 400, 'invalid_request');
      oauthError(await srv.request('POST', tokenPath, { raw: 'x'.repeat(1024 * 1024), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }), 413, 'invalid_request');
    });

    it('refuses exp, iat and nbf of the wrong type or time; accepts an aud array naming the token URL', async () => {
      const now = Math.floor(clock.now().getTime() / 1000);
      const bad = [{ exp: String(now + 200) }, { iat: now + 3600 }, { iat: String(now) }, { nbf: now + 3600 }, { nbf: String(now) },
        { aud: ['https://elsewhere.example/token'] }, { aud: [] }, { aud: [{ url: smart.tokenUrl }] }, { exp: now + 200.5e9 }];
      for (const over of bad) {
        const r = await smart.tokenFor(smart.assertion(client.clientId, over));
        expect(r.status, JSON.stringify(over)).to.equal(401);
        oauthError(r, 401, 'invalid_client');
      }
      for (const over of [{ aud: ['https://elsewhere.example/token', smart.tokenUrl] }, { iat: now - 10, nbf: now - 10 }, { iat: now + 5 }]) {
        const r = await smart.tokenFor(smart.assertion(client.clientId, over));
        expect(r.status, `${JSON.stringify(over)}: ${r.text}`).to.equal(200);
      }
    });

    it('refuses a missing kid (even with one key), key confusion, and NUL or odd iss/jti without a 500', async () => {
      const one = await smart.register(['system/*.read'], [jwk(ec.publicKey, 'solo')]);
      oauthError(await smart.tokenFor(smart.assertion(one.clientId, {}, { alg: 'ES384' })), 401, 'invalid_client', /kid/);
      oauthError(await smart.tokenFor(smart.assertion(client.clientId, {}, { alg: 'ES384', kid: 'rsa-1' }, ec.privateKey)), 401, 'invalid_client', /cannot sign ES384/);
      oauthError(await smart.tokenFor(smart.assertion(client.clientId, {}, { alg: 'ES384', kid: 'rsa-1' }, rsa.privateKey)), 401, 'invalid_client');
      oauthError(await smart.tokenFor(smart.assertion(client.clientId, {}, { alg: 'ES384', kid: 'ec-1', crit: ['b64'] })), 401, 'invalid_client');
      for (const over of [{ iss: 'a\u0000b', sub: 'a\u0000b' }, { iss: '\uD800', sub: '\uD800' }, { jti: 'j\u0000ti' }, { jti: 'x'.repeat(300) }, { jti: 42 }]) {
        const r = await smart.tokenFor(smart.assertion(client.clientId, over));
        expect(r.status, JSON.stringify(over)).to.equal(401);
        oauthError(r, 401, 'invalid_client');
      }
    });

    it('refuses at registration a key for encryption or whose key_ops do not include verify', async () => {
      const base = jwk(ec.publicKey, 'k');
      for (const extra of [{ use: 'enc' }, { key_ops: ['encrypt'] }, { key_ops: ['sign'] }, { key_ops: [] }, { key_ops: 'verify' }, { key_ops: ['verify', 'verify'] }]) {
        const r = await srv.request('POST', '/api/admin/clientes-fhir', { token: admin, body: { nombre: 'Cifrado', jwks: { keys: [{ ...base, ...extra }] } } });
        expect(r.status, `${JSON.stringify(extra)}: ${r.text}`).to.equal(400);
      }
      const ok = await smart.register(['system/*.read'], [{ ...base, key_ops: ['verify'], use: 'sig' }]);
      const r = await smart.tokenFor(smart.assertion(ok.clientId, {}, { alg: 'ES384', kid: 'k' }));
      expect(r.status, r.text).to.equal(200);
    });

    it('grants only system scopes: extra spaces are fine, launch and openid are ignored, patient/ and user/ are never granted', async () => {
      const scope = async (s: string) => smart.tokenFor(smart.assertion(client.clientId), s);
      expect((await scope('   system/*.read    ')).body.scope).to.equal('system/*.read');
      expect((await scope('launch openid fhirUser offline_access system/Patient.read')).body.scope).to.equal('system/Patient.read');
      expect((await scope('patient/*.read user/*.read system/Group.rs')).body.scope).to.equal('system/Group.rs');
      for (const s of ['patient/*.read', 'user/*.read', 'launch openid', 'system/*.write', 'system/*.*', 'system/*.cruds', ' ', 'system/*.read\tsystem/Patient.read']) {
        oauthError(await scope(s), 400, 'invalid_scope');
      }
    });

    it('issues a token that lasts exactly 300 s, names nothing private, and stops at expiry', async () => {
      const r = await smart.tokenFor(smart.assertion(client.clientId));
      expect(r.status, r.text).to.equal(200);
      expect(Object.keys(r.body).sort()).to.deep.equal(['access_token', 'expires_in', 'scope', 'token_type']);
      const claims = payloadOf(r.body.access_token);
      expect(Object.keys(claims).sort()).to.deep.equal(['aud', 'cid', 'exp', 'iat', 'jti', 'scope', 'sub']);
      expect(claims.exp - claims.iat).to.equal(300);
      expect(JSON.stringify(claims)).not.to.include('Confidencial');
      expect((await get('Group', r.body.access_token)).status).to.equal(200);
      clock.advance(299_000);
      expect((await get('Group', r.body.access_token)).status).to.equal(200);
      clock.advance(2000);
      fhirError(srv, await get('Group', r.body.access_token), 401);
      fhirError(srv, await get('$export?_type=Group', r.body.access_token, ASYNC), 401);
    });
  });
});

describe('SMART token endpoint rate limit', function () {
  this.timeout(60_000);
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer({ env: { AUTH_RATE_PER_MINUTE: '3' } });
  });
  after(async () => srv?.stop());

  it('answers 429 with Retry-After and an RFC 6749 body past AUTH_RATE_PER_MINUTE requests from one address', async () => {
    const send = () => srv.request('POST', '/fhir/R4/auth/token', { raw: 'grant_type=client_credentials', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    for (let i = 0; i < 3; i++) expect((await send()).status).to.equal(400);
    const r = await send();
    oauthError(r, 429, 'invalid_request');
    expect(r.headers.get('retry-after')).to.match(/^[1-9]\d*$/);
  });
});
