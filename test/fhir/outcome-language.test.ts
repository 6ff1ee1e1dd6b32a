import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { assertValidFhir } from '../support/fhir-validate.ts';

// Issue 31, item 18: OperationOutcome texts mixed English and Spanish without any Accept-Language.
// One rule, the REST API's (docs/fhir.md "Endpoints"): Spanish, or English when Accept-Language
// prefers `en`; every outcome a request gets, whoever builds it.

const EN = { 'Accept-Language': 'en' };

describe('FHIR OperationOutcome texts follow Accept-Language as the REST API does', function () {
  this.timeout(120_000);
  let srv: TestServer;
  let admin: string;

  before(async () => {
    srv = await startTestServer({ env: { BULK_EXPORT_RETRY_AFTER_SECONDS: '1' } });
    admin = await srv.adminToken();
  });
  after(async () => srv?.stop());

  async function diagnostics(method: string, path: string, status: number, headers: Record<string, string> = {}): Promise<string> {
    const r = await srv.request(method, `/fhir/R4/${path}`, { token: admin, headers });
    expect(r.status, r.text).to.equal(status);
    assertValidFhir(r.body);
    return r.body.issue[0].diagnostics;
  }

  it('every error outcome is Spanish by default and English with Accept-Language: en', async () => {
    const cases: [string, string, number, Record<string, string>, string, string][] = [
      ['GET', 'Patient/999999', 404, {}, 'Patient/999999 no encontrado', 'Patient/999999 not found'],
      ['GET', 'Nada/1/2/3', 404, {}, 'No hay ningún punto FHIR en GET', 'No FHIR endpoint at GET'],
      ['POST', 'Patient', 405, {}, 'Este servidor FHIR es de solo lectura', 'This FHIR server is read-only'],
      ['GET', 'Patient', 406, { Accept: 'application/fhir+xml' }, 'Este servidor solo escribe FHIR JSON', 'This server writes FHIR JSON only'],
      ['GET', 'Patient?color=azul', 400, {}, 'Parámetro de búsqueda desconocido', 'Unknown search parameter'],
    ];
    for (const [method, path, status, headers, es, en] of cases) {
      expect(await diagnostics(method, path, status, headers), `${method} ${path}`).to.include(es);
      expect(await diagnostics(method, path, status, { ...headers, ...EN }), `${method} ${path} (en)`).to.include(en);
      expect(await diagnostics(method, path, status, { ...headers, 'Accept-Language': 'es-ES,en;q=0.5' }), `${method} ${path} (es first)`).to.include(es);
    }
  });

  it('a kick-off, a failed export and a cancellation speak the language of the request that asks', async () => {
    const k = await srv.request('GET', '/fhir/R4/$export', { token: admin, headers: { Prefer: 'respond-async' } });
    expect(k.status, k.text).to.equal(202);
    expect(k.body.issue[0].diagnostics).to.match(/^Exportación aceptada; consulte http/);
    const status = new URL(k.headers.get('content-location')!).pathname;
    const id = status.split('/').pop()!;
    for (let r = await srv.request('GET', status, { token: admin }); r.status !== 200; r = await srv.request('GET', status, { token: admin })) {
      expect(r.status, r.text).to.equal(202);
      await new Promise((resolve) => setTimeout(resolve, 1050));
    }
    // As events:import leaves an unfinished export (src/cli/events-import.ts): failed, 503.
    await srv.deps.knex('fhir_export_jobs').where({ id }).update({ estado: 'failed', fallo: JSON.stringify({ status: 503, text: 'x' }), proximo_sondeo: null });
    expect(await diagnostics('GET', `$export-status/${id}`, 503)).to.include('El registro de eventos se trasladó');
    expect(await diagnostics('GET', `$export-status/${id}`, 503, EN)).to.include('The event log was moved');
    const cancelled = await srv.request('DELETE', status, { token: admin });
    expect(cancelled.status, cancelled.text).to.equal(202);
    expect(cancelled.body.issue[0].diagnostics).to.equal(`Exportación ${id} cancelada; sus ficheros se han borrado`);
  });
});
