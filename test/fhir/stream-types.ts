import { expect } from 'chai';
import { FHIR_EVENT_TYPES, FHIR_STREAM } from '../../src/projections/fhir.ts';
import { storedEvents } from '../support/log.ts';
import type { TestServer } from '../support/server.ts';

/**
 * The fhir read model hears only FHIR_EVENT_TYPES: every event a test's practice wrote to a FHIR
 * resource's stream (or a patient's address, or a block's deletion) must be one of them, or that
 * resource's version would lag. Called at the end of the FHIR tests that write the most.
 */
export async function expectFhirTypesCover(srv: TestServer): Promise<void> {
  const rows = (await storedEvents(srv)).map((e) => ({ stream_id: e.streamId, type: e.type }));
  const missed = [...new Set(rows.filter((r) => FHIR_STREAM.test(r.stream_id) || r.stream_id.startsWith('direccion-') || r.type === 'BloqueoEliminado')
    .map((r) => r.type).filter((t) => !FHIR_EVENT_TYPES.has(t)))];
  expect(missed, 'event types on FHIR streams that the fhir read model does not hear').to.deep.equal([]);
  expect(rows.some((r) => FHIR_STREAM.test(r.stream_id)), 'the practice wrote FHIR streams').to.equal(true);
}
