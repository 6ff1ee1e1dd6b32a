import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectError, expectSession, pacienteBody } from '../http/helpers.ts';
import { newPaciente, newPsicologo, type Paciente } from '../directory/support.ts';
import { ManualClock } from '../../src/platform/clock.ts';

// Outstanding balances by age (issue 32 item 8, docs/billing.md "Outstanding balances"): what each
// patient owes by the age of the invoice, counted in days from its date of issue to today in the
// practice's zone; JSON or CSV; the administrator's only, since it names patients.
const CONSULTA = { nombreRazon: 'Consulta Ejemplo S.L.', nif: 'B12345674', domicilio: ['Calle Mayor 1', '28013 Madrid'] };
const DIA = 86_400_000;

describe('outstanding balances by age (GET /api/admin/informes/saldos-pendientes)', function () {
  this.timeout(90_000);
  let srv: TestServer;
  let clock: ManualClock;
  let admin: string;
  let ana: Paciente;
  let luis: Paciente;

  const req = (method: string, path: string, token: string, body?: unknown, headers?: Record<string, string>) => srv.request(method, path, { token, body, headers });
  async function factura(idPaciente: number, precioCentimos: number): Promise<number> {
    const r = await req('POST', '/api/admin/facturas', admin, { idPaciente, lineas: [{ precioCentimos }] });
    expect(r.status, r.text).to.equal(201);
    return r.body.idFactura;
  }
  async function registrar(usuario: Record<string, unknown>): Promise<Paciente> {
    const r = await srv.request('POST', '/auth/register-paciente', { body: pacienteBody({}, usuario) });
    expectSession(r, 'PACIENTE');
    return { token: r.body.token, idPaciente: r.body.idPaciente, idUsuario: r.body.idUsuario };
  }
  const avanzar = async (dias: number) => { clock.advance(dias * DIA); admin = await srv.adminToken(); };

  before(async () => {
    // Noon in Madrid: whole days later it is still the same hour, far from midnight.
    clock = new ManualClock(new Date('2026-03-02T11:00:00Z'));
    srv = await startTestServer({ clock });
    admin = await srv.adminToken();
    ana = await registrar({ nombre: 'Ana', apellido: 'Pérez; "la del 3º"' });
    luis = await registrar({ nombre: 'Luis', apellido: '=Gómez' });
    expect((await req('PUT', '/api/admin/facturacion/ajustes', admin, { emisorEs: 'CONSULTA', consulta: CONSULTA })).status).to.equal(200);
    await factura(ana.idPaciente, 10000); // 95 days old at the end
    await avanzar(34);
    const pagada = await factura(ana.idPaciente, 5000); // paid: not outstanding
    expect((await req('POST', `/api/facturas/${pagada}/pagos`, admin, { importeCentimos: 5000, metodo: 'EFECTIVO' })).status).to.equal(201);
    await avanzar(6);
    const parcial = await factura(luis.idPaciente, 123456); // 55 days old, 1000 paid
    expect((await req('POST', `/api/facturas/${parcial}/pagos`, admin, { importeCentimos: 1000, metodo: 'TRANSFERENCIA' })).status).to.equal(201);
    await avanzar(25);
    await factura(ana.idPaciente, 2000); // 30 days old
    await avanzar(30);
  });
  after(async () => { await srv?.stop(); });

  it('splits what each patient owes into 0-30, 31-60, 61-90 and over 90 days from the date of issue, with the totals', async () => {
    const r = await req('GET', '/api/admin/informes/saldos-pendientes', admin);
    expect(r.status, r.text).to.equal(200);
    expect(r.body.fecha).to.equal('2026-06-05');
    expect(r.body.pacientes).to.deep.equal([
      { idPaciente: ana.idPaciente, nombre: 'Ana', apellido: 'Pérez; "la del 3º"', facturas: 2, d0a30Centimos: 2000, d31a60Centimos: 0, d61a90Centimos: 0, masDe90Centimos: 10000, totalCentimos: 12000 },
      { idPaciente: luis.idPaciente, nombre: 'Luis', apellido: '=Gómez', facturas: 1, d0a30Centimos: 0, d31a60Centimos: 122456, d61a90Centimos: 0, masDe90Centimos: 0, totalCentimos: 122456 },
    ]);
    expect(r.body.totales).to.deep.equal({ d0a30Centimos: 2000, d31a60Centimos: 122456, d61a90Centimos: 0, masDe90Centimos: 10000, totalCentimos: 134456 });
  });

  it('gives CSV with formato=csv or Accept: text/csv: semicolons, euros with a decimal comma, quoted fields, no formulas', async () => {
    for (const r of [
      await req('GET', '/api/admin/informes/saldos-pendientes?formato=csv', admin),
      await req('GET', '/api/admin/informes/saldos-pendientes', admin, undefined, { Accept: 'text/csv' }),
    ]) {
      expect(r.status, r.text).to.equal(200);
      expect(r.headers.get('content-type')).to.match(/^text\/csv/);
      expect(r.text.split('\r\n')).to.deep.equal([
        'idPaciente;apellido;nombre;facturas;0-30 dias;31-60 dias;61-90 dias;mas de 90 dias;total',
        `${ana.idPaciente};"Pérez; ""la del 3º""";Ana;2;20,00;0,00;0,00;100,00;120,00`,
        `${luis.idPaciente};'=Gómez;Luis;1;0,00;1224,56;0,00;0,00;1224,56`,
        'TOTAL;;;3;20,00;1224,56;0,00;100,00;1344,56',
        '',
      ]);
    }
  });

  it('is the administrator\'s only: it names patients', async () => {
    const psi = await newPsicologo(srv, admin);
    expectError(await req('GET', '/api/admin/informes/saldos-pendientes', psi.token), 403);
    // Tokens last 24 hours and the clock moved on: a patient signed in now.
    const otro = await newPaciente(srv);
    expectError(await req('GET', '/api/admin/informes/saldos-pendientes', otro.token), 403);
  });
});
