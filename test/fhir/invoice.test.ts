import { expect } from 'chai';
import { DateTime } from 'luxon';
import { ManualClock } from '../../src/platform/clock.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { assertValidFhir } from '../support/fhir-validate.ts';
import { asignar, newPaciente, newPsicologo, type Paciente } from '../directory/support.ts';
import { smartClient } from './attack-support.ts';
import { deletedOf, kickoff, manifestOf, outputOf } from './bulk-support.ts';
import { expectFhirTypesCover } from './stream-types.ts';

// Billing in FHIR (issue 32 item 10, docs/fhir.md "Invoice", "ChargeItem"): issued invoices and
// appointments' charges, read, searched and exported as valid R4, to whom the REST API shows them.
const ZONE = 'Europe/Madrid';
const CONSULTA = { nombreRazon: 'Consulta Ejemplo S.L.', nif: 'B12345674', domicilio: ['Calle Mayor 1', '28013 Madrid'] };
const EUR = (value: number) => ({ value, currency: 'EUR' });
const OWN = 'https://practice.example/fhir/CodeSystem';

describe('FHIR Invoice and ChargeItem', function () {
  this.timeout(120_000);
  let srv: TestServer;
  let clock: ManualClock;
  let admin: string;
  let psiA: { token: string; idPsicologo: number };
  let psiB: { token: string; idPsicologo: number };
  let pa: Paciente;
  let pb: Paciente;
  let idServicio: number;
  let cita: number;
  const f: Record<string, any> = {};

  const req = async (method: string, path: string, token: string, body?: unknown) => {
    const r = await srv.request(method, path, { token, body });
    expect(r.status, `${method} ${path}: ${r.text}`).to.be.oneOf([200, 201, 204]);
    return r.body;
  };
  const get = (path: string, token = admin) => srv.request('GET', `/fhir/R4/${path}`, { token });
  /** The ids a search finds (every page is valid FHIR). */
  const ids = async (path: string, token = admin) => {
    const r = await get(path, token);
    expect(r.status, `${path}: ${r.text}`).to.equal(200);
    assertValidFhir(r.body, path);
    return (r.body.entry ?? []).map((e: any) => e.resource.id);
  };
  const read = async (path: string, token = admin) => {
    const r = await get(path, token);
    expect(r.status, `${path}: ${r.text}`).to.equal(200);
    assertValidFhir(r.body, path);
    return r.body;
  };

  before(async () => {
    // A minute on: charging begins when billing is installed (migration 055), as the server starts.
    clock = new ManualClock(new Date(Date.now() + 60_000));
    srv = await startTestServer({ clock, env: { BULK_EXPORT_RETRY_AFTER_SECONDS: '1', BULK_EXPORT_KICKOFFS_PER_MINUTE: '0', BULK_EXPORT_MAX_KEPT_PER_CLIENT: '0' } });
    admin = await srv.adminToken();
    [psiA, psiB] = [await newPsicologo(srv, admin), await newPsicologo(srv, admin)];
    [pa, pb] = [await newPaciente(srv), await newPaciente(srv)];
    await asignar(srv, admin, pa.idPaciente, psiA.idPsicologo);
    await asignar(srv, admin, pb.idPaciente, psiB.idPsicologo);
    idServicio = (await req('POST', '/api/admin/servicios', admin, { nombre: 'Sesión individual', precioCentimos: 6000, duracionMinutos: 50 })).idServicio;
    // pa's appointment, held: charged at the service's price.
    const start = DateTime.fromJSDate(clock.now()).setZone(ZONE).plus({ hours: 30 }).startOf('minute').toFormat("yyyy-LL-dd'T'HH:mm:ss");
    cita = (await req('POST', '/api/citas', pa.token, { idPsicologo: psiA.idPsicologo, startDatetime: start, durationMinutes: 50, motivo: null })).idCita;
    await req('PUT', `/api/psicologo/citas/${cita}`, psiA.token, { estado: 'CONFIRMADA' });
    await req('PUT', `/api/psicologo/citas/${cita}`, psiA.token, { estado: 'COMPLETADA' });
    expect(await srv.reactors.waitFor(await srv.deps.store.head(), 20_000)).to.equal(true);
    // The practice issues: pa's invoice (full: pa has a NIF and an address), a taxable one to pb, cancelled, and a rectifying one.
    await req('PUT', '/api/admin/facturacion/ajustes', admin, { emisorEs: 'CONSULTA', consulta: CONSULTA });
    f.a = await req('POST', '/api/admin/facturas', admin, { idPaciente: pa.idPaciente, lineas: [{ idServicio, cantidad: 2 }] });
    f.b = await req('POST', '/api/admin/facturas', admin, { idPaciente: pb.idPaciente, lineas: [{ descripcion: 'Informe pericial', precioCentimos: 10001, iva: 21 }] });
    await req('POST', `/api/admin/facturas/${f.b.idFactura}/anulacion`, admin, { motivo: 'Emitida por error' });
    f.r = await req('POST', `/api/admin/facturas/${f.a.idFactura}/rectificativa`, admin, { motivo: 'Una sesión no se celebró', lineas: [{ precioCentimos: -6000 }] });
    // Then psiA issues as a professional.
    await req('PUT', `/api/admin/psicologos/${psiA.idPsicologo}/datos-fiscales`, admin, { nombreRazon: 'Laura Gómez', nif: '00000000T', domicilio: ['Calle Luna 2'] });
    await req('PUT', '/api/admin/facturacion/ajustes', admin, { emisorEs: 'PSICOLOGO', consulta: CONSULTA });
    f.p = await req('POST', '/api/admin/facturas', psiA.token, { idPaciente: pa.idPaciente, lineas: [{ precioCentimos: 4550 }] });
  });
  after(async () => { await srv?.stop(); });

  it('serves an invoice as issued: its number under the issuer\'s system, type, patient and recipient, issuer, lines with base and tax in EUR, totals', async () => {
    const inv = await read(`Invoice/${f.a.idFactura}`);
    expect(inv.identifier).to.deep.equal([{ use: 'official', system: `${OWN}/factura/B12345674`, value: f.a.numSerie }]);
    expect(inv).to.deep.include({
      status: 'issued', subject: { reference: `Patient/${pa.idPaciente}` }, recipient: { reference: `Patient/${pa.idPaciente}`, display: 'Ana Pérez' },
      date: f.a.fechaExpedicion, issuer: { identifier: { system: `${OWN}/nif`, value: 'B12345674' }, display: CONSULTA.nombreRazon },
      totalNet: EUR(120), totalGross: EUR(120),
    });
    expect(inv.type.coding[0]).to.include({ system: `${OWN}/tipo-factura`, code: 'F1' });
    expect(inv.lineItem).to.deep.equal([{
      sequence: 1, chargeItemCodeableConcept: { text: 'Sesión individual' },
      priceComponent: [
        { type: 'base', factor: 2, amount: EUR(120) },
        { type: 'tax', code: { coding: [{ system: `${OWN}/iva`, code: 'exento', display: 'Exenta (art. 20.Uno.3º Ley 37/1992)' }] }, amount: EUR(0) },
      ],
    }]);
    expect(inv).to.not.have.property('participant');
    // Nothing of the recipient's NIF or address: the Patient shows those to whom it may.
    expect(JSON.stringify(inv)).to.not.include('12345678Z').and.not.include('Calle Mayor 1');

    const b = await read(`Invoice/${f.b.idFactura}`);
    expect(b.status).to.equal('cancelled');
    expect(b.lineItem[0].priceComponent[1]).to.deep.equal({ type: 'tax', code: { coding: [{ system: `${OWN}/iva`, code: '21', display: 'IVA 21 %' }] }, amount: EUR(21) });
    expect(b).to.deep.include({ totalNet: EUR(100.01), totalGross: EUR(121.01) });
    const r = await read(`Invoice/${f.r.idFactura}`);
    expect(r).to.deep.include({ status: 'issued', totalGross: EUR(-60), note: [{ text: `Rectifica la factura ${f.a.numSerie} de ${f.a.fechaExpedicion}: Una sesión no se celebró` }] });
    expect(r.type.coding[0].code).to.equal('R1');
    const p = await read(`Invoice/${f.p.idFactura}`);
    expect(p.identifier[0]).to.deep.equal({ use: 'official', system: `${OWN}/factura/00000000T`, value: f.p.numSerie });
    expect(p.participant).to.deep.equal([{ role: { coding: [{ system: `${OWN}/participante-factura`, code: 'emisor', display: 'Emisor' }] }, actor: { reference: `Practitioner/${psiA.idPsicologo}` } }]);
    expect(p.issuer.display).to.equal('Laura Gómez');
  });

  it('searches invoices by patient, subject, date, status and number (with or without the issuer\'s system)', async () => {
    const all = [f.a, f.b, f.r, f.p].map((x) => String(x.idFactura));
    expect(await ids('Invoice')).to.deep.equal(all);
    expect(await ids(`Invoice?patient=${pa.idPaciente}`)).to.deep.equal([all[0], all[2], all[3]]);
    expect(await ids(`Invoice?subject=Patient/${pb.idPaciente}`)).to.deep.equal([all[1]]);
    expect(await ids('Invoice?status=cancelled')).to.deep.equal([all[1]]);
    expect(await ids('Invoice?status=http://hl7.org/fhir/invoice-status|issued,draft')).to.deep.equal([all[0], all[2], all[3]]);
    expect(await ids(`Invoice?date=${f.a.fechaExpedicion}`)).to.deep.equal(all);
    expect(await ids('Invoice?date=lt2000-01-01')).to.deep.equal([]);
    // The practice's and psiA's first invoices share the number; the system tells them apart.
    expect(f.p.numSerie).to.equal(f.a.numSerie);
    expect(await ids(`Invoice?identifier=${encodeURIComponent(f.a.numSerie)}`)).to.deep.equal([all[0], all[3]]);
    expect(await ids(`Invoice?identifier=${encodeURIComponent(`${OWN}/factura/B12345674|${f.a.numSerie}`)}`)).to.deep.equal([all[0]]);
    expect(await ids(`Invoice?identifier=${encodeURIComponent(`|${f.a.numSerie}`)}`)).to.deep.equal([]);
    expect((await get('Invoice?status=paid')).status).to.equal(400);
  });

  it('serves a held appointment\'s charge as a billable ChargeItem priced before VAT, naming the appointment', async () => {
    const c = await read(`ChargeItem/${cita}`);
    expect(c).to.deep.include({
      status: 'billable', subject: { reference: `Patient/${pa.idPaciente}` }, performer: [{ actor: { reference: `Practitioner/${psiA.idPsicologo}` } }],
      priceOverride: EUR(60), supportingInformation: [{ reference: `Appointment/${cita}` }], quantity: { value: 1 },
    });
    expect(c.occurrenceDateTime).to.match(/^\d{4}-\d{2}-\d{2}$/);
    expect(c.code.coding).to.deep.equal([
      { system: `${OWN}/concepto-cargo`, code: 'sesion', display: 'Sesión' },
      { system: `${OWN}/servicio-facturable`, code: String(idServicio), display: 'Sesión individual' },
    ]);
    expect(await ids(`ChargeItem?patient=${pa.idPaciente}&status=billable`)).to.deep.equal([String(cita)]);
    expect(await ids('ChargeItem?status=billed')).to.deep.equal([]);
    expect(await ids(`ChargeItem?subject=${pb.idPaciente}`)).to.deep.equal([]);
  });

  it('shows each viewer what the REST API shows: a patient their own, a psychologist their patients\' and what they issued, a client its scopes\' types', async () => {
    const [a, b, r, p] = [f.a, f.b, f.r, f.p].map((x) => String(x.idFactura));
    expect(await ids('Invoice', pa.token)).to.deep.equal([a, r, p]);
    expect(await ids('Invoice', pb.token)).to.deep.equal([b]);
    expect(await ids('Invoice', psiA.token)).to.deep.equal([a, r, p]);
    expect(await ids('Invoice', psiB.token)).to.deep.equal([b]);
    for (const [token, path] of [[pb.token, `Invoice/${a}`], [psiB.token, `Invoice/${p}`], [pa.token, `Invoice/${b}`], [pb.token, `ChargeItem/${cita}`], [psiB.token, `ChargeItem/${cita}`]]) {
      expect((await get(path, token)).status, path).to.equal(404);
    }
    expect(await ids('ChargeItem', pa.token)).to.deep.equal([String(cita)]);
    expect(await ids('ChargeItem', psiA.token)).to.deep.equal([String(cita)]);
    const cliente = await smartClient(srv, admin, ['system/Invoice.read']);
    expect(await ids(`Invoice?_id=${a}`, cliente.token)).to.deep.equal([a]);
    expect((await get('ChargeItem', cliente.token)).status).to.equal(403);
  });

  it('exports both types (a system export and a psychologist\'s patients), valid line by line', async () => {
    const m = await manifestOf(srv, clock, await kickoff(srv, '$export?_type=Invoice,ChargeItem', admin), admin);
    const out = await outputOf(srv, m, admin);
    expect(out.get('Invoice')!.map((x) => x.id)).to.have.members([f.a, f.b, f.r, f.p].map((x) => String(x.idFactura)));
    expect(out.get('ChargeItem')!.map((x) => x.id)).to.deep.equal([String(cita)]);
    // A Patient-level export carries them without being asked: they are in the Patient compartment.
    const mine = await outputOf(srv, await manifestOf(srv, clock, await kickoff(srv, 'Patient/$export', psiB.token), psiB.token), psiB.token);
    expect(mine.get('Invoice')!.map((x) => x.id)).to.deep.equal([String(f.b.idFactura)]);
    expect(mine.has('ChargeItem')).to.equal(false);
  });

  it('keeps an erased patient\'s invoices without the recipient\'s name (sent again after _since) and lists their charges as deleted', async () => {
    const m1 = await manifestOf(srv, clock, await kickoff(srv, '$export?_type=Invoice,ChargeItem', admin), admin);
    expect((await srv.request('DELETE', `/api/pacientes/${pa.idPaciente}`, { token: admin })).status).to.equal(204);
    const inv = await read(`Invoice/${f.a.idFactura}`);
    expect(inv).to.not.have.property('recipient');
    expect(JSON.stringify(inv)).to.not.include('Ana Pérez');
    expect((await get(`ChargeItem/${cita}`)).status).to.equal(404);
    const m2 = await manifestOf(srv, clock, await kickoff(srv, `$export?_type=Invoice,ChargeItem&_since=${encodeURIComponent(m1.transactionTime)}`, admin), admin);
    const out = await outputOf(srv, m2, admin);
    expect(out.get('Invoice')!.map((x) => x.id)).to.have.members([f.a, f.r, f.p].map((x) => String(x.idFactura)));
    expect(JSON.stringify(out.get('Invoice'))).to.not.include('Ana Pérez');
    expect(await deletedOf(srv, m2, admin)).to.deep.equal([`ChargeItem/${cita}`]);
  });

  it('every event type billing wrote to an invoice\'s or a charge\'s stream is one the fhir read model hears', async () => {
    await expectFhirTypesCover(srv);
  });
});
