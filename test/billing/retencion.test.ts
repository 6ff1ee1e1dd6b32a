import { expect } from 'chai';
import { inflateSync } from 'node:zlib';
import { startTestServer, type TestServer } from '../support/server.ts';
import { pacienteBody, psicologoBody } from '../http/helpers.ts';
import { asignar, newPaciente, type Paciente } from '../directory/support.ts';
import { textRuns } from '../support/pdf-read.ts';
import { runCli, serverEnv } from '../cli/support.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { ConfigError } from '../../src/platform/config-error.ts';
import { runBillingRetentionJob } from '../../src/reactors/retencion-facturacion.ts';

// Retention of the personal data on invoices (issue 32 item 9, docs/billing.md "Retention"): an
// erased patient's invoices keep their recipient, under the patient's billing key, until
// BILLING_RETENTION_YEARS after the end of the year of their latest invoice; then the retention job
// destroys that key, the recipient leaves the read model and the PDF, and the chain still verifies.
const CONSULTA = { nombreRazon: 'Consulta Ejemplo S.L.', nif: 'B12345674', domicilio: ['Calle Mayor 1', '28013 Madrid'] };

/** The text of the invoice PDF as served (compressed): each FlateDecode stream inflated, its text runs read. */
function pdfText(pdf: Buffer): string {
  const s = pdf.toString('latin1');
  const runs: string[] = [];
  for (const m of s.matchAll(/stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    const end = s.indexOf('endstream', start);
    try {
      runs.push(...textRuns(inflateSync(pdf.subarray(start, end)).toString('latin1')).map((r) => r.text));
    } catch {
      /* not a compressed content stream (an image, the QR's pattern…) */
    }
  }
  return runs.join('\n');
}

describe('retention of invoices\' personal data after the patient\'s erasure (BILLING_RETENTION_YEARS)', function () {
  this.timeout(120_000);
  let srv: TestServer;
  const clock = new ManualClock(new Date('2026-03-10T10:00:00Z'));
  let admin: string;
  let ana: Paciente;
  let bea: Paciente;
  const psi = { body: psicologoBody(), idPsicologo: 0 };
  const facturas: Record<string, number> = {};

  before(async () => {
    srv = await startTestServer({ clock });
    admin = await srv.adminToken();
    expect((await req('PUT', '/api/admin/facturacion/ajustes', { emisorEs: 'CONSULTA', consulta: CONSULTA })).status).to.equal(200);
    ana = await newPaciente(srv, { usuario: { ...pacienteBody().usuario, nombre: 'Ana', apellido: 'Retenida', dni: 'X1234567L' } });
    bea = await newPaciente(srv, { usuario: { ...pacienteBody().usuario, nombre: 'Bea', apellido: 'Reciente', dni: '12345678Z' } });
    const r = await srv.request('POST', '/auth/register-psicologo', { token: admin, body: psi.body });
    expect(r.status, r.text).to.equal(200);
    psi.idPsicologo = r.body.idPsicologo;
    await asignar(srv, admin, ana.idPaciente, psi.idPsicologo);
    facturas.ana = await emitir(ana.idPaciente);
    facturas.bea2026 = await emitir(bea.idPaciente);
    clock.set(new Date('2028-05-02T10:00:00Z'));
    admin = await srv.adminToken();
    facturas.bea2028 = await emitir(bea.idPaciente);
  });
  after(async () => { await srv?.stop(); });

  const req = (method: string, path: string, body?: unknown) => srv.request(method, path, { token: admin, body });
  async function emitir(idPaciente: number): Promise<number> {
    const r = await req('POST', '/api/admin/facturas', { idPaciente, lineas: [{ precioCentimos: 6000 }] });
    expect(r.status, r.text).to.equal(201);
    expect(r.body.tipoFactura).to.equal('F1');
    return r.body.idFactura;
  }
  const pdf = async (idFactura: number) => {
    const r = await fetch(`${srv.url}/api/facturas/${idFactura}/pdf`, { headers: { Authorization: `Bearer ${admin}` } });
    expect(r.status).to.equal(200);
    return pdfText(Buffer.from(await r.arrayBuffer()));
  };
  const destinatario = async (idFactura: number) => {
    const r = await req('GET', `/api/facturas/${idFactura}`);
    expect(r.status, r.text).to.equal(200);
    return r.body.destinatario;
  };
  /** The job as the server's timer runs it, at the clock's instant; then every reader caught up. */
  async function retencion(at: string): Promise<number> {
    clock.set(new Date(at));
    admin = await srv.adminToken();
    const n = await runBillingRetentionJob({ knex: srv.deps.knex, store: srv.deps.store, clock, retentionYears: srv.config.billing.retentionYears });
    const head = await srv.deps.store.head();
    expect(await srv.deps.projections.waitFor(head, 10_000)).to.equal(true);
    expect(await srv.deps.reactors!.waitFor(head, 10_000)).to.equal(true);
    return n;
  }
  const colaAeat = () => srv.deps.knex('aeat_registros').orderBy('seq').select('id_factura', 'operacion', 'registro');
  const verifica = async () => {
    const r = await runCli('billing-verify', [], serverEnv(srv));
    expect(r.code, r.stderr).to.equal(0);
    return JSON.parse(r.stdout);
  };

  it('keeps an erased patient\'s invoices with their recipient for the administrator: read, PDF and the AEAT queue', async () => {
    const psiToken = await srv.login(psi.body.email, psi.body.password);
    expect((await srv.request('GET', `/api/facturas/${facturas.ana}`, { token: psiToken })).status).to.equal(200);
    const erased = await Promise.all([ana, bea].map((p) => req('DELETE', `/api/pacientes/${p.idPaciente}`)));
    for (const r of erased) expect(r.status, r.text).to.be.within(200, 299);
    const head = await srv.deps.store.head();
    expect(await srv.deps.projections.waitFor(head, 10_000)).to.equal(true);
    expect(await srv.deps.reactors!.waitFor(head, 10_000)).to.equal(true);

    expect(await destinatario(facturas.ana)).to.deep.equal({ nombreRazon: 'Ana Retenida', nif: 'X1234567L', domicilio: ['Calle Mayor 1', '28001 Madrid', 'Madrid', 'España'] });
    expect(await pdf(facturas.ana)).to.contain('Ana Retenida').and.contain('X1234567L').and.not.contain('(datos suprimidos)');
    // The patient's account went with the erasure.
    expect((await srv.request('GET', `/api/facturas/${facturas.ana}`, { token: ana.token })).status).to.be.oneOf([401, 404]);
    // Her psychologist did not issue it (the practice did): the obligation to keep it is not theirs.
    expect((await srv.request('GET', `/api/facturas/${facturas.ana}`, { token: psiToken })).status).to.equal(404);
    expect((await srv.request('GET', `/api/facturas/${facturas.ana}/pdf`, { token: psiToken })).status).to.equal(404);
    const cola = await colaAeat();
    expect(cola).to.have.length(3);
    for (const row of cola) expect(row.registro.registro.destinatario, `queued record of invoice ${row.id_factura}`).to.include({ nombreRazon: row.id_factura === facturas.ana ? 'Ana Retenida' : 'Bea Reciente' });
  });

  it('does not destroy the billing key before the end of the period (6 years after the end of the year of the latest invoice)', async () => {
    expect(await retencion('2032-12-31T23:00:00Z')).to.equal(0);
    expect(await destinatario(facturas.ana)).to.include({ nombreRazon: 'Ana Retenida' });
  });

  it('then destroys it: the recipient leaves the read model, the PDF and the queue; the chain still verifies and no record is lost', async () => {
    const antes = await verifica();
    expect(await retencion('2033-01-01T00:00:05Z')).to.equal(1);
    expect(await destinatario(facturas.ana)).to.equal(null);
    const texto = await pdf(facturas.ana);
    expect(texto).to.contain('(datos suprimidos)').and.not.contain('Retenida').and.not.contain('X1234567L');
    const inv = await req('GET', `/api/facturas/${facturas.ana}`);
    expect(inv.body).to.include({ estado: 'EMITIDA', tipoFactura: 'F1' });
    expect(inv.body.huella).to.match(/^[0-9A-F]{64}$/);

    const [key] = await srv.deps.knex('data_keys').where({ subject: `facturacion-paciente-${ana.idPaciente}` }).select('wrapped', 'destroyed_at');
    expect(key.wrapped).to.equal(null);
    expect(key.destroyed_at).not.to.equal(null);
    const [evento] = await srv.deps.store.readStream(`retencion-facturacion-${ana.idPaciente}`);
    expect(evento.type).to.equal('ClaveFacturacionDestruida');
    expect(evento.data).to.deep.equal({ idPaciente: ana.idPaciente, ultimoAnio: 2026, retencionAnios: 6 });
    // The log opens the recipient as erased, for every reader (a rebuild reads the same).
    const [emitida] = (await srv.deps.store.readStream(`factura-${facturas.ana}`)).filter((e) => e.type === 'FacturaEmitida');
    expect(emitida.data.destinatario).to.equal(null);
    expect(emitida.erased).to.deep.equal(['destinatario']);

    const cola = await colaAeat();
    expect(cola.map((r) => r.id_factura)).to.deep.equal([facturas.ana, facturas.bea2026, facturas.bea2028]);
    expect(cola[0].registro.registro).not.to.have.property('destinatario');
    expect(await verifica()).to.deep.equal(antes);
    expect(antes).to.include({ valido: true, registros: 3 });
    // Once: another run records nothing more.
    expect(await retencion('2033-01-02T00:00:00Z')).to.equal(0);
  });

  it('keeps the key while a newer invoice keeps the patient inside the period, and destroys it at that one\'s end', async () => {
    expect(await destinatario(facturas.bea2026)).to.include({ nombreRazon: 'Bea Reciente' });
    expect(await retencion('2034-12-31T12:00:00Z')).to.equal(0);
    expect(await destinatario(facturas.bea2026)).to.include({ nombreRazon: 'Bea Reciente' });
    expect(await retencion('2035-01-01T00:00:05Z')).to.equal(1);
    expect(await destinatario(facturas.bea2026)).to.equal(null);
    expect(await destinatario(facturas.bea2028)).to.equal(null);
    expect(await verifica()).to.include({ valido: true, registros: 3 });
  });

  it('takes BILLING_RETENTION_YEARS as a whole number of years from 4 to 30 (6 by default), and refuses anything else at start', () => {
    const env = { NODE_ENV: 'test', DATA_DIR: srv.config.dataDir };
    expect(loadConfig(env).billing.retentionYears).to.equal(6);
    expect(loadConfig({ ...env, BILLING_RETENTION_YEARS: '10' }).billing.retentionYears).to.equal(10);
    for (const bad of ['3', '31', '6.5', 'seis']) {
      expect(() => loadConfig({ ...env, BILLING_RETENTION_YEARS: bad }), bad).to.throw(ConfigError, /BILLING_RETENTION_YEARS/);
    }
  });
});
