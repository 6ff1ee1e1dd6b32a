import { expect } from 'chai';
import type { TestServer } from '../support/server.ts';
import type { ManualClock } from '../../src/platform/clock.ts';
import { validateNdjson } from '../support/fhir-validate.ts';

// A Bulk Data client as the Inferno Bulk Data test kit drives one: kick-off, polls that honour
// Retry-After, the manifest, every file downloaded with the token and checked line by line.

export const ASYNC = { Prefer: 'respond-async', Accept: 'application/fhir+json' };

/** Server env without the kick-off rate and the bound on exports kept: for tests that export many times in a few seconds. */
export const UNTHROTTLED = { BULK_EXPORT_KICKOFFS_PER_MINUTE: '0', BULK_EXPORT_MAX_KEPT_PER_CLIENT: '0' };

export interface Manifest {
  transactionTime: string;
  request: string;
  requiresAccessToken: boolean;
  output: { type: string; url: string; count: number }[];
  deleted: { type: string; url: string; count: number }[];
  error: { type: string; url: string; count: number }[];
}

/** The path part (under the server) of an absolute URL the server handed out. */
export const pathOf = (srv: TestServer, url: string) => {
  expect(url.startsWith(`${srv.url}/fhir/R4/`), url).to.equal(true);
  return url.slice(srv.url.length);
};

export async function kickoff(srv: TestServer, path: string, token: string, headers: Record<string, string> = ASYNC): Promise<string> {
  const r = await srv.request('GET', `/fhir/R4/${path}`, { token, headers });
  expect(r.status, r.text).to.equal(202);
  expect(r.body.resourceType).to.equal('OperationOutcome');
  const location = r.headers.get('content-location')!;
  expect(location).to.match(/^http:\/\/127\.0\.0\.1:\d+\/fhir\/R4\/\$export-status\/[0-9a-f-]{36}$/);
  return pathOf(srv, location);
}

/** Polls as told (the clock moved by Retry-After each time) until the manifest. */
export async function manifestOf(srv: TestServer, clock: ManualClock, status: string, token: string): Promise<Manifest> {
  for (let i = 0; i < 600; i++) {
    const r = await srv.request('GET', status, { token });
    if (r.status === 200) {
      expect(r.headers.get('content-type')).to.match(/^application\/json/);
      expect(new Date(r.headers.get('expires')!).getTime()).to.be.greaterThan(clock.now().getTime());
      return r.body as Manifest;
    }
    expect(r.status, r.text).to.equal(202);
    expect(r.headers.get('x-progress')).to.match(/^\d{1,3}% \(\w+\)$/);
    const wait = Number(r.headers.get('retry-after'));
    expect(wait).to.be.at.least(1);
    clock.advance(wait * 1000);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('export did not finish');
}

/** Every line of a file, after checking its Content-Type, each line's validity and type. */
export async function download(srv: TestServer, item: { type: string; url: string; count: number }, token: string): Promise<any[]> {
  const r = await srv.request('GET', pathOf(srv, item.url), { token, headers: { Accept: 'application/fhir+ndjson' } });
  expect(r.status, r.text).to.equal(200);
  expect(r.headers.get('content-type')).to.match(/^application\/fhir\+ndjson/);
  expect(validateNdjson(r.text), item.url).to.deep.equal([]);
  const lines = r.text.trimEnd().split('\n').map((l) => JSON.parse(l));
  expect(lines.length).to.equal(item.count);
  for (const line of lines) expect(line.resourceType).to.equal(item.type);
  return lines;
}

/** Every resource of a manifest's output, by type. */
export async function outputOf(srv: TestServer, m: Manifest, token: string): Promise<Map<string, any[]>> {
  const byType = new Map<string, any[]>();
  for (const item of m.output) byType.set(item.type, [...(byType.get(item.type) ?? []), ...(await download(srv, item, token))]);
  return byType;
}

/** The `Type/id` of every entry of the manifest's deleted Bundles. */
export async function deletedOf(srv: TestServer, m: Manifest, token: string): Promise<string[]> {
  const out: string[] = [];
  for (const item of m.deleted) {
    for (const bundle of await download(srv, item, token)) {
      expect(bundle.type).to.equal('transaction');
      for (const e of bundle.entry) {
        expect(e.request.method).to.equal('DELETE');
        expect(Object.keys(e)).to.deep.equal(['request']);
        out.push(e.request.url);
      }
    }
  }
  return out;
}

/** A gate the worker's afterPage hook waits at, so that a test can act while an export runs. */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => { open = resolve; });
  let reached!: () => void;
  const reachedP = new Promise<void>((resolve) => { reached = resolve; });
  return { wait: async () => { reached(); await opened; }, open, reached: reachedP };
}

/** Kick-off, then polls in real time as Retry-After says (servers with a short BULK_EXPORT_RETRY_AFTER_SECONDS): the manifest. */
export async function exportNow(srv: TestServer, path: string, token: string, headers: Record<string, string> = { Prefer: 'respond-async' }): Promise<Manifest> {
  const k = await srv.request('GET', `/fhir/R4/${path}`, { token, headers });
  expect(k.status, k.text).to.equal(202);
  const status = new URL(k.headers.get('content-location')!).pathname;
  for (;;) {
    const r = await srv.request('GET', status, { token });
    if (r.status === 200) return r.body as Manifest;
    expect(r.status, r.text).to.equal(202);
    await new Promise((resolve) => setTimeout(resolve, Number(r.headers.get('retry-after')) * 1000 + 50));
  }
}

/** Every line of a manifest's output files, by type, each file validated line by line. */
export async function linesByType(srv: TestServer, m: Manifest, token: string): Promise<Map<string, any[]>> {
  const byType = new Map<string, any[]>();
  for (const item of m.output) {
    const f = await srv.request('GET', new URL(item.url).pathname, { token });
    expect(f.status, f.text).to.equal(200);
    expect(validateNdjson(f.text), item.url).to.deep.equal([]);
    byType.set(item.type, [...(byType.get(item.type) ?? []), ...f.text.trimEnd().split('\n').map((l) => JSON.parse(l))]);
  }
  return byType;
}
