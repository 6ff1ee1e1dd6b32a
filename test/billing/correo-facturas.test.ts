import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectSession, pacienteBody } from '../http/helpers.ts';
import { checkXref } from '../support/pdf-read.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { RecordatoriosFacturasWorker } from '../../src/reactors/facturacion/recordatorios.ts';
import { correoFacturacionReactor } from '../../src/reactors/facturacion/correo.ts';
import { leerCorreo, textoPdf, type CorreoLeido } from './correo-mime.ts';

// Billing mails (issue 32 item 7, docs/billing.md "Mail") through the real server, its outbox and
// a real SMTP server: the invoice with its PDF, the receipt of a payment, and the reminder of an
// invoice still unpaid BILLING_REMINDER_DAYS after its date of issue, driven by a manual clock.
const CONSULTA = { nombreRazon: 'Consulta Ejemplo S.L.', nif: 'B12345674', domicilio: ['Calle Mayor 1', '28013 Madrid'] };
const ZONE = 'Europe/Madrid';
const at = (iso: string) => new Date(iso);

interface Persona { token: string; idPaciente: number; idUsuario: number; email: string }

describe('billing mails: the invoice, the receipt and the reminder of an unpaid invoice, once each', function () {
  this.timeout(120_000);
  // 2 March 2026, 11:00 in Madrid: every invoice here is dated 2026-03-02.
  const clock = new ManualClock(at('2026-03-02T10:00:00Z'));
  let srv: TestServer;
  let admin: string;
  let ana: Persona;
  const f: Record<string, any> = {};

  const req = (method: string, path: string, token: string, body?: unknown) => srv.request(method, path, { token, body });
  const registrar = async (nombre: string): Promise<Persona> => {
    const body = pacienteBody({}, { nombre });
    const r = await srv.request('POST', '/auth/register-paciente', { body });
    expectSession(r, 'PACIENTE');
    return { token: r.body.token, idPaciente: r.body.idPaciente, idUsuario: r.body.idUsuario, email: body.usuario.email };
  };
  const emitir = async (p: Persona, lineas: unknown[]) => {
    const r = await req('POST', '/api/admin/facturas', admin, { idPaciente: p.idPaciente, lineas });
    expect(r.status, r.text).to.equal(201);
    return r.body;
  };
  const recibidos = (email: string, subject: string): CorreoLeido[] =>
    srv.smtp.mails.filter((m) => m.to.includes(email)).map(leerCorreo).filter((m) => m.subject === subject);
  const esperar = async (email: string, subject: string): Promise<CorreoLeido[]> => {
    const deadline = Date.now() + 15_000;
    while (recibidos(email, subject).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    return recibidos(email, subject);
  };
  /** The outbox delivered everything due: nothing claimable is left (the worker runs beside this drain). */
  const entregado = async () => {
    expect(await srv.reactors.waitFor(await srv.deps.store.head(), 20_000), 'reactors caught up').to.equal(true);
    for (let i = 0; i < 100 && (await srv.deps.knex('outbox').whereIn('status', ['PENDING', 'SENDING']).count({ n: '*' }))[0].n !== '0'; i++) {
      await srv.outbox.drainOnce();
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const filasOutbox = (key: string) => srv.deps.knex('outbox').where({ dedupe_key: key }).count({ n: '*' }).then((r) => Number(r[0].n));
  /** A payment recorded at the desk, through the API (POST /api/facturas/{id}/pagos). */
  const pagar = async (factura: { idFactura: number }, importeCentimos: number, metodo: string) => {
    const r = await req('POST', `/api/facturas/${factura.idFactura}/pagos`, admin, { importeCentimos, metodo });
    expect(r.status, r.text).to.equal(201);
  };

  before(async () => {
    srv = await startTestServer({ clock });
    // The tests drive their own reminder workers with the manual clock.
    await srv.recordatoriosFacturas.stop();
    admin = await srv.adminToken();
    expect((await req('PUT', '/api/admin/facturacion/ajustes', admin, { emisorEs: 'CONSULTA', consulta: CONSULTA })).status).to.equal(200);
    ana = await registrar('Ana');
  });
  after(async () => { await srv?.stop(); });

  it('mails the issued invoice to the patient once, with the same PDF as the API and nothing of the sessions', async () => {
    f.a = await emitir(ana, [{ precioCentimos: 6000, descripcion: 'Terapia de pareja' }]);
    const subject = `Factura ${f.a.numSerie}`;
    expect(f.a.numSerie).to.equal('2026-A/000001');
    const [mail, ...mas] = await esperar(ana.email, subject);
    expect(mas).to.have.length(0);
    expect(mail.text).to.include(`la factura ${f.a.numSerie} del 02/03/2026, emitida por Consulta Ejemplo S.L., por importe de 60,00 €`);
    expect(mail.text).to.match(/^Hola Ana:/);
    expect(mail.text).not.to.include('Terapia de pareja');
    const pdfs = mail.partes.filter((p) => p.tipo === 'application/pdf');
    expect(pdfs.map((p) => p.nombre)).to.deep.equal(['factura-2026-A_000001.pdf']);
    const pdf = pdfs[0].contenido;
    checkXref(pdf);
    expect(textoPdf(pdf)).to.include('2026-A/000001').and.include('60,00 €');
    const api = await fetch(`${srv.url}/api/facturas/${f.a.idFactura}/pdf`, { headers: { Authorization: `Bearer ${ana.token}` } });
    expect(Buffer.from(await api.arrayBuffer()).equals(pdf), 'the PDF the API serves').to.equal(true);

    // A replay of the event (a second instance, a reset checkpoint) queues nothing more.
    const [emitida] = await srv.deps.store.readStream(`factura-${f.a.idFactura}`);
    const reactor = correoFacturacionReactor({ store: srv.deps.store, practiceTimezone: ZONE, aeatEndpoint: srv.config.aeat.endpoint });
    await srv.deps.knex.transaction((trx) => reactor.react(trx, emitida));
    expect(await filasOutbox(`factura-emitida:${f.a.idFactura}:mail`)).to.equal(1);
    await entregado();
    expect(recibidos(ana.email, subject)).to.have.length(1);
  });

  it('mails a rectifying invoice as such, with its PDF', async () => {
    const r = await req('POST', `/api/admin/facturas/${f.a.idFactura}/rectificativa`, admin, { lineas: [{ precioCentimos: -1000 }], motivo: 'Descuento no aplicado' });
    expect(r.status, r.text).to.equal(201);
    const [mail] = await esperar(ana.email, 'Factura rectificativa 2026-R/000001');
    expect(mail.text).to.include('la factura rectificativa 2026-R/000001 del 02/03/2026').and.include('-10,00 €');
    const [pdf] = mail.partes.filter((p) => p.tipo === 'application/pdf');
    expect(textoPdf(pdf.contenido)).to.include('2026-R/000001').and.include(f.a.numSerie);
  });

  it('sends a receipt of each payment: amount, method, invoice and what remains due', async () => {
    f.b = await emitir(ana, [{ precioCentimos: 6000 }]);
    await pagar(f.b, 2500, 'TARJETA');
    const subject = `Justificante de pago: factura ${f.b.numSerie}`;
    const [primero] = await esperar(ana.email, subject);
    expect(primero.text).to.include(`Hemos recibido su pago de 25,00 € con tarjeta el 02/03/2026 por la factura ${f.b.numSerie}. Quedan pendientes 35,00 €.`);
    expect(primero.partes.filter((p) => p.tipo === 'application/pdf')).to.have.length(0);
    await pagar(f.b, 3500, 'BIZUM');
    const deadline = Date.now() + 15_000;
    while (recibidos(ana.email, subject).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    const textos = recibidos(ana.email, subject).map((m) => m.text);
    expect(textos).to.have.length(2);
    expect(textos.find((t) => t.includes('35,00 € por Bizum'))).to.include('La factura queda pagada en su totalidad.');
  });

  it('reminds an invoice still unpaid after BILLING_REMINDER_DAYS, once across workers and restarts, and never a paid or cancelled one', async () => {
    expect(srv.config.billingReminderDays).to.equal(15);
    f.anulada = await emitir(ana, [{ precioCentimos: 4000 }]);
    expect((await req('POST', `/api/admin/facturas/${f.anulada.idFactura}/anulacion`, admin, { motivo: 'Emitida por error' })).status).to.equal(200);
    await entregado();
    const worker = () => new RecordatoriosFacturasWorker({ knex: srv.deps.knex, store: srv.deps.store, clock, practiceTimezone: ZONE, dias: 15 });
    const [uno, otro] = [worker(), worker()];
    // 15 days after 2 March is 17 March from midnight in Madrid (23:00 UTC the day before).
    expect(await uno.runOnce(at('2026-03-16T22:59:59Z'))).to.equal(0);
    expect(await Promise.all([uno.runOnce(at('2026-03-16T23:00:00Z')), otro.runOnce(at('2026-03-16T23:00:00Z'))])).to.have.members([1, 0]);
    expect(await worker().runOnce(at('2026-04-20T10:00:00Z')), 'a restarted worker, later').to.equal(0);

    const decisiones = Object.fromEntries((await srv.deps.knex('facturas_recordatorios').select('id_factura', 'resultado')).map((r) => [r.id_factura, r.resultado]));
    // The rectified invoice still owes 50.00; the paid one nothing; the cancelled and the rectifying ones are not reminded.
    expect(decisiones).to.deep.equal({ [f.a.idFactura]: 'ENVIADO', [f.b.idFactura]: 'PAGADA' });
    expect(await filasOutbox(`factura-recordatorio:${f.b.idFactura}:mail`)).to.equal(0);
    const [mail] = await esperar(ana.email, `Recordatorio de pago: factura ${f.a.numSerie}`);
    expect(mail.text).to.include(`de la factura ${f.a.numSerie} del 02/03/2026 quedan pendientes de pago 50,00 €`);
    await entregado();
    expect(recibidos(ana.email, `Recordatorio de pago: factura ${f.a.numSerie}`)).to.have.length(1);
    expect(srv.smtp.mails.map(leerCorreo).filter((m) => m.subject.startsWith('Recordatorio de pago')).map((m) => m.subject)).to.deep.equal([`Recordatorio de pago: factura ${f.a.numSerie}`]);
  });

  it('reminds nobody who turned notifications off or was erased, and fails nothing', async () => {
    clock.set(at('2026-04-01T10:00:00Z'));
    admin = await srv.adminToken(); // the earlier token has expired by this clock
    const [bea, carla] = [await registrar('Bea'), await registrar('Carla')];
    f.bea = await emitir(bea, [{ precioCentimos: 3000 }]);
    f.carla = await emitir(carla, [{ precioCentimos: 3000 }]);
    expect(await esperar(carla.email, `Factura ${f.carla.numSerie}`)).to.have.length(1);
    expect((await req('PUT', '/api/ajustes', bea.token, { notificaciones: false })).status).to.equal(200);
    expect((await req('DELETE', `/api/pacientes/${carla.idPaciente}`, admin)).status).to.equal(204);
    expect(await srv.deps.projections.waitFor(await srv.deps.store.head(), 20_000), 'read models caught up').to.equal(true);
    const worker = new RecordatoriosFacturasWorker({ knex: srv.deps.knex, store: srv.deps.store, clock, practiceTimezone: ZONE, dias: 15 });
    expect(await worker.runOnce(at('2026-04-20T10:00:00Z'))).to.equal(0);
    const rows = await srv.deps.knex('facturas_recordatorios').whereIn('id_factura', [f.bea.idFactura, f.carla.idFactura]).orderBy('id_factura').pluck('resultado');
    expect(rows).to.deep.equal(['SIN_AVISOS', 'SIN_CORREO']);
    expect(await srv.deps.knex('outbox').where({ status: 'FAILED' }).count({ n: '*' }).then((r) => Number(r[0].n))).to.equal(0);
  });

  it('sends no reminders with BILLING_REMINDER_DAYS=0', async () => {
    expect(loadConfig({ NODE_ENV: 'test', BILLING_REMINDER_DAYS: '0' }).billingReminderDays).to.equal(0);
    const cero = new RecordatoriosFacturasWorker({ knex: srv.deps.knex, store: srv.deps.store, clock, practiceTimezone: ZONE, dias: 0 });
    clock.set(at('2026-05-01T10:00:00Z'));
    admin = await srv.adminToken();
    const g = await emitir(ana, [{ precioCentimos: 1000 }]);
    expect(await cero.runOnce(at('2027-05-01T10:00:00Z'))).to.equal(0);
    expect(await srv.deps.knex('facturas_recordatorios').where({ id_factura: g.idFactura }).first()).to.equal(undefined);
  });
});
