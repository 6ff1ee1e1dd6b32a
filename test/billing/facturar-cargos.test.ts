import { expect } from 'chai';
import { DateTime } from 'luxon';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectError } from '../http/helpers.ts';
import { asignar } from '../directory/support.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { startServer } from '../../src/server.ts';
import { facturarCargos } from '../../src/commands/facturar-cargos.ts';
import { verificarRegistros } from '../../src/cli/billing-verify.ts';
import type { AppDeps } from '../../src/deps.ts';
import { alDia, cargo, citas, CONSULTA, ENV_TOKENS, inicioDeMes, nuevoMes as mesSiguiente, registrarPaciente, registrarPsicologo, ZONE, type Persona } from './facturacion-support.ts';

// Invoicing charges (issue 32 item 3, docs/billing.md "Invoicing charges") against the real server:
// the monthly run groups a patient's month in one invoice and never issues twice; POR_CARGO issues
// one invoice per charge as it is recorded; a charge is on one invoice at most, even with two
// instances racing, because CargoFacturado goes in the invoice's own atomic append.
const FEE = 2500;

describe('invoicing charges: per patient and month, or per charge, never twice', function () {
  this.timeout(120_000);
  let srv: TestServer;
  let clock: ManualClock;
  let admin: string;
  let psi: Persona;
  let pac: Persona;
  let otro: Persona;
  let api: ReturnType<typeof citas>;

  before(async () => {
    clock = new ManualClock(inicioDeMes());
    srv = await startTestServer({ clock, env: { ...ENV_TOKENS, BILLING_LATE_CANCEL_FEE_CENTS: String(FEE) } });
    admin = await srv.adminToken();
    psi = await registrarPsicologo(srv, admin);
    [pac, otro] = [await registrarPaciente(srv), await registrarPaciente(srv)];
    await asignar(srv, admin, pac.idPaciente, psi.idPsicologo);
    await asignar(srv, admin, otro.idPaciente, psi.idPsicologo);
    api = citas(srv, clock, psi);
    expect((await api.req('POST', '/api/admin/servicios', admin, { nombre: 'Sesión individual', precioCentimos: 6000, duracionMinutos: 50 })).status).to.equal(201);
  });
  after(async () => { await srv?.stop(); });

  const mensual = (body: unknown, token = admin) => api.req('POST', '/api/admin/facturas/mensuales', token, body);
  const mesDe = () => DateTime.fromJSDate(clock.now()).setZone(ZONE).toFormat('yyyy-LL');
  const nuevoMes = async () => {
    await mesSiguiente(srv, clock, psi, pac, otro);
    admin = await srv.adminToken();
  };
  const streamCargo = (idCita: number) => srv.deps.store.readStream(`cargo-cita-${idCita}`);

  it('invoices a patient\'s month in one invoice, a line per charge dated on its day; a rerun issues nothing; a refusal is a reason, not a 500', async () => {
    const sesiones = [await api.completada(pac, 2), await api.completada(pac, 4)];
    const tardia = await api.reservar(pac, 6);
    expect((await api.req('DELETE', `/api/citas/${tardia.idCita}`, pac.token)).status).to.equal(204);
    const deOtro = await api.completada(otro, 8);
    await alDia(srv);
    const mes = mesDe();
    expectError(await mensual({ mes }), 400, /mes/);
    expectError(await mensual({ mes: '2026-13' }), 400, /mes/);
    expectError(await mensual({ mes }, psi.token), 403);
    await nuevoMes();

    // No issuer data yet: each patient is skipped with the reason, and the charges stay pending.
    const sinEmisor = await mensual({ mes });
    expect(sinEmisor.status, sinEmisor.text).to.equal(200);
    expect(sinEmisor.body.emitidas).to.deep.equal([]);
    expect(sinEmisor.body.omitidos.map((o: { idPaciente: number }) => o.idPaciente)).to.have.members([pac.idPaciente, otro.idPaciente]);
    expect(sinEmisor.body.omitidos[0].motivo).to.match(/datos del emisor/);
    expect((await cargo(srv, admin, deOtro)).estado).to.equal('PENDIENTE_FACTURAR');

    expect((await api.req('PUT', '/api/admin/facturacion/ajustes', admin, { emisorEs: 'CONSULTA', consulta: CONSULTA })).body.facturarCargos).to.equal('MENSUAL');
    const r = await mensual({ mes });
    expect(r.status, r.text).to.equal(200);
    expect(r.body.omitidos).to.deep.equal([]);
    const [f, g] = [...r.body.emitidas].sort((a: { idPaciente: number }, b: { idPaciente: number }) => (a.idPaciente === pac.idPaciente ? -1 : b.idPaciente === pac.idPaciente ? 1 : 0));
    expect(r.body.emitidas).to.have.length(2);
    const fecha = (await cargo(srv, admin, sesiones[0])).fecha;
    expect(f.idPaciente).to.equal(pac.idPaciente);
    expect(f.lineas.map((l: { descripcion: string; fechaOperacion: string; baseCentimos: number }) => [l.descripcion, l.fechaOperacion, l.baseCentimos])).to.deep.equal([
      ['Sesión individual', fecha, 6000], ['Sesión individual', fecha, 6000], ['Cancelación tardía', fecha, FEE],
    ]);
    expect(f.importeTotalCentimos).to.equal(6000 + 6000 + FEE);
    expect(JSON.stringify(f), 'no clinical content on the invoice').not.to.match(/Ansiedad|duelo/);
    expect(g.idPaciente).to.equal(otro.idPaciente);
    expect(g.lineas).to.have.length(1);
    for (const idCita of [...sesiones, tardia.idCita]) expect(await cargo(srv, admin, idCita)).to.include({ estado: 'FACTURADO', idFactura: f.idFactura });
    expect(await cargo(srv, admin, deOtro)).to.include({ estado: 'FACTURADO', idFactura: g.idFactura });
    const pdf = await api.req('GET', `/api/facturas/${f.idFactura}/pdf`, pac.token);
    expect(pdf.status).to.equal(200);

    const otraVez = await mensual({ mes });
    expect(otraVez.body).to.deep.equal({ emitidas: [], omitidos: [] });
    expect((await streamCargo(sesiones[0])).map((e) => e.type)).to.deep.equal(['CargoRegistrado', 'CargoFacturado']);
  });

  it('never puts a charge on two invoices when two instances invoice the same charges at once', async () => {
    const ids = [await api.completada(pac, 2), await api.completada(pac, 3), await api.completada(otro, 4)];
    await alDia(srv);
    const mes = mesDe();
    await nuevoMes();
    const second = await startServer({ config: { ...srv.config, port: 0 }, database: srv.db, push: srv.push, clock });
    try {
      const destinatario = { nombreRazon: 'Ana Pérez', nif: '12345678Z', domicilio: ['Calle Mayor 1'] };
      const facturar = (deps: AppDeps, idPaciente: number) => facturarCargos(deps, { idUsuario: null, rol: 'ADMIN' }, { idPaciente, idCargos: ids, destinatario, nombresServicio: new Map() });
      // The same charges, from both instances, four times each, with the monthly run of the first as well.
      const todos = await Promise.all([
        ...[srv.deps, second.deps, srv.deps, second.deps, srv.deps, second.deps, srv.deps, second.deps].map((d) => facturar(d, pac.idPaciente)),
        mensual({ mes }),
      ]);
      const emitidas = todos.slice(0, 8).filter(Boolean);
      const mensuales = (todos[8] as { body: { emitidas: { idPaciente: number }[] } }).body.emitidas;
      expect(emitidas.length + mensuales.filter((e) => e.idPaciente === pac.idPaciente).length, 'one invoice for pac\'s charges').to.equal(1);
      await alDia(srv);
    } finally {
      await second.close();
    }
    for (const idCita of ids) {
      expect((await streamCargo(idCita)).filter((e) => e.type === 'CargoFacturado'), `charge ${idCita}`).to.have.length(1);
      expect((await cargo(srv, admin, idCita)).estado).to.equal('FACTURADO');
    }
    expect(await verificarRegistros(srv.deps.store)).to.include({ valido: true });
  });

  it('POR_CARGO: each charge becomes its own invoice as it is recorded; a refused one stays pending and stops no other', async () => {
    expect((await api.req('PUT', '/api/admin/facturacion/ajustes', admin, { emisorEs: 'CONSULTA', consulta: CONSULTA, facturarCargos: 'POR_CARGO' })).body.facturarCargos).to.equal('POR_CARGO');
    // Left out, the setting is kept.
    expect((await api.req('PUT', '/api/admin/facturacion/ajustes', admin, { emisorEs: 'CONSULTA', consulta: CONSULTA })).body.facturarCargos).to.equal('POR_CARGO');
    // A patient without NIF whose fixed fee (500.00 €) is over a simplified invoice's limit: their invoice is refused (409).
    const caro = await registrarPaciente(srv, { dni: null });
    await asignar(srv, admin, caro.idPaciente, psi.idPsicologo);
    expect((await api.req('PUT', `/api/pacientes/${caro.idPaciente}/tarifa`, admin, { precioFijoCentimos: 50_000 })).status).to.equal(200);
    const rechazada = await api.completada(caro, 2);
    const [a, b] = [await api.completada(pac, 3), await api.completada(otro, 4)];
    await alDia(srv);
    expect(await cargo(srv, admin, rechazada)).to.include({ estado: 'PENDIENTE_FACTURAR', idFactura: null });
    const [ca, cb] = [await cargo(srv, admin, a), await cargo(srv, admin, b)];
    expect(ca.estado).to.equal('FACTURADO');
    expect(cb.estado).to.equal('FACTURADO');
    expect(ca.idFactura).not.to.equal(cb.idFactura);
    const fa = await api.req('GET', `/api/facturas/${ca.idFactura}`, pac.token);
    expect(fa.body.lineas).to.have.length(1);
    expect(fa.body.importeTotalCentimos).to.equal(ca.totalCentimos);

    // The monthly run later takes the refused one again (and still says why), and nothing invoiced already.
    const mes = mesDe();
    await nuevoMes();
    const r = await mensual({ mes });
    expect(r.body.emitidas).to.deep.equal([]);
    expect(r.body.omitidos).to.have.length(1);
    expect(r.body.omitidos[0]).to.include({ idPaciente: caro.idPaciente });
    expect(r.body.omitidos[0].motivo).to.match(/NIF/);
  });

  it('does not invoice a charge of total 0 (a 100% discount), per charge or monthly; an unknown patient is 404', async () => {
    const gratis = await registrarPaciente(srv);
    await asignar(srv, admin, gratis.idPaciente, psi.idPsicologo);
    expect((await api.req('PUT', `/api/pacientes/${gratis.idPaciente}/tarifa`, admin, { descuentoPorcentaje: 100 })).status).to.equal(200);
    const idCita = await api.completada(gratis, 2);
    await alDia(srv);
    expect(await cargo(srv, admin, idCita)).to.include({ totalCentimos: 0, estado: 'PENDIENTE_FACTURAR', idFactura: null });
    const mes = mesDe();
    await nuevoMes();
    expect((await mensual({ mes, idPaciente: gratis.idPaciente })).body).to.deep.equal({ emitidas: [], omitidos: [] });
    expect((await cargo(srv, admin, idCita)).estado).to.equal('PENDIENTE_FACTURAR');
    expectError(await mensual({ mes, idPaciente: 999_999 }), 404);
  });
});
