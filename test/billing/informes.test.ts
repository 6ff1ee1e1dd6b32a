import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectError, expectSession, pacienteBody } from '../http/helpers.ts';
import { asignar, newPsicologo, type Psicologo } from '../citas/support.ts';
import { ManualClock } from '../../src/platform/clock.ts';

// The income report and the invoices' CSV (docs/billing.md "Reports") against the real server:
// sums per month and psychologist with a rectifying and a cancelled invoice, what was collected,
// the CSV that adds up to the JSON, a psychologist's own report, and who may read what.

const CONSULTA = { nombreRazon: 'Consulta Ejemplo S.L.', nif: 'B12345674', domicilio: ['Calle Mayor 1', '28013 Madrid'] };
type Fila = Record<string, number | string | null>;

/** `"-1.234,56"`-free CSV amounts (`-10,00`, `121,00`) to cents, by text: never through a float. */
const centimosDe = (euros: string): number => {
  const m = /^(-?)(\d+),(\d{2})$/.exec(euros);
  if (!m) throw new Error(`not a CSV amount: ${euros}`);
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number(m[3]));
};

/** The CSV's records (header first), by RFC 4180 with `;`: quoted cells may hold `;`, quotes and line ends. */
function parseCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF'), 'UTF-8 byte-order mark').to.equal(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 1; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') { row.push(cell); cell = ''; } else if (c === '\r' && text[i + 1] === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; i++; } else cell += c;
  }
  expect(cell === '' && row.length === 0, 'ends with CRLF').to.equal(true);
  return rows;
}

describe('billing reports: income per psychologist and month, and the invoices as CSV', function () {
  this.timeout(120_000);
  let srv: TestServer;
  // Madrid's 31 January at 13:00: the January invoices; 13 hours later it is 1 February there.
  const clock = new ManualClock(new Date('2026-01-31T12:00:00Z'));
  let admin: string;
  let laura: Psicologo;
  let marta: Psicologo;
  const ids: Record<string, number> = {};
  const pacientes: Record<string, { token: string; idPaciente: number }> = {};

  const req = (method: string, path: string, token: string, body?: unknown) => srv.request(method, path, { token, body });
  async function ok(method: string, path: string, token: string, body?: unknown) {
    const r = await req(method, path, token, body);
    expect(r.status, `${method} ${path}: ${r.text}`).to.be.within(200, 299);
    return r;
  }
  const emitir = async (paciente: string, lineas: unknown[]) =>
    (await ok('POST', '/api/admin/facturas', admin, { idPaciente: pacientes[paciente].idPaciente, lineas })).body.idFactura as number;
  async function paciente(key: string, nombre: string, apellido: string, psicologo: Psicologo | null) {
    const r = await srv.request('POST', '/auth/register-paciente', { body: pacienteBody({}, { nombre, apellido }) });
    expectSession(r, 'PACIENTE');
    pacientes[key] = { token: r.body.token, idPaciente: r.body.idPaciente };
    if (psicologo) await asignar(srv, admin, r.body.idPaciente, psicologo.idPsicologo);
  }
  /** A CSV answer's bytes as sent (fetch's text() would drop the byte-order mark): status, headers, text. */
  async function csv(path: string, token = admin) {
    const res = await fetch(`${srv.url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    const text = Buffer.from(await res.arrayBuffer()).toString('utf8');
    expect(res.status, `GET ${path}: ${text}`).to.equal(200);
    return { headers: res.headers, text };
  }
  const cobrar = (idFactura: number, importeCentimos: number) => ok('POST', `/api/facturas/${idFactura}/pagos`, admin, { importeCentimos, metodo: 'EFECTIVO' });

  before(async () => {
    srv = await startTestServer({ clock });
    admin = await srv.adminToken();
    // A name a spreadsheet would run as a formula: the CSV must write it as text.
    laura = await newPsicologo(srv, admin, '=HYPERLINK("http://x")', 'Gómez');
    marta = await newPsicologo(srv, admin, 'Marta', 'Ruiz');
    await paciente('ana', 'Ana', 'Pérez', laura);
    await paciente('luis', 'Luis', 'Sanz', marta);
    await paciente('eva', '@Eva', '-López', laura);
    await paciente('sol', 'Sol', 'Vega', null);
    await ok('PUT', '/api/admin/facturacion/ajustes', admin, { emisorEs: 'CONSULTA', consulta: CONSULTA });

    // January: Ana 60.00 (30.00 collected), Luis 100.00 + 21% VAT (collected), Ana 50.00 cancelled.
    ids.ana1 = await emitir('ana', [{ precioCentimos: 6000 }]);
    ids.luis = await emitir('luis', [{ precioCentimos: 10000, iva: 21 }]);
    ids.anulada = await emitir('ana', [{ precioCentimos: 5000 }]);
    await ok('POST', `/api/admin/facturas/${ids.anulada}/anulacion`, admin, { motivo: 'Emitida por error' });
    await cobrar(ids.ana1, 3000);
    await cobrar(ids.luis, 12100);
    // February: Eva 80.00, Ana's January invoice lowered by 10.00, Sol (no psychologist) 20.00.
    clock.advance(13 * 3_600_000);
    ids.eva = await emitir('eva', [{ precioCentimos: 8000 }]);
    ids.rect = (await ok('POST', `/api/admin/facturas/${ids.ana1}/rectificativa`, admin, { lineas: [{ precioCentimos: -1000 }], motivo: 'Descuento no aplicado' })).body.idFactura;
    ids.sol = await emitir('sol', [{ precioCentimos: 2000 }]);
  });
  after(async () => srv?.stop());

  const fila = (mes: string, idPsicologo: number | null, nombrePsicologo: string | null, f: number[]) => {
    const [facturas, rectificativas, baseCentimos, cuotaIvaCentimos, totalCentimos, cobradoCentimos] = f;
    return { mes, idPsicologo, nombrePsicologo, facturas, rectificativas, baseCentimos, cuotaIvaCentimos, totalCentimos, cobradoCentimos };
  };

  it('sums per month and psychologist: rectifying invoices with their negative differences, cancelled ones not at all, and what was collected', async () => {
    const r = await ok('GET', '/api/admin/informes/ingresos?desde=2026-01&hasta=2026-02', admin);
    expect(r.body.filas).to.deep.equal([
      fila('2026-01', laura.idPsicologo, '=HYPERLINK("http://x") Gómez', [1, 0, 6000, 0, 6000, 3000]),
      fila('2026-01', marta.idPsicologo, 'Marta Ruiz', [1, 0, 10000, 2100, 12100, 12100]),
      fila('2026-02', laura.idPsicologo, '=HYPERLINK("http://x") Gómez', [2, 1, 7000, 0, 7000, 0]),
      fila('2026-02', null, null, [1, 0, 2000, 0, 2000, 0]),
    ]);
    expect(r.body).to.deep.include({ desde: '2026-01', hasta: '2026-02' });
    expect(r.body.totales).to.deep.equal({ facturas: 5, rectificativas: 1, baseCentimos: 25000, cuotaIvaCentimos: 2100, totalCentimos: 27100, cobradoCentimos: 15100 });

    const marzo = await ok('GET', '/api/admin/informes/ingresos?desde=2026-02&hasta=2026-02&idPsicologo=' + laura.idPsicologo, admin);
    expect(marzo.body.filas).to.deep.equal([fila('2026-02', laura.idPsicologo, '=HYPERLINK("http://x") Gómez', [2, 1, 7000, 0, 7000, 0])]);
    expect((await ok('GET', '/api/admin/informes/ingresos?desde=2025-01&hasta=2025-12', admin)).body.filas).to.deep.equal([]);
  });

  it('gives the same report as CSV (`;`, euros with a decimal comma, names kept from running as formulas) that adds up to the JSON', async () => {
    const json = (await ok('GET', '/api/admin/informes/ingresos?desde=2026-01&hasta=2026-02', admin)).body;
    const r = await csv('/api/admin/informes/ingresos?desde=2026-01&hasta=2026-02&formato=csv');
    expect(r.headers.get('content-type')).to.equal('text/csv; charset=utf-8');
    expect(r.headers.get('content-disposition')).to.equal('attachment; filename="ingresos-2026-01-2026-02.csv"');
    const [cabecera, ...filas] = parseCsv(r.text);
    expect(cabecera).to.deep.equal(['mes', 'idPsicologo', 'psicologo', 'facturas', 'rectificativas', 'baseEuros', 'ivaEuros', 'totalEuros', 'cobradoEuros']);
    expect(filas).to.have.length(json.filas.length);
    expect(filas[0]).to.deep.equal(['2026-01', String(laura.idPsicologo), `'=HYPERLINK("http://x") Gómez`, '1', '0', '60,00', '0,00', '60,00', '30,00']);
    expect(filas[3].slice(0, 3)).to.deep.equal(['2026-02', '', '']);
    const suma = (col: number) => filas.reduce((s, f) => s + centimosDe(f[col]), 0);
    expect([suma(5), suma(6), suma(7), suma(8)]).to.deep.equal([json.totales.baseCentimos, json.totales.cuotaIvaCentimos, json.totales.totalCentimos, json.totales.cobradoCentimos]);
    expect(filas.reduce((s, f) => s + Number(f[3]), 0)).to.equal(json.totales.facturas);
    // Without formato, an Accept header that asks for CSV first gets the same bytes.
    const porAccept = await fetch(`${srv.url}/api/admin/informes/ingresos?desde=2026-01&hasta=2026-02`, { headers: { Authorization: `Bearer ${admin}`, Accept: 'text/csv, application/json' } });
    expect(Buffer.from(await porAccept.arrayBuffer()).toString('utf8')).to.equal(r.text);
  });

  it("shows a psychologist their own invoices' income only, and refuses a patient (403) and bad periods (400)", async () => {
    const propio = await ok('GET', '/api/psicologo/informes/ingresos?desde=2026-01&hasta=2026-12', laura.token);
    expect(propio.body.filas.map((f: Fila) => [f.mes, f.idPsicologo, f.totalCentimos])).to.deep.equal([['2026-01', laura.idPsicologo, 6000], ['2026-02', laura.idPsicologo, 7000]]);
    expect(propio.body.totales.totalCentimos).to.equal(13000);
    const suyo = await ok('GET', '/api/psicologo/informes/ingresos?desde=2026-01&hasta=2026-12', marta.token);
    expect(suyo.body.filas.map((f: Fila) => f.idPsicologo)).to.deep.equal([marta.idPsicologo]);
    // Asking for someone else's is not a parameter of their report.
    expectError(await req('GET', `/api/psicologo/informes/ingresos?desde=2026-01&hasta=2026-12&idPsicologo=${marta.idPsicologo}`, laura.token), 400, /idPsicologo/);
    const propioCsv = parseCsv((await csv('/api/psicologo/informes/ingresos?desde=2026-01&hasta=2026-12&formato=csv', laura.token)).text);
    expect(propioCsv.slice(1).map((f) => f[1])).to.deep.equal([String(laura.idPsicologo), String(laura.idPsicologo)]);

    expectError(await req('GET', '/api/admin/informes/ingresos?desde=2026-01&hasta=2026-02', laura.token), 403);
    for (const path of ['/api/admin/informes/ingresos', '/api/psicologo/informes/ingresos']) {
      expectError(await req('GET', `${path}?desde=2026-01&hasta=2026-02`, pacientes.ana.token), 403);
    }
    expectError(await req('GET', '/api/admin/facturas.csv', pacientes.ana.token), 403);
    expectError(await req('GET', '/api/admin/informes/ingresos?desde=2026-03&hasta=2026-02', admin), 400, /hasta/);
    expectError(await req('GET', '/api/admin/informes/ingresos?hasta=2026-02', admin), 400, /desde/);
    expectError(await req('GET', '/api/admin/informes/ingresos?desde=2026-13&hasta=2026-02', admin), 400, /desde/);
    expectError(await req('GET', '/api/admin/informes/ingresos?desde=2026-01&hasta=2026-02&formato=xlsx', admin), 400, /formato/);
  });

  it('exports every invoice the filters select as CSV, with the recipient, the state and what was collected', async () => {
    const r = await csv('/api/admin/facturas.csv');
    expect(r.headers.get('content-type')).to.equal('text/csv; charset=utf-8');
    const [cabecera, ...filas] = parseCsv(r.text);
    expect(cabecera).to.deep.equal([
      'idFactura', 'numSerie', 'fechaExpedicion', 'tipoFactura', 'rectifica', 'emisorNif', 'emisorNombre', 'destinatarioNombre',
      'destinatarioNif', 'idPaciente', 'idPsicologo', 'baseEuros', 'ivaEuros', 'totalEuros', 'estado', 'cobradoEuros',
    ]);
    const col = (name: string) => cabecera.indexOf(name);
    expect(filas.map((f) => Number(f[0]))).to.deep.equal([ids.ana1, ids.luis, ids.anulada, ids.eva, ids.rect, ids.sol]);
    const porId = (id: number) => filas.find((f) => Number(f[0]) === id)!;
    const ana1 = porId(ids.ana1);
    expect([ana1[col('numSerie')], ana1[col('fechaExpedicion')], ana1[col('emisorNif')], ana1[col('destinatarioNombre')], ana1[col('destinatarioNif')]])
      .to.deep.equal(['2026-A/000001', '2026-01-31', CONSULTA.nif, 'Ana Pérez', '12345678Z']);
    expect([ana1[col('totalEuros')], ana1[col('estado')], ana1[col('cobradoEuros')]]).to.deep.equal(['60,00', 'EMITIDA', '30,00']);
    expect(porId(ids.luis).slice(col('baseEuros'), col('totalEuros') + 1)).to.deep.equal(['100,00', '21,00', '121,00']);
    expect(porId(ids.anulada)[col('estado')]).to.equal('ANULADA');
    const rect = porId(ids.rect);
    expect([rect[col('tipoFactura')], rect[col('rectifica')], rect[col('totalEuros')]]).to.deep.equal(['R1', '2026-A/000001', '-10,00']);
    // A recipient's name that starts like a formula is written as text.
    expect(porId(ids.eva)[col('destinatarioNombre')]).to.equal("'@Eva -López");

    const deMarta = parseCsv((await csv(`/api/admin/facturas.csv?idPsicologo=${marta.idPsicologo}`)).text);
    expect(deMarta.slice(1).map((f) => Number(f[0]))).to.deep.equal([ids.luis]);
    const deAna = parseCsv((await csv(`/api/admin/facturas.csv?idPaciente=${pacientes.ana.idPaciente}&anio=2026`)).text);
    expect(deAna.slice(1).map((f) => Number(f[0]))).to.deep.equal([ids.ana1, ids.anulada, ids.rect]);
    expect(parseCsv((await csv('/api/admin/facturas.csv?anio=2025')).text)).to.have.length(1);
    expectError(await req('GET', '/api/admin/facturas.csv', laura.token), 403);
  });
});
