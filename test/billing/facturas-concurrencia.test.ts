import { expect } from 'chai';
import { pacienteBody, uniqueEmail } from '../http/helpers.ts';
import { ADMIN, FAST, startCluster } from '../realtime/support.ts';
import { verificarRegistros } from '../../src/cli/billing-verify.ts';

// Numbering without gaps or repeats (issue 32 item 3): two server instances on one database issue
// 40 invoices of one issuer at once. The series' stream and the issuer's chain are written in the
// same atomic append as the invoice, with the revisions read: a loser re-reads and takes the next
// number, so the series is exactly 1..40, dates never go back, and the chain holds.
describe('invoice numbering under 40 concurrent issues over 2 instances', function () {
  this.timeout(180_000);
  let cluster: Awaited<ReturnType<typeof startCluster>>;

  before(async () => { cluster = await startCluster(2, FAST); });
  after(async () => { await cluster?.stop(); });

  it('gives the numbers 1..40 exactly once, with non-decreasing dates, and a chain billing:verify accepts', async () => {
    const [a, b] = cluster.instances;
    const admin = (await a.request('POST', '/auth/login', { body: ADMIN })).body.token;
    const ajustes = await a.request('PUT', '/api/admin/facturacion/ajustes', {
      token: admin, body: { emisorEs: 'CONSULTA', consulta: { nombreRazon: 'Consulta S.L.', nif: 'B12345674', domicilio: ['Calle Mayor 1'] } },
    });
    expect(ajustes.status, ajustes.text).to.equal(200);
    const pac = await a.request('POST', '/auth/register-paciente', { body: pacienteBody({}, { email: uniqueEmail('fac') }) });
    expect(pac.status, pac.text).to.equal(200);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? b : a).request('POST', '/api/admin/facturas', {
      token: admin, body: { idPaciente: pac.body.idPaciente, lineas: [{ precioCentimos: 6000 + i }] },
    })));
    for (const r of answers) expect(r.status, r.text).to.equal(201);
    const numeros = answers.map((r) => r.body.numero as number).sort((x, y) => x - y);
    expect(numeros).to.deep.equal(Array.from({ length: 40 }, (_, i) => i + 1));
    const porNumero = answers.map((r) => r.body).sort((x, y) => x.numero - y.numero);
    for (let i = 1; i < porNumero.length; i++) expect(porNumero[i].fechaExpedicion >= porNumero[i - 1].fechaExpedicion).to.equal(true);
    const informe = await verificarRegistros(a.deps.store);
    expect(informe).to.include({ valido: true, registros: 40 });
  });
});
