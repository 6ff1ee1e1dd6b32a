import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectError, pacienteBody } from '../http/helpers.ts';
import { asignar, newPaciente, newPsicologo, type Paciente } from '../directory/support.ts';
import { verificarRegistros } from '../../src/cli/billing-verify.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { fechaHoraHuso } from '../../src/platform/verifactu/fecha.ts';
import { huellaAlta, huellaAnulacion } from '../../src/platform/verifactu/huella.ts';
import { suministroXml, type RegistroParaEnvio } from '../../src/platform/verifactu/suministro-xml.ts';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { RegistroFacturacionAltaGenerado, RegistroFacturacionAnulacionGenerado } from '../../src/events/factura.ts';
import { storedEvents } from '../support/log.ts';

// Issued invoices (issue 32 item 3, docs/billing.md "Invoices and numbering") against the real
// server: the issuer's data, numbering, lines and totals, the recipient, who may read what, the
// PDF, cancellation, and the registros de alta and anulación chained per issuer.
const XSD = resolve(import.meta.dirname, '../../src/platform/verifactu/xsd/SuministroLR.xsd');
const CONSULTA = { nombreRazon: 'Consulta Ejemplo S.L.', nif: 'B12345674', domicilio: ['Calle Mayor 1', '28013 Madrid'] };

describe('invoices: issuing, numbering, reading and cancelling, with their VERI*FACTU records', function () {
  this.timeout(90_000);
  let srv: TestServer;
  let clock: ManualClock;
  let admin: string;
  let psi: { token: string; idPsicologo: number };
  let otroPsi: { token: string; idPsicologo: number };
  let pac: Paciente;
  let ajeno: Paciente;
  let idServicio: number;

  before(async () => {
    clock = new ManualClock(new Date());
    srv = await startTestServer({ clock });
    admin = await srv.adminToken();
    psi = await newPsicologo(srv, admin);
    otroPsi = await newPsicologo(srv, admin);
    pac = await newPaciente(srv);
    ajeno = await newPaciente(srv);
    await asignar(srv, admin, pac.idPaciente, psi.idPsicologo);
    await asignar(srv, admin, ajeno.idPaciente, otroPsi.idPsicologo);
    const s = await req('POST', '/api/admin/servicios', admin, { nombre: 'Sesión individual', precioCentimos: 6000, duracionMinutos: 50 });
    idServicio = s.body.idServicio;
  });
  after(async () => { await srv?.stop(); });

  const req = (method: string, path: string, token: string, body?: unknown) => srv.request(method, path, { token, body });
  const emitir = (token: string, body: unknown) => req('POST', '/api/admin/facturas', token, body);
  const registros = async (nif: string) => (await srv.deps.store.readStream(`registros-facturacion-${nif}`))
    .map((e) => e as unknown as RegistroFacturacionAltaGenerado | RegistroFacturacionAnulacionGenerado);

  it('refuses to issue without the issuer\'s data (409 naming them) and a NIF that fails its check character (400 naming the field)', async () => {
    const r = await emitir(admin, { idPaciente: pac.idPaciente, lineas: [{ idServicio }] });
    expectError(r, 409, /nombreRazon, nif y domicilio/);
    expectError(await req('PUT', '/api/admin/facturacion/ajustes', admin, { emisorEs: 'CONSULTA', consulta: { ...CONSULTA, nif: 'B12345678' } }), 400, /nif/);
    expectError(await req('PUT', '/api/admin/facturacion/ajustes', psi.token, { emisorEs: 'CONSULTA', consulta: CONSULTA }), 403);
    const ok = await req('PUT', '/api/admin/facturacion/ajustes', admin, { emisorEs: 'CONSULTA', consulta: { ...CONSULTA, nif: 'b-12345674' } });
    expect(ok.status, ok.text).to.equal(200);
    expect(ok.body).to.deep.equal({ emisorEs: 'CONSULTA', consulta: CONSULTA, facturarCargos: 'MENSUAL' });
  });

  it('numbers invoices 1, 2… in the issuer\'s series of the year, priced by the fees, with totals in cents and a chained registro de alta each', async () => {
    const anio = clock.now().getUTCFullYear();
    const a = await emitir(admin, { idPaciente: pac.idPaciente, lineas: [{ idServicio, cantidad: 2 }] });
    expect(a.status, a.text).to.equal(201);
    expect(a.body).to.include({ serie: `${anio}-A`, numero: 1, numSerie: `${anio}-A/000001`, tipoFactura: 'F1', estado: 'EMITIDA', idPaciente: pac.idPaciente, idPsicologoEmisor: null });
    expect(a.body.emisor).to.deep.equal(CONSULTA);
    expect(a.body.destinatario).to.deep.equal({ nombreRazon: 'Ana Pérez', nif: '12345678Z', domicilio: ['Calle Mayor 1', '28001 Madrid', 'Madrid', 'España'] });
    expect(a.body.lineas).to.deep.equal([{ descripcion: 'Sesión individual', idServicio, cantidad: 2, precioUnitarioCentimos: 6000, baseCentimos: 12000, iva: 'EXENTO', cuotaCentimos: 0 }]);
    expect(a.body).to.include({ baseTotalCentimos: 12000, cuotaTotalCentimos: 0, importeTotalCentimos: 12000 });
    // AEAT_ENDPOINT is not prod in tests: the QR names AEAT's test cotejo host.
    expect(a.body.urlQr).to.match(/^https:\/\/prewww2\.aeat\.es\/wlpl\/TIKE-CONT\/ValidarQR\?/);
    expect(a.body.urlQr).to.contain(`numserie=${anio}-A%2F000001`).and.contain('importe=120.00').and.contain('nif=B12345674');

    clock.advance(61_000);
    // A hand-written taxable line (a report for a court) and one with no description.
    const b = await emitir(admin, { idPaciente: pac.idPaciente, lineas: [{ descripcion: 'Informe pericial', precioCentimos: 10001, iva: 21 }, { precioCentimos: 5000 }] });
    expect(b.status, b.text).to.equal(201);
    expect(b.body).to.include({ numero: 2, baseTotalCentimos: 15001, cuotaTotalCentimos: 2100, importeTotalCentimos: 17101 });
    expect(b.body.lineas[1]).to.include({ descripcion: 'Sesión de psicología', iva: 'EXENTO' });

    const [r1, r2] = await registros(CONSULTA.nif);
    expect(r1.type).to.equal('RegistroFacturacionAltaGenerado');
    const alta1 = r1.data as RegistroFacturacionAltaGenerado['data'];
    const alta2 = r2.data as RegistroFacturacionAltaGenerado['data'];
    expect(alta1.registro.anterior).to.equal(null);
    expect(alta2.registro.anterior).to.deep.equal({ idEmisor: CONSULTA.nif, numSerie: a.body.numSerie, fechaExpedicion: a.body.fechaExpedicion, huella: alta1.huella });
    expect(alta2.registro.fechaHoraHusoGenRegistro).to.equal(fechaHoraHuso(clock.now(), 'Europe/Madrid'));
    expect(alta2.registro.desglose).to.deep.equal([
      { tipo: 'exenta', causa: 'E1', baseCentimos: 5000 },
      { tipo: 'sujeta', tipoImpositivo: 2100, baseCentimos: 10001, cuotaCentimos: 2100 },
    ]);
    for (const alta of [alta1, alta2]) expect(huellaAlta({ ...alta.registro, destinatario: alta.destinatario! })).to.equal(alta.huella);
    expect(b.body.huella).to.equal(alta2.huella);
    // The stored fields rebuild the submission XML, huella included.
    const xml = suministroXml({ nombreRazon: CONSULTA.nombreRazon, nif: CONSULTA.nif }, SISTEMA, [{ tipo: 'alta', registro: { ...alta2.registro, destinatario: alta2.destinatario! } }]);
    expect(xml).to.contain(`<sum1:Huella>${alta2.huella}</sum1:Huella>`).and.contain('<sum1:NIF>12345678Z</sum1:NIF>');
  });

  it('issues a simplified invoice (F2, no recipient) to a patient without a NIF up to 400.00 €, and refuses more (409 naming it)', async () => {
    const { idPaciente: id } = await newPaciente(srv, { usuario: { ...pacienteBody().usuario, dni: null } });
    const f2 = await emitir(admin, { idPaciente: id, lineas: [{ precioCentimos: 40000 }] });
    expect(f2.status, f2.text).to.equal(201);
    expect(f2.body).to.include({ tipoFactura: 'F2', destinatario: null, numero: 3 });
    expectError(await emitir(admin, { idPaciente: id, lineas: [{ precioCentimos: 40001 }] }), 409, /NIF/);
  });

  it('refuses bad lines (400 naming the field) and unknown patients or services (404)', async () => {
    expectError(await emitir(admin, { idPaciente: pac.idPaciente, lineas: [] }), 400, /lineas/);
    expectError(await emitir(admin, { idPaciente: pac.idPaciente, lineas: [{ precioCentimos: 12.5 }] }), 400, /precioCentimos/);
    expectError(await emitir(admin, { idPaciente: pac.idPaciente, lineas: [{ precioCentimos: -1 }] }), 400, /precioCentimos/);
    expectError(await emitir(admin, { idPaciente: pac.idPaciente, lineas: [{ idServicio, precioCentimos: 100 }] }), 400, /lineas\[0\]/);
    expectError(await emitir(admin, { idPaciente: pac.idPaciente, lineas: [{ idServicio: 999999 }] }), 404, 'Servicio no encontrado');
    expectError(await emitir(admin, { idPaciente: 999999, lineas: [{ idServicio }] }), 404, 'Paciente no encontrado');
    // None of these took a number: the next invoice follows the last issued one.
    const list = await req('GET', '/api/admin/facturas', admin);
    const next = await emitir(admin, { idPaciente: pac.idPaciente, lineas: [{ idServicio }] });
    expect(next.body.numero).to.equal(Math.max(...list.body.map((f: { numero: number }) => f.numero)) + 1);
  });

  it('lets the patient read their own invoices and PDF, the psychologist their patients\', and nobody else (404); only the administrator issues while the practice does', async () => {
    const [f] = (await req('GET', `/api/pacientes/${pac.idPaciente}/facturas`, pac.token)).body;
    expect(f.numero).to.equal(1);
    expect((await req('GET', `/api/facturas/${f.idFactura}`, pac.token)).status).to.equal(200);
    expect((await req('GET', `/api/facturas/${f.idFactura}`, psi.token)).status).to.equal(200);
    expectError(await req('GET', `/api/facturas/${f.idFactura}`, ajeno.token), 404, 'Factura no encontrada');
    expectError(await req('GET', `/api/facturas/${f.idFactura}`, otroPsi.token), 404);
    expectError(await req('GET', `/api/pacientes/${pac.idPaciente}/facturas`, ajeno.token), 404);
    expectError(await req('GET', '/api/admin/facturas', psi.token), 403);
    expectError(await emitir(psi.token, { idPaciente: pac.idPaciente, lineas: [{ idServicio }] }), 403);
    const pdf = await fetch(`${srv.url}/api/facturas/${f.idFactura}/pdf`, { headers: { Authorization: `Bearer ${pac.token}` } });
    expect(pdf.status).to.equal(200);
    expect(pdf.headers.get('content-type')).to.equal('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).to.equal('%PDF-');
    const filtered = await req('GET', `/api/admin/facturas?idPaciente=${pac.idPaciente}&anio=${f.fechaExpedicion.slice(0, 4)}`, admin);
    expect(filtered.body.every((x: { idPaciente: number }) => x.idPaciente === pac.idPaciente)).to.equal(true);
    expect((await req('GET', '/api/admin/facturas?anio=2001', admin)).body).to.deep.equal([]);
  });

  it('cancels an invoice with a registro de anulación chained to the issuer\'s last record; the invoice stays, ANULADA', async () => {
    const [f] = (await req('GET', `/api/pacientes/${pac.idPaciente}/facturas`, admin)).body;
    expectError(await req('POST', `/api/admin/facturas/${f.idFactura}/anulacion`, psi.token, { motivo: 'x' }), 403);
    const antes = await registros(CONSULTA.nif);
    const r = await req('POST', `/api/admin/facturas/${f.idFactura}/anulacion`, admin, { motivo: 'Emitida por error' });
    expect(r.status, r.text).to.equal(200);
    expect(r.body).to.include({ estado: 'ANULADA', numero: f.numero });
    const despues = await registros(CONSULTA.nif);
    expect(despues).to.have.length(antes.length + 1);
    const anul = despues[despues.length - 1] as RegistroFacturacionAnulacionGenerado;
    const previo = antes[antes.length - 1].data;
    expect(anul.type).to.equal('RegistroFacturacionAnulacionGenerado');
    expect(anul.data.registro.anulada).to.deep.equal({ idEmisor: CONSULTA.nif, numSerie: f.numSerie, fechaExpedicion: f.fechaExpedicion });
    expect(anul.data.registro.anterior?.huella).to.equal(previo.huella);
    expect(huellaAnulacion(anul.data.registro)).to.equal(anul.data.huella);
    expectError(await req('POST', `/api/admin/facturas/${f.idFactura}/anulacion`, admin, { motivo: 'otra vez' }), 409, /ya está anulada/);
    expectError(await req('POST', '/api/admin/facturas/999999/anulacion', admin, { motivo: 'x' }), 404);
  });

  it('lets each psychologist issue as a professional for their own patients, in a series and chain of their own NIF', async () => {
    await req('PUT', '/api/admin/facturacion/ajustes', admin, { emisorEs: 'PSICOLOGO', consulta: CONSULTA });
    expectError(await emitir(psi.token, { idPaciente: pac.idPaciente, lineas: [{ idServicio }] }), 409, new RegExp(`psicólogo ${psi.idPsicologo}.*datos-fiscales`));
    expectError(await req('PUT', `/api/admin/psicologos/${psi.idPsicologo}/datos-fiscales`, admin, { nombreRazon: 'Laura Gómez', nif: '00000000A', domicilio: ['C/ Sol 2'] }), 400, /nif/);
    const d = await req('PUT', `/api/admin/psicologos/${psi.idPsicologo}/datos-fiscales`, admin, { nombreRazon: 'Laura Gómez', nif: '00000000T', domicilio: ['C/ Sol 2'] });
    expect(d.status, d.text).to.equal(200);
    expectError(await emitir(psi.token, { idPaciente: ajeno.idPaciente, lineas: [{ idServicio }] }), 404);
    const f = await emitir(psi.token, { idPaciente: pac.idPaciente, lineas: [{ idServicio }] });
    expect(f.status, f.text).to.equal(201);
    expect(f.body).to.include({ numero: 1, idPsicologoEmisor: psi.idPsicologo });
    expect(f.body.emisor.nif).to.equal('00000000T');
    const [alta] = await registros('00000000T');
    expect((alta.data as RegistroFacturacionAltaGenerado['data']).registro.anterior).to.equal(null);
    await req('PUT', '/api/admin/facturacion/ajustes', admin, { emisorEs: 'CONSULTA', consulta: CONSULTA });
  });

  it('issues rectifying invoices por diferencias in the issuer\'s R series, naming the original, never below its total', async () => {
    const anio = clock.now().getUTCFullYear();
    const f = (await emitir(admin, { idPaciente: pac.idPaciente, lineas: [{ idServicio }] })).body;
    const rect = (body: unknown, id = f.idFactura, token = admin) => req('POST', `/api/admin/facturas/${id}/rectificativa`, token, body);
    const r = await rect({ lineas: [{ precioCentimos: -1000, descripcion: 'Descuento no aplicado' }], motivo: 'Descuento no aplicado' });
    expect(r.status, r.text).to.equal(201);
    expect(r.body).to.include({ tipoFactura: 'R1', serie: `${anio}-R`, numero: 1, numSerie: `${anio}-R/000001`, importeTotalCentimos: -1000, idPaciente: pac.idPaciente });
    expect(r.body.rectifica).to.deep.equal({ idFactura: f.idFactura, numSerie: f.numSerie, fechaExpedicion: f.fechaExpedicion, motivo: 'Descuento no aplicado' });
    expect(r.body.destinatario).to.deep.equal(f.destinatario);
    const todos = await registros(CONSULTA.nif);
    const alta = todos[todos.length - 1].data as RegistroFacturacionAltaGenerado['data'];
    expect(alta.registro).to.include({ tipoFactura: 'R1', importeTotalCentimos: -1000 });
    expect(alta.registro.rectificadas).to.deep.equal([{ idEmisor: CONSULTA.nif, numSerie: f.numSerie, fechaExpedicion: f.fechaExpedicion }]);
    expect(alta.registro.anterior?.huella).to.equal(todos[todos.length - 2].data.huella);
    expect(huellaAlta({ ...alta.registro, destinatario: alta.destinatario! })).to.equal(alta.huella);

    expectError(await rect({ lineas: [{ precioCentimos: -5001 }], motivo: 'x' }), 400, /lineas/);
    expect((await rect({ lineas: [{ precioCentimos: -5000 }], motivo: 'Sesión no realizada', tipo: 'R4' })).body).to.include({ numero: 2, tipoFactura: 'R4' });
    expectError(await rect({ lineas: [{ precioCentimos: -1 }], motivo: 'x' }), 400, /lineas/);
    expectError(await rect({ lineas: [{ precioCentimos: 100 }], motivo: 'x' }, r.body.idFactura), 409, /rectificativa no se rectifica/);
    expectError(await rect({ lineas: [{ precioCentimos: -1 }], motivo: 'x' }, 999999), 404, 'Factura no encontrada');
    expectError(await rect({ lineas: [{ precioCentimos: -1 }], motivo: 'x' }, f.idFactura, psi.token), 403);
    const pdf = await fetch(`${srv.url}/api/facturas/${r.body.idFactura}/pdf`, { headers: { Authorization: `Bearer ${pac.token}` } });
    expect(pdf.status).to.equal(200);
  });

  it('rebuilds from the stored records a submission that AEAT\'s schema accepts (xmllint), altas and anulación alike', function () {
    if (spawnSync('xmllint', ['--version']).error) this.skip(); // Debian's libxml2-utils, which .ci/run installs
    return (async () => {
      const enviables = (await registros(CONSULTA.nif)).map((e): RegistroParaEnvio => (e.type === 'RegistroFacturacionAltaGenerado'
        ? { tipo: 'alta', registro: { ...e.data.registro, ...(e.data.destinatario ? { destinatario: e.data.destinatario } : {}) } }
        : { tipo: 'anulacion', registro: e.data.registro }));
      expect(enviables.map((r) => r.tipo)).to.include('anulacion');
      const xml = suministroXml({ nombreRazon: CONSULTA.nombreRazon, nif: CONSULTA.nif }, SISTEMA, enviables);
      const dir = mkdtempSync(join(tmpdir(), 'facturas-xml-'));
      try {
        writeFileSync(join(dir, 'doc.xml'), xml);
        const r = spawnSync('xmllint', ['--nonet', '--noout', '--schema', XSD, join(dir, 'doc.xml')], { encoding: 'utf8' });
        expect(r.status, `${r.stdout}${r.stderr}`).to.equal(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    })();
  });

  it('keeps the recipient sealed in the log, and after the patient\'s erasure keeps the invoice, its recipient (for the tax period), its PDF and a valid chain', async () => {
    const p = await newPaciente(srv, { usuario: { ...pacienteBody().usuario, nombre: 'Sofía', apellido: 'Borrable', dni: 'X1234567L' } });
    const f = await emitir(admin, { idPaciente: p.idPaciente, lineas: [{ idServicio }] });
    expect(f.status, f.text).to.equal(201);
    expect(f.body.destinatario).to.include({ nombreRazon: 'Sofía Borrable', nif: 'X1234567L' });
    const rows = (await storedEvents(srv, { type: ['FacturaEmitida', 'RegistroFacturacionAltaGenerado'] })).filter((e) => String(e.data.idFactura) === String(f.body.idFactura));
    expect(rows).to.have.length(2);
    for (const r of rows) expect(JSON.stringify(r.data)).not.to.contain('X1234567L').and.not.to.contain('Borrable');
    expect((await req('DELETE', `/api/pacientes/${p.idPaciente}`, admin)).status).to.be.within(200, 299);
    const after = await req('GET', `/api/facturas/${f.body.idFactura}`, admin);
    expect(after.status, after.text).to.equal(200);
    expect(after.body).to.include({ numSerie: f.body.numSerie, estado: 'EMITIDA', huella: f.body.huella });
    // Kept under the billing key until BILLING_RETENTION_YEARS have passed (test/billing/retencion.test.ts).
    expect(after.body.destinatario).to.include({ nombreRazon: 'Sofía Borrable', nif: 'X1234567L' });
    const pdf = await fetch(`${srv.url}/api/facturas/${f.body.idFactura}/pdf`, { headers: { Authorization: `Bearer ${admin}` } });
    expect(pdf.status).to.equal(200);
    expect(await verificarRegistros(srv.deps.store)).to.include({ valido: true });
  });
});

const SISTEMA = {
  productor: { nombreRazon: 'Productor S.L.', nif: 'B12345674' }, nombre: 'practice', id: 'PR', version: '1.0', numeroInstalacion: '1',
  soloVerifactu: true, multiplesObligados: false, indicadorMultiplesObligados: false,
};
