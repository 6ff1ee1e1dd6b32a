import { expect } from 'chai';
import fc from 'fast-check';
import { startTestServer, type TestServer } from '../support/server.ts';
import { assertValidFhir } from '../support/fhir-validate.ts';
import { exportNow, linesByType } from './bulk-support.ts';
import { fhirResourceTypes } from '../../src/queries/fhir/registry.ts';
import { worldArb, worldStreams, type World } from './property/world.ts';

// Property: whatever a log holds (random but coherent event streams of a practice, appended
// straight to the store), every resource the FHIR API emits, read or searched, passes both
// validators, and a read returns what the search listed.

describe('FHIR property: random event streams project to valid resources', function () {
  this.timeout(600_000);
  let srv: TestServer;
  let admin: string;
  let run = 0;

  before(async () => {
    srv = await startTestServer({ env: { BULK_EXPORT_RETRY_AFTER_SECONDS: '1' } });
    admin = await srv.adminToken();
  });
  after(async () => srv?.stop());

  async function append(world: World): Promise<void> {
    let last = null;
    for (const write of worldStreams(world, 1_000_000 + run++ * 1_000)) last = (await srv.deps.store.append([write])).position;
    expect(await srv.deps.projections.waitForReads(last, 30_000)).to.equal(true);
  }

  /** Every page of a search as the administrator, each Bundle validated; the resources. */
  async function everything(type: string): Promise<Record<string, unknown>[]> {
    const out: Record<string, unknown>[] = [];
    let url: string | null = `/fhir/R4/${type}?_count=7`;
    while (url) {
      const r = await srv.request('GET', url, { token: admin });
      expect(r.status, `${url}: ${r.text}`).to.equal(200);
      assertValidFhir(r.body, `${type} search page`);
      out.push(...(r.body.entry ?? []).map((e: { resource: Record<string, unknown> }) => e.resource));
      const next: string | undefined = r.body.link.find((l: { relation: string }) => l.relation === 'next')?.url;
      url = next ? next.slice(next.indexOf('/fhir/R4/')) : null;
    }
    return out;
  }

  it('every resource read or searched passes both validators', async () => {
    await fc.assert(fc.asyncProperty(worldArb, async (world) => {
      await append(world);
      for (const t of fhirResourceTypes) {
        const found = await everything(t.type);
        for (const resource of found.slice(-10)) {
          const r = await srv.request('GET', `/fhir/R4/${t.type}/${resource.id}`, { token: admin });
          expect(r.status, r.text).to.equal(200);
          assertValidFhir(r.body, `${t.type}/${resource.id}`);
          expect(r.body).to.deep.equal(resource);
        }
      }
    }), { numRuns: Number(process.env.FHIR_PROPERTY_RUNS ?? 6), seed: process.env.FHIR_PROPERTY_SEED ? Number(process.env.FHIR_PROPERTY_SEED) : undefined });
  });

  /** A system export as the administrator: every NDJSON line validated; the resources by type. */
  async function exported(): Promise<Map<string, Record<string, unknown>[]>> {
    const manifest = await exportNow(srv, '$export', admin);
    expect(manifest.error).to.deep.equal([]);
    return linesByType(srv, manifest, admin);
  }

  it('a system export of all those worlds validates line by line and holds exactly what the searches list', async () => {
    const files = await exported();
    for (const t of fhirResourceTypes) {
      const listed = await everything(t.type);
      const lines = files.get(t.type) ?? [];
      // Free slots are computed for a schedule and a window, not recorded: only blocked time is exported.
      const comparable = t.type === 'Slot' ? listed.filter((x) => x.status !== 'free') : listed;
      expect(lines.map((r) => r.id).sort(), t.type).to.deep.equal(comparable.map((r) => r.id).sort());
      expect(lines.length, t.type).to.equal(new Set(lines.map((r) => r.id)).size);
    }
  });
});
