import { expect } from 'chai';
import { DateTime } from 'luxon';
import { startTestServer, type TestServer } from '../support/server.ts';
import { assertValidFhir } from '../support/fhir-validate.ts';
import { adminBody } from '../http/helpers.ts';
import { fhirResourceTypes, fhirType } from '../../src/queries/fhir/registry.ts';
import type { FhirResourceType } from '../../src/queries/fhir/types.ts';
import { practice, smartClient, type Practice } from './attack-support.ts';
import { checkAnswer, hostileCursors, hostilePath, patientsIn, prng, sweepPaths, type Viewer } from './attack-fuzz.ts';

// The FHIR API attacked as a hostile client would, and checked against R4's RESTful API and
// search rules as a conformant client expects them (hl7.org/fhir/R4/http.html, search.html).

type Res = Awaited<ReturnType<TestServer['request']>>;
const FHIR_JSON = 'application/fhir+json; charset=utf-8';
const FUZZ_SEED = Number(process.env.FHIR_FUZZ_SEED ?? 26);
const FUZZ_REQUESTS = Number(process.env.FHIR_FUZZ_REQUESTS ?? 2000);

describe('FHIR API under attack, and R4 conformance', function () {
  this.timeout(300_000);
  let srv: TestServer;
  let p: Practice;
  let viewers: Viewer[];
  const get = (path: string, token?: string, headers: Record<string, string> = {}) => srv.request('GET', `/fhir/R4/${path}`, { token, headers });
  const outcome = (r: Res, status: number, code?: string) => {
    expect(r.status, r.text).to.equal(status);
    expect(r.headers.get('content-type')).to.equal(FHIR_JSON);
    expect(r.body.resourceType, r.text).to.equal('OperationOutcome');
    if (code) expect(r.body.issue[0].code).to.equal(code);
    assertValidFhir(r.body);
  };
  /** Every resource of a search as this token, following next links (each page checked). */
  async function searchAll(path: string, token: string): Promise<any[]> {
    const out: any[] = [];
    let url: string | null = `/fhir/R4/${path}`;
    for (let pages = 0; url !== null; pages++) {
      expect(pages, 'too many pages').to.be.below(200);
      const r = await srv.request('GET', url, { token });
      expect(r.status, `${url}: ${r.text}`).to.equal(200);
      out.push(...(r.body.entry ?? []).map((e: any) => e.resource));
      const next = r.body.link.find((l: any) => l.relation === 'next');
      url = next ? new URL(next.url).pathname + new URL(next.url).search : null;
    }
    return out;
  }

  before(async () => {
    srv = await startTestServer();
    p = await practice(srv);
    const cliente = await smartClient(srv, p.admin, ['system/Patient.read']);
    viewers = [
      { name: 'admin', token: p.admin, patients: null, types: null },
      { name: 'psiA', token: p.psiA.token, patients: new Set([p.a1.idPaciente, p.a2.idPaciente]), types: null },
      { name: 'a1', token: p.a1.token, patients: new Set([p.a1.idPaciente]), types: null },
      { name: 'b1', token: p.b1.token, patients: new Set([p.b1.idPaciente]), types: null },
      { name: 'client(Patient)', token: cliente.token, patients: null, types: new Set(['Patient']) },
    ];
  });
  after(async () => srv?.stop());

  describe('fuzz', () => {
    /** Runs paths on 4 connections; returns the failures (checkAnswer's messages) and the count of each status. */
    async function attack(paths: { type: FhirResourceType; viewer: Viewer; path: string }[]) {
      const statuses = new Map<number, number>();
      const failures: string[] = [];
      let done = 0;
      const worker = async () => {
        while (done < paths.length) {
          const i = done++;
          const { type, viewer, path } = paths[i];
          const res = await get(path, viewer.token);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          try {
            checkAnswer(type, viewer, path, res, i % 10 === 0 || res.status === 200);
          } catch (e) {
            failures.push((e as Error).message.slice(0, 600));
          }
        }
      };
      await Promise.all([worker(), worker(), worker(), worker()]);
      expect(failures, `${failures.length} failures, the first ones:\n${failures.slice(0, 15).join('\n')}`).to.deep.equal([]);
      return statuses;
    }

    it('answers every parameter of every type with every hostile value, every modifier, odd _count and odd ids: never a 5xx, FHIR JSON, errors as OperationOutcome', async function () {
      this.timeout(240_000);
      let i = 0;
      const paths = fhirResourceTypes.flatMap((type) => sweepPaths(type).map((path) => ({ type, path, viewer: viewers[i++ % viewers.length] })));
      expect(paths.length).to.be.above(1000);
      await attack(paths);
    });

    it(`answers ${FUZZ_REQUESTS} hostile searches and reads (seed ${FUZZ_SEED}) of every type and role: never a 5xx, errors as OperationOutcome, 200s valid and in scope`, async function () {
      this.timeout(240_000);
      const r = prng(FUZZ_SEED);
      // Real cursors of each type, to hand to the others.
      const real: string[] = [];
      for (const t of fhirResourceTypes) {
        const page = await get(`${t.type}?_count=1`, p.admin);
        const next = page.body.link?.find((l: any) => l.relation === 'next');
        if (next) real.push(new URL(next.url).searchParams.get('_cursor')!);
      }
      const paths = Array.from({ length: FUZZ_REQUESTS }, () => {
        const type = r.pick(fhirResourceTypes);
        return { type, viewer: r.pick(viewers), path: hostilePath(r, type, hostileCursors(r, real)) };
      });
      const statuses = await attack(paths);
      // The fuzzer reached past the parsers: some hostile requests still found records.
      expect(statuses.get(200) ?? 0, JSON.stringify([...statuses])).to.be.above(FUZZ_REQUESTS / 25);
      expect(statuses.get(400) ?? 0).to.be.above(FUZZ_REQUESTS / 5);
    });
  });

  describe('access', () => {
    /** Every resource of every type an admin sees, with the patients each is about. */
    async function everything(): Promise<{ type: FhirResourceType; resource: any; patients: number[] }[]> {
      const out: { type: FhirResourceType; resource: any; patients: number[] }[] = [];
      for (const type of fhirResourceTypes) {
        for (const resource of await searchAll(`${type.type}?_count=200`, p.admin)) out.push({ type, resource, patients: patientsIn(type, resource) });
      }
      return out;
    }
    /** Searches of a type that name one patient: every reference parameter to Patient, and `_id`. */
    const patientSearches = (type: FhirResourceType, idPaciente: number, id: string) => [
      ...Object.entries(type.params).filter(([, d]) => d.type === 'reference').flatMap(([name]) => [`${name}=${idPaciente}`, `${name}=Patient/${idPaciente}`]),
      `_id=${encodeURIComponent(id)}`,
    ];

    it('never gives a psychologist or a patient what the REST API would not: not by read, not by patient/subject/_id search, not through Group', async () => {
      const all = await everything();
      const b1s = all.filter((x) => x.patients.includes(p.b1.idPaciente));
      expect(new Set(b1s.map((x) => x.type.type)).size, 'psiB\'s patient has records of many types').to.be.at.least(6);
      for (const [who, token, allowed] of [['psiA', p.psiA.token, [p.a1.idPaciente, p.a2.idPaciente]], ['a1', p.a1.token, [p.a1.idPaciente]]] as const) {
        for (const { type, resource } of b1s) {
          const read = await get(`${type.type}/${resource.id}`, token);
          expect(read.status, `${who} reads ${type.type}/${resource.id}`).to.equal(404);
          expect(read.body.resourceType).to.equal('OperationOutcome');
          for (const q of patientSearches(type, p.b1.idPaciente, resource.id)) {
            const r = await get(`${type.type}?${q}`, token);
            if (r.status === 400) continue; // a parameter that cannot name a patient (e.g. Slot's schedule)
            expect(r.status, `${who} ${type.type}?${q}: ${r.text}`).to.equal(200);
            const leaked = (r.body.entry ?? []).filter((e: any) => patientsIn(type, e.resource).some((x) => !(allowed as readonly number[]).includes(x)));
            expect(leaked, `${who} ${type.type}?${q}`).to.deep.equal([]);
          }
        }
      }
      // psiB's patients as a Group: not psiA's, nor any patient's.
      for (const token of [p.psiA.token, p.a1.token, p.b1.token]) {
        expect((await get(`Group/${p.psiB.idPsicologo}`, token)).status).to.equal(404);
        expect((await get(`Group?_id=${p.psiB.idPsicologo}`, token)).body.entry).to.equal(undefined);
      }
      // A patient reads nothing of the other patient of their own psychologist either.
      for (const { type, resource } of all.filter((x) => x.patients.includes(p.a2.idPaciente))) {
        expect((await get(`${type.type}/${resource.id}`, p.a1.token)).status, `${type.type}/${resource.id}`).to.equal(404);
      }
    });

    it('never hands session notes (DocumentReference) to a patient, in any type', async () => {
      const notes = await searchAll('DocumentReference', p.psiA.token);
      expect(notes.map((d) => d.id)).to.include(String(p.sesiones.a1));
      outcome(await get(`DocumentReference/${p.sesiones.a1}`, p.a1.token), 404, 'not-found');
      expect((await get(`DocumentReference?patient=${p.a1.idPaciente}`, p.a1.token)).body.entry).to.equal(undefined);
      // The notes' text appears in no resource the patient can get.
      for (const type of fhirResourceTypes) {
        const r = await get(`${type.type}?_count=1000`, p.a1.token);
        expect(r.status, `${type.type}: ${r.text}`).to.equal(200);
        expect(r.text, type.type).to.not.include('Notas de Ana');
      }
    });

    it('limits a SMART client to its scopes\' types (403 OperationOutcome), stops a revoked one, and gives notes only to a scope naming DocumentReference', async () => {
      const solo = await smartClient(srv, p.admin, ['system/Patient.read', 'system/Encounter.read']);
      expect((await get('Patient', solo.token)).status).to.equal(200);
      expect((await get(`Encounter/${p.sesiones.a1}`, solo.token)).status).to.equal(200);
      for (const type of fhirResourceTypes.filter((t) => !['Patient', 'Encounter'].includes(t.type))) {
        outcome(await get(type.type, solo.token), 403, 'forbidden');
        outcome(await get(`${type.type}/1`, solo.token), 403, 'forbidden');
      }
      const todo = await smartClient(srv, p.admin, ['system/*.read']);
      expect((await get('DocumentReference', todo.token)).body.entry, 'system/*.read gives no notes').to.equal(undefined);
      const notas = await smartClient(srv, p.admin, ['system/DocumentReference.read']);
      expect((await searchAll('DocumentReference', notas.token)).map((d) => d.id)).to.include.members([String(p.sesiones.a1), String(p.sesiones.b1)]);
      const del = await srv.request('DELETE', `/api/admin/clientes-fhir/${solo.idCliente}`, { token: p.admin });
      expect(del.status, del.text).to.be.oneOf([200, 204]);
      outcome(await get('Patient', solo.token), 401, 'login');
    });

    it('stops a deactivated patient\'s token at once, and refuses an auditor (403)', async () => {
      const { newPaciente } = await import('../notifications/support.ts');
      const baja = await newPaciente(srv, 'Baja');
      expect((await get(`Patient/${baja.idPaciente}`, baja.token)).status).to.equal(200);
      const r = await srv.request('PUT', `/auth/pacientes/${baja.idPaciente}/baja`, { token: p.admin });
      expect(r.status, r.text).to.equal(200);
      outcome(await get(`Patient/${baja.idPaciente}`, baja.token), 401, 'login');
      outcome(await get('Observation', baja.token), 401, 'login');
      const auditor = (await srv.request('POST', '/auth/register-auditor', { token: p.admin, body: adminBody({ nombre: 'Inés', apellido: 'Auditora' }) })).body.token;
      for (const type of fhirResourceTypes) outcome(await get(type.type, auditor), 403, 'forbidden');
      outcome(await get(`Patient/${p.a1.idPaciente}`, auditor), 403, 'forbidden');
    });

    it('logs one access row per patient for every read and search that returned their data, by whoever read it', async () => {
      const cliente = await smartClient(srv, p.admin, ['system/*.read']);
      const rows = () => srv.deps.knex('accesos_clinicos').orderBy('id_acceso');
      const viewers = [
        ['psiA', p.psiA.token, p.psiA.idUsuario, null, [p.a1.idPaciente, p.a2.idPaciente]],
        ['a1', p.a1.token, p.a1.idUsuario, null, [p.a1.idPaciente]],
        ['client', cliente.token, null, cliente.idCliente, null],
      ] as const;
      /** Rows logged by `fn`: every patient shown is logged once, nobody out of the viewer's scope, nothing for nothing. */
      const logs = async (what: string, fn: () => Promise<{ shown: number[]; any: boolean }>, allowed: readonly number[] | null) => {
        const before = (await rows()).length;
        const { shown, any } = await fn();
        const logged = (await rows()).slice(before);
        const ids = logged.map((l: any) => l.id_paciente);
        expect(new Set(ids).size, `${what}: once per patient`).to.equal(ids.length);
        expect(ids, what).to.include.members(shown);
        if (allowed) expect(allowed, what).to.include.members(ids);
        if (!any) expect(ids, `${what}: nothing returned, nothing logged`).to.deep.equal([]);
        return logged;
      };
      for (const [who, token, idUsuario, idCliente, allowed] of viewers) {
        for (const type of fhirResourceTypes) {
          let first: any = null;
          const logged = await logs(`${who} ${type.type}`, async () => {
            const r = await get(`${type.type}?_count=1000`, token);
            expect(r.status, `${who} ${type.type}: ${r.text}`).to.equal(200);
            const resources = (r.body.entry ?? []).map((e: any) => e.resource);
            first = resources.find((x: any) => patientsIn(type, x).length > 0);
            return { shown: resources.flatMap((x: any) => patientsIn(type, x)), any: resources.length > 0 };
          }, allowed);
          for (const l of logged) expect(l, `${who} ${type.type}`).to.include({ recurso: `FHIR ${type.type}`, metodo: 'GET', ruta: `/fhir/R4/${type.type}`, id_usuario: idUsuario, id_cliente_fhir: idCliente });
          if (!first) continue;
          const read = await logs(`${who} ${type.type}/${first.id}`, async () => {
            expect((await get(`${type.type}/${first.id}`, token)).status).to.equal(200);
            return { shown: patientsIn(type, first), any: true };
          }, allowed);
          expect(read[0].ruta).to.equal(`/fhir/R4/${type.type}/${first.id}`);
        }
      }
      // What a search did not return is not logged.
      await logs('empty search', async () => {
        expect((await get('Encounter?_id=2147483647', p.admin)).body.entry).to.equal(undefined);
        return { shown: [], any: false };
      }, []);
    });
  });

  describe('R4 conformance', () => {
    /** For each listed parameter: a value that matches something the admin sees, and one that matches nothing. */
    function samples(type: string, name: string, obsCode: string): [string, string] | undefined {
      const today = new Date().toISOString().slice(0, 10);
      const table: Record<string, [string, string]> = {
        _id: ['', 'nope'], _lastUpdated: ['ge2000-01-01', 'lt2000-01-01'],
        patient: [`Patient/${p.a1.idPaciente}`, 'Patient/2147483647'], subject: [`Patient/${p.a1.idPaciente}`, 'Patient/2147483647'],
        practitioner: [`Practitioner/${p.psiA.idPsicologo}`, 'Practitioner/2147483647'], agent: [`Practitioner/${p.psiA.idPsicologo}`, 'Practitioner/2147483647'],
        schedule: [`Schedule/${p.psiA.idPsicologo}`, 'Schedule/2147483647'], target: [`Patient/${p.a1.idPaciente}`, 'Patient/2147483647'],
        date: ['ge2000-01-01', 'lt2000-01-01'], sent: ['ge2000-01-01', 'lt2000-01-01'], recorded: ['ge2000-01-01', 'lt2000-01-01'], birthdate: ['le2100', 'lt1800'],
        'Slot.start': [`ge${today}`, 'lt2000-01-01'], identifier: [String(p.a1.idPaciente), '2147483647'], name: ['Ana', 'Zzqxw'],
        'Appointment.status': ['pending', 'fulfilled'], 'Slot.status': ['busy-unavailable', 'busy'], code: [obsCode, 'http://example.org|nada'],
        category: ['survey', 'laboratory'], 'DocumentReference.type': ['http://loinc.org|11510-5', 'http://loinc.org|0000-0'],
        'Invoice.status': ['issued', 'cancelled'], 'Invoice.identifier': [p.facturas.a1.numSerie, '2026-A/999999'],
        'ChargeItem.status': ['billable', 'entered-in-error'],
        'Questionnaire.url': ['https://practice.example/fhir/Questionnaire/phq-9', 'https://practice.example/fhir/Questionnaire/nada'],
        'Questionnaire.code': ['http://loinc.org|44249-1', 'http://example.org|nada'],
        questionnaire: ['Questionnaire/phq-9', 'Questionnaire/gad-7'], authored: ['ge2000-01-01', 'lt2000-01-01'],
      };
      return table[`${type}.${name}`] ?? table[name];
    }

    it('serves application/fhir+json; charset=utf-8 on metadata, reads, searches and errors', async () => {
      for (const path of ['metadata', `Patient/${p.a1.idPaciente}`, 'Patient', 'Patient/2147483647', 'Patient?nope=1', 'Nope']) {
        expect((await get(path, p.admin)).headers.get('content-type'), path).to.equal(FHIR_JSON);
      }
      expect((await get('Patient')).headers.get('content-type')).to.equal(FHIR_JSON);
    });

    it('negotiates JSON only: _format overrides Accept; XML alone is a 406 OperationOutcome; _pretty indents', async () => {
      const id = `Patient/${p.a1.idPaciente}`;
      for (const f of ['json', 'application/json', 'application/fhir+json', 'application/fhir+json; fhirVersion=4.0']) {
        expect((await get(`${id}?_format=${encodeURIComponent(f)}`, p.admin)).status, f).to.equal(200);
        expect((await get(`Patient?_format=${encodeURIComponent(f)}`, p.admin, { Accept: 'application/fhir+xml' })).status, f).to.equal(200);
      }
      for (const accept of ['application/fhir+json', 'application/fhir+json; fhirVersion=4.0', 'application/fhir+json;charset=utf-8', 'application/json', '*/*', 'application/*',
        'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'application/fhir+xml;q=1, application/fhir+json;q=0.5']) {
        const r = await get(id, p.admin, { Accept: accept });
        expect(r.status, accept).to.equal(200);
        expect(r.body.resourceType).to.equal('Patient');
      }
      for (const accept of ['application/fhir+xml', 'application/xml', 'text/turtle', 'application/fhir+json;q=0, application/fhir+xml']) {
        outcome(await get(id, p.admin, { Accept: accept }), 406, 'not-supported');
        outcome(await get('Patient', p.admin, { Accept: accept }), 406, 'not-supported');
        outcome(await get('metadata', undefined, { Accept: accept }), 406, 'not-supported');
      }
      for (const f of ['xml', 'application/fhir+xml', 'ttl', 'text/html']) outcome(await get(`Patient?_format=${encodeURIComponent(f)}`, p.admin), 406, 'not-supported');
      const pretty = await get(`${id}?_pretty=true`, p.admin);
      expect(pretty.status, pretty.text).to.equal(200);
      expect(pretty.text).to.include('\n  "resourceType": "Patient"');
      expect((await get('Patient?_pretty=false', p.admin)).text).to.not.include('\n');
      outcome(await get('Patient?_pretty=yes', p.admin), 400, 'invalid');
    });

    it('answers HEAD as GET without a body', async () => {
      for (const path of [`Patient/${p.a1.idPaciente}`, 'Patient', 'metadata']) {
        const r = await srv.request('HEAD', `/fhir/R4/${path}`, { token: p.admin });
        const g = await get(path, p.admin);
        expect(r.status, path).to.equal(200);
        expect(r.text).to.equal('');
        expect(r.headers.get('content-type')).to.equal(FHIR_JSON);
        expect(r.headers.get('etag')).to.equal(g.headers.get('etag'));
      }
      expect((await srv.request('HEAD', '/fhir/R4/Patient/2147483647', { token: p.admin })).status).to.equal(404);
    });

    it('lists in its CapabilityStatement exactly the search parameters that work: each listed one filters, unlisted ones are 400', async () => {
      const cs = (await get('metadata')).body;
      assertValidFhir(cs);
      const obs = (await get('Observation?_count=1', p.admin)).body.entry[0].resource;
      const obsCode = `${obs.code.coding[0].system}|${obs.code.coding[0].code}`;
      for (const res of cs.rest[0].resource) {
        const all = await searchAll(`${res.type}?_count=1000`, p.admin);
        for (const { name } of res.searchParam) {
          const sample = samples(res.type, name, obsCode);
          expect(sample, `a sample value for ${res.type}.${name}: add one to this test`).to.not.equal(undefined);
          const [match, none] = name === '_id' ? [all[0]?.id ?? 'nope', 'nope'] : sample!;
          const hit = await get(`${res.type}?${name}=${encodeURIComponent(match)}`, p.admin);
          expect(hit.status, `${res.type}?${name}=${match}: ${hit.text}`).to.equal(200);
          if (res.type !== 'Slot' || name !== 'schedule') expect(hit.body.entry, `${res.type}?${name}=${match} finds something`).to.not.equal(undefined);
          const miss = await get(`${res.type}?${name}=${encodeURIComponent(none)}`, p.admin);
          expect(miss.status, `${res.type}?${name}=${none}: ${miss.text}`).to.equal(200);
          expect(miss.body.entry, `${res.type}?${name}=${none} filters`).to.equal(undefined);
        }
        for (const name of ['_tag', '_profile', '_security', '_text', '_content', '_list', '_has', '_type', '_summary', '_elements', '_sort', '_include', '_revinclude', '_total', '_contained', 'identifier', 'status', 'patient', 'subject', 'name', 'date']) {
          if (res.searchParam.some((sp: any) => sp.name === name)) continue;
          outcome(await get(`${res.type}?${name}=x`, p.admin), 400, 'invalid');
        }
      }
    });

    it('links pages absolutely: self as asked, next resolvable and stable, fullUrl of each entry; _count above the maximum gives the maximum', async () => {
      const base = `${srv.url}/fhir/R4`;
      for (const type of fhirResourceTypes) {
        const first = await get(`${type.type}?_count=1&_lastUpdated=ge2000`, p.admin);
        expect(first.status, `${type.type}: ${first.text}`).to.equal(200);
        expect(first.body.link[0]).to.deep.equal({ relation: 'self', url: `${base}/${type.type}?_count=1&_lastUpdated=ge2000` });
        const seen: string[] = [];
        let page = first;
        for (let n = 0; ; n++) {
          expect(n).to.be.below(500);
          for (const e of page.body.entry ?? []) {
            expect(e.fullUrl).to.equal(`${base}/${e.resource.resourceType}/${e.resource.id}`);
            seen.push(e.resource.id);
          }
          const next = page.body.link.find((l: any) => l.relation === 'next');
          if (!next) break;
          expect(next.url.startsWith(`${base}/${type.type}?`), next.url).to.equal(true);
          const again = await srv.request('GET', next.url.slice(srv.url.length), { token: p.admin });
          page = await srv.request('GET', next.url.slice(srv.url.length), { token: p.admin });
          expect(page.status, page.text).to.equal(200);
          expect(page.text, 'the same next link gives the same page').to.equal(again.text);
        }
        expect(new Set(seen).size, `${type.type}: no repeats`).to.equal(seen.length);
        const whole = await get(`${type.type}?_count=1000&_lastUpdated=ge2000`, p.admin);
        expect(seen, type.type).to.deep.equal((whole.body.entry ?? []).map((e: any) => e.resource.id));
      }
      const big = await get('Patient?_count=100000', p.admin);
      expect(big.status, big.text).to.equal(200);
      outcome(await get('Patient?_count=0', p.admin), 400, 'invalid');
      outcome(await get('Patient?_count=-1', p.admin), 400, 'invalid');
    });

    it('reads every type with ETag W/"versionId" and Last-Modified of meta.lastUpdated; unknown ids are 404 OperationOutcomes', async () => {
      for (const type of fhirResourceTypes) {
        const one = (await get(`${type.type}?_count=1`, p.admin)).body.entry?.[0]?.resource;
        expect(one, `${type.type} has a resource`).to.not.equal(undefined);
        const r = await get(`${type.type}/${one.id}`, p.admin);
        expect(r.status, r.text).to.equal(200);
        expect(r.headers.get('etag')).to.equal(`W/"${r.body.meta.versionId}"`);
        expect(new Date(r.headers.get('last-modified')!).getTime()).to.equal(Math.floor(Date.parse(r.body.meta.lastUpdated) / 1000) * 1000);
        for (const id of ['2147483647', 'nope', `${one.id}0000`]) outcome(await get(`${type.type}/${id}`, p.admin), 404, 'not-found');
      }
    });

    it('takes _id with several values (ORed) and repeated (ANDed), _lastUpdated with every prefix, names case-sensitively, empty values as absent', async () => {
      const [x, y] = [p.a1.idPaciente, p.a2.idPaciente];
      const ids = async (q: string) => ((await get(`Patient?${q}`, p.admin)).body.entry ?? []).map((e: any) => Number(e.resource.id));
      expect(await ids(`_id=${x},${y}`)).to.deep.equal([x, y].sort((a, b) => a - b));
      expect(await ids(`_id=${x},${y}&_id=${y}`)).to.deep.equal([y]);
      expect(await ids(`_id=${x}&_id=${y}`)).to.deep.equal([]);
      const at = (await get(`Patient/${x}`, p.admin)).body.meta.lastUpdated as string;
      // A date without a zone is the practice's wall clock: near midnight UTC its day and year differ.
      const local = DateTime.fromISO(at).setZone(srv.config.practiceTimezone);
      const [year, day] = [String(local.year), local.toISODate()!];
      for (const [q, found] of [[`eq${year}`, true], [`ge${year}`, true], [`le${year}`, true], [`gt${year}`, false], [`lt${year}`, false], [`ne${year}`, false],
        [`sa${Number(year) - 1}`, true], [`eb${Number(year) + 1}`, true], [`ap${day}`, true], [at, true], [`gt${at}`, false], [`le${at}`, true]] as const) {
        expect((await ids(`_id=${x}&_lastUpdated=${encodeURIComponent(q)}`)).length, `_lastUpdated=${q}`).to.equal(found ? 1 : 0);
      }
      for (const q of ['_ID=1', 'Name=Ana', '_LASTUPDATED=2020', 'BirthDate=2000']) outcome(await get(`Patient?${q}`, p.admin), 400, 'invalid');
      outcome(await get('patient', p.admin), 404, 'not-found');
      expect(await ids('name=&_id=&birthdate=')).to.deep.equal(await ids(''));
      // Dates past 9999 match nothing (they were compared as text: "10000" sorts before "2030").
      expect((await get('Appointment?date=gt9999', p.admin)).body.entry).to.equal(undefined);
      expect((await get('Appointment?date=ge2030', p.admin)).body.entry).to.not.equal(undefined);
    });
  });
});
