import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { newPaciente } from '../clinico/support.ts';
import { exportNow } from './bulk-support.ts';
import { DEFAULT_FHIR_PATIENT_ID_SYSTEM, loadConfig } from '../../src/platform/config.ts';

// Two practices running this service must not issue the same identifier for two people: each names
// the system of its patient ids (FHIR_PATIENT_ID_SYSTEM), in reads, searches and exports alike.

const SYSTEM = 'urn:oid:2.16.724.4.99.7.1';

describe('FHIR: the practice names the system of its patient ids', function () {
  this.timeout(60_000);
  let srv: TestServer;
  let admin: string;

  before(async () => {
    srv = await startTestServer({ env: { FHIR_PATIENT_ID_SYSTEM: SYSTEM, BULK_EXPORT_RETRY_AFTER_SECONDS: '1' } });
    admin = await srv.adminToken();
  });
  after(async () => srv?.stop());

  it('reads, searches and exports Patient identifiers in that system; the default system finds nothing', async () => {
    const pac = await newPaciente(srv);
    const read = await srv.request('GET', `/fhir/R4/Patient/${pac.idPaciente}`, { token: admin });
    expect(read.body.identifier[0]).to.deep.equal({ use: 'usual', system: SYSTEM, value: String(pac.idPaciente) });
    const found = await srv.request('GET', `/fhir/R4/Patient?identifier=${encodeURIComponent(`${SYSTEM}|${pac.idPaciente}`)}`, { token: admin });
    expect(found.body.entry.map((e: { resource: { id: string } }) => e.resource.id)).to.deep.equal([String(pac.idPaciente)]);
    const other = await srv.request('GET', `/fhir/R4/Patient?identifier=${encodeURIComponent(`${DEFAULT_FHIR_PATIENT_ID_SYSTEM}|${pac.idPaciente}`)}`, { token: admin });
    expect(other.body.entry ?? []).to.deep.equal([]);

    const manifest = await exportNow(srv, 'Patient/$export?_type=Patient', admin);
    const file = await srv.request('GET', new URL(manifest.output[0].url).pathname, { token: admin });
    const lines = file.text.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(lines.every((p) => p.identifier[0].system === SYSTEM)).to.equal(true);
  });

  it('refuses at start a system that is not an absolute URI, or holds a space or |', () => {
    for (const bad of ['paciente', 'https://a.example/x|y', 'urn:oid:1 2', 'ftp://a.example/x']) {
      expect(() => loadConfig({ NODE_ENV: 'test', FHIR_PATIENT_ID_SYSTEM: bad }), bad).to.throw(/FHIR_PATIENT_ID_SYSTEM/);
    }
    expect(loadConfig({ NODE_ENV: 'test' }).fhirPatientIdSystem).to.equal(DEFAULT_FHIR_PATIENT_ID_SYSTEM);
  });
});
