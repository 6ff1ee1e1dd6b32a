import { expect } from 'chai';
import type { TestServer } from '../support/server.ts';
import { assertValidFhir } from '../support/fhir-validate.ts';

// Reads and searches of test/fhir/people-scheduling.test.ts: every resource and Bundle validated.

export interface FhirRes {
  status: number;
  body: any;
  text: string;
  headers: Headers;
}

/** GET under /fhir/R4; a 200 body is validated (a Bundle with each of its resources). */
export async function fhirGet(srv: TestServer, path: string, token: string): Promise<FhirRes> {
  const r = await srv.request('GET', `/fhir/R4/${path}`, { token });
  if (r.status === 200) {
    assertValidFhir(r.body, path);
    if (r.body.resourceType === 'Bundle') assertValidFhir((r.body.entry ?? []).map((e: any) => e.resource), path);
  }
  return r;
}

export async function read(srv: TestServer, path: string, token: string): Promise<any> {
  const r = await fhirGet(srv, path, token);
  expect(r.status, r.text).to.equal(200);
  return r.body;
}

/** Every resource of a search, following `next` links; asserts each page is valid. */
export async function searchAll(srv: TestServer, path: string, token: string): Promise<any[]> {
  const out: any[] = [];
  let next: string | null = path;
  for (let pages = 0; next !== null; pages++) {
    expect(pages, 'too many pages').to.be.below(100);
    const r = await fhirGet(srv, next, token);
    expect(r.status, r.text).to.equal(200);
    out.push(...(r.body.entry ?? []).map((e: any) => e.resource));
    const link = (r.body.link ?? []).find((l: any) => l.relation === 'next');
    next = link ? link.url.slice(link.url.indexOf('/fhir/R4/') + '/fhir/R4/'.length) : null;
  }
  return out;
}

export const ids = (resources: any[]) => resources.map((r) => r.id);

/** A 4xx OperationOutcome. */
export async function expectOutcome(srv: TestServer, path: string, token: string, status: number): Promise<any> {
  const r = await srv.request('GET', `/fhir/R4/${path}`, { token });
  expect(r.status, r.text).to.equal(status);
  expect(r.body.resourceType).to.equal('OperationOutcome');
  assertValidFhir(r.body);
  return r.body;
}
