import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { assertValidFhir } from '../support/fhir-validate.ts';
import { adminBody } from '../http/helpers.ts';
import { fhirResourceTypes, fhirType } from '../../src/queries/fhir/registry.ts';
import type { FhirResourceType } from '../../src/queries/fhir/types.ts';
import { practice, smartClient, type Practice } from './attack-support.ts';
import { checkAnswer, hostileCursors, hostilePath, prng, sweepPaths, type Viewer } from './attack-fuzz.ts';

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
});
