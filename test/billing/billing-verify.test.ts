import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { newPaciente } from '../directory/support.ts';
import { runCli, serverEnv } from '../cli/support.ts';

// npm run -s billing:verify (docs/billing.md "The chain and billing:verify"): it recomputes every
// record's huella and each issuer's chain from the log, and names the first record that a change
// made behind the service's back no longer matches.
describe('billing:verify', function () {
  this.timeout(120_000);
  let srv: TestServer;

  before(async () => {
    srv = await startTestServer();
    const admin = await srv.adminToken();
    const put = await srv.request('PUT', '/api/admin/facturacion/ajustes', {
      token: admin, body: { emisorEs: 'CONSULTA', consulta: { nombreRazon: 'Consulta S.L.', nif: 'B12345674', domicilio: ['Calle Mayor 1'] } },
    });
    expect(put.status, put.text).to.equal(200);
    const pac = await newPaciente(srv);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await srv.request('POST', '/api/admin/facturas', { token: admin, body: { idPaciente: pac.idPaciente, lineas: [{ precioCentimos: 5000 }] } });
      expect(r.status, r.text).to.equal(201);
      ids.push(r.body.idFactura);
    }
    const anul = await srv.request('POST', `/api/admin/facturas/${ids[0]}/anulacion`, { token: admin, body: { motivo: 'Error' } });
    expect(anul.status, anul.text).to.equal(200);
  });
  after(async () => { await srv?.stop(); });

  it('exits 0 with a JSON report when every chain holds', async () => {
    const r = await runCli('billing-verify', [], serverEnv(srv));
    expect(r.code, r.stderr).to.equal(0);
    expect(JSON.parse(r.stdout)).to.deep.equal({ valido: true, registros: 4, emisores: [{ nif: 'B12345674', registros: 4 }], rotura: null });
  });

  it('exits 1 naming the first record whose total was changed in the database', async function () {
    if (process.env.TEST_EVENT_STORE === 'kurrentdb') this.skip(); // the tampering below edits PostgreSQL's events table
    const { rows } = await srv.db.knex.raw(`select event_id from events where stream_id = 'registros-facturacion-B12345674' order by stream_revision offset 1 limit 1`);
    await srv.db.knex.raw(`update events set data = jsonb_set(data, '{registro,importeTotalCentimos}', '500') where event_id = ?`, [rows[0].event_id]);
    const r = await runCli('billing-verify', [], serverEnv(srv));
    expect(r.code, r.stderr).to.equal(1);
    const informe = JSON.parse(r.stdout);
    expect(informe.valido).to.equal(false);
    expect(informe.rotura).to.include({ emisor: 'B12345674', indice: 1, motivo: 'huella', tipo: 'alta', eventId: rows[0].event_id });
    expect(informe.rotura.numSerie).to.match(/^\d{4}-A\/000002$/);
  });

  it('answers --help without touching anything', async () => {
    const r = await runCli('billing-verify', ['--help'], {});
    expect(r.code).to.equal(0);
    expect(r.stdout).to.contain('billing:verify');
  });
});
