import { expect } from 'chai';
import type { TestServer } from '../support/server.ts';
import { assertValidFhir } from '../support/fhir-validate.ts';

// Helpers of test/fhir/clinical.test.ts: FHIR reads and searches over real HTTP, every resource
// and Bundle checked by both validators.

export const BASE = '/fhir/R4';

/** GET a FHIR path; a 200 body is validated. */
export async function fhirGet(srv: TestServer, token: string, path: string) {
  const r = await srv.request('GET', `${BASE}/${path}`, { token });
  if (r.status === 200) assertValidFhir(r.body, path);
  return r;
}

/** A read that must succeed. */
export async function read(srv: TestServer, token: string, path: string) {
  const r = await fhirGet(srv, token, path);
  expect(r.status, r.text).to.equal(200);
  expect(r.headers.get('content-type')).to.match(/^application\/fhir\+json/);
  return r.body;
}

/** A read that must be a 404 OperationOutcome. */
export async function notFound(srv: TestServer, token: string, path: string): Promise<void> {
  const r = await fhirGet(srv, token, path);
  expect(r.status, `${path}: ${r.text}`).to.equal(404);
  expect(r.body.resourceType).to.equal('OperationOutcome');
}

/** A search that must be a 400 OperationOutcome. */
export async function badRequest(srv: TestServer, token: string, path: string): Promise<void> {
  const r = await fhirGet(srv, token, path);
  expect(r.status, `${path}: ${r.text}`).to.equal(400);
  expect(r.body.resourceType).to.equal('OperationOutcome');
  assertValidFhir(r.body);
}

/** Every match of a search, following `next` links; each page validated. */
export async function searchAll(srv: TestServer, token: string, path: string): Promise<any[]> {
  const out: any[] = [];
  let url: string | null = `${BASE}/${path}`;
  for (let pages = 0; url !== null; pages++) {
    expect(pages, 'too many pages').to.be.below(100);
    const r = await srv.request('GET', url, { token });
    expect(r.status, `${url}: ${r.text}`).to.equal(200);
    expect(r.body).to.include({ resourceType: 'Bundle', type: 'searchset' });
    assertValidFhir(r.body, url);
    out.push(...(r.body.entry ?? []).map((e: any) => e.resource));
    const next = (r.body.link as { relation: string; url: string }[]).find((l) => l.relation === 'next');
    url = next ? new URL(next.url).pathname + new URL(next.url).search : null;
  }
  return out;
}

/** Ids of every match of a search. */
export const ids = async (srv: TestServer, token: string, path: string): Promise<string[]> =>
  (await searchAll(srv, token, path)).map((r) => r.id);
