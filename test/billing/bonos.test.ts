import { expect } from 'chai';
import { DateTime } from 'luxon';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectError } from '../http/helpers.ts';
import { asignar } from '../directory/support.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { cargosReactor } from '../../src/reactors/cargos.ts';
import type { StoredEvent } from '../../src/eventstore/port.ts';
import { alDia, cargo, citas, CONSULTA, inicioDeMes, registrarPaciente, registrarPsicologo, ZONE, type Persona } from './facturacion-support.ts';

// Prepaid packs (issue 32 item 1, docs/billing.md "Packs") against the real server: a pack is sold
// with its invoice in one append, each completed session uses one until none is left, then sessions
// are charged again; an expired pack, another service's pack and a cancellation never use one; two
// sessions racing for the last use cannot both take it.
const FEE = 2500;

describe('prepaid packs (bonos): sold with their invoice, used by completed sessions', function () {
  this.timeout(120_000);
  let srv: TestServer;
  let clock: ManualClock;
  let admin: string;
  let psi: Persona;
  let otroPsi: Persona;
  let pac: Persona;
  let api: ReturnType<typeof citas>;
  let idServicio: number;

  before(async () => {
    clock = new ManualClock(inicioDeMes());
    srv = await startTestServer({ clock, env: { BILLING_LATE_CANCEL_FEE_CENTS: String(FEE) } });
    admin = await srv.adminToken();
    [psi, otroPsi] = [await registrarPsicologo(srv, admin), await registrarPsicologo(srv, admin)];
    pac = await registrarPaciente(srv);
    await asignar(srv, admin, pac.idPaciente, psi.idPsicologo);
    api = citas(srv, clock, psi);
    idServicio = (await api.req('POST', '/api/admin/servicios', admin, { nombre: 'Sesión individual', precioCentimos: 6000, duracionMinutos: 50 })).body.idServicio;
  });
  after(async () => { await srv?.stop(); });

  const dia = (days: number) => DateTime.fromJSDate(clock.now()).setZone(ZONE).plus({ days }).toISODate()!;
  const vender = (body: Record<string, unknown>, token = admin, id = pac.idPaciente) => api.req('POST', `/api/pacientes/${id}/bonos`, token, body);
  const bonos = async (token = pac.token) => (await api.req('GET', `/api/pacientes/${pac.idPaciente}/bonos`, token)).body as Record<string, any>[];

  it('refuses a pack without the issuer\'s data (409, and no pack), bad input (400 naming the field) and another psychologist\'s patient (404)', async () => {
    expectError(await vender({ sesiones: 2, precioCentimos: 10000, validoHasta: dia(30) }), 409, /datos del emisor/);
    expect(await bonos()).to.deep.equal([]);
    expect((await api.req('PUT', '/api/admin/facturacion/ajustes', admin, { emisorEs: 'CONSULTA', consulta: CONSULTA })).status).to.equal(200);
    expectError(await vender({ sesiones: 0, precioCentimos: 10000, validoHasta: dia(30) }), 400, /sesiones/);
    expectError(await vender({ sesiones: 101, precioCentimos: 10000, validoHasta: dia(30) }), 400, /sesiones/);
    expectError(await vender({ sesiones: 2, precioCentimos: 10.5, validoHasta: dia(30) }), 400, /precioCentimos/);
    expectError(await vender({ sesiones: 2, precioCentimos: 10000, validoHasta: '2026-02-30' }), 400, /validoHasta/);
    expectError(await vender({ sesiones: 2, precioCentimos: 10000, validoHasta: dia(-1) }), 400, /validoHasta/);
    expectError(await vender({ sesiones: 2, precioCentimos: 10000, validoHasta: dia(30), iva: 7 }), 400, /iva/);
    expectError(await vender({ sesiones: 2, precioCentimos: 10000, validoHasta: dia(30) }, otroPsi.token), 404);
    expectError(await vender({ sesiones: 2, precioCentimos: 10000, validoHasta: dia(30) }, pac.token), 403);
    expectError(await api.req('GET', `/api/pacientes/${pac.idPaciente}/bonos`, otroPsi.token), 404);
    expectError(await vender({ sesiones: 2, precioCentimos: 10000, validoHasta: dia(30), idServicio: 999_999 }), 404);
    expect(await bonos()).to.deep.equal([]);
  });

  it('sells a pack with its invoice; sessions use it until it is exhausted, then are charged; a cancellation never uses it', async () => {
    const r = await vender({ sesiones: 2, precioCentimos: 10000, validoHasta: dia(30) }, psi.token);
    expect(r.status, r.text).to.equal(201);
    expect(r.body).to.include({ sesiones: 2, usadas: 0, restantes: 2, estado: 'ACTIVO', validoHasta: dia(30), idServicio: null, precioCentimos: 10000, iva: 'EXENTO' });
    const factura = await api.req('GET', `/api/facturas/${r.body.idFactura}`, pac.token);
    expect(factura.status, factura.text).to.equal(200);
    expect(factura.body.lineas.map((l: { descripcion: string }) => l.descripcion)).to.deep.equal(['Bono de 2 sesiones']);
    expect(factura.body.importeTotalCentimos).to.equal(10000);

    const [a, b] = [await api.completada(pac, 2), await api.completada(pac, 3)];
    const tardia = await api.reservar(pac, 5);
    expect((await api.req('DELETE', `/api/citas/${tardia.idCita}`, pac.token)).status).to.equal(204);
    const c = await api.completada(pac, 6);
    await alDia(srv);
    expect(await cargo(srv, admin, a)).to.include({ estado: 'CUBIERTO_BONO', idBono: r.body.idBono, totalCentimos: 6000, idFactura: null });
    expect(await cargo(srv, admin, b)).to.include({ estado: 'CUBIERTO_BONO', idBono: r.body.idBono });
    expect(await cargo(srv, admin, tardia.idCita)).to.include({ estado: 'PENDIENTE_FACTURAR', idBono: null, totalCentimos: FEE });
    expect(await cargo(srv, admin, c)).to.include({ estado: 'PENDIENTE_FACTURAR', idBono: null, totalCentimos: 6000 });
    expect(await bonos()).to.deep.include({ ...r.body, usadas: 2, restantes: 0, estado: 'AGOTADO' });
    expect((await srv.deps.store.readStream(`bono-${r.body.idBono}`)).map((e) => e.type)).to.deep.equal(['BonoVendido', 'BonoSesionUsada', 'BonoSesionUsada']);
  });

  it('does not use an expired pack nor one of another service; uses the one expiring first', async () => {
    const otroServicio = (await api.req('POST', '/api/admin/servicios', admin, { nombre: 'Sesión de pareja', precioCentimos: 9000, duracionMinutos: 90 })).body.idServicio;
    const caduca = (await vender({ sesiones: 5, precioCentimos: 20000, validoHasta: dia(0) })).body;
    const deOtro = (await vender({ sesiones: 5, precioCentimos: 20000, validoHasta: dia(10), idServicio: otroServicio })).body;
    const lejano = (await vender({ sesiones: 5, precioCentimos: 20000, validoHasta: dia(60), idServicio })).body;
    const cercano = (await vender({ sesiones: 5, precioCentimos: 20000, validoHasta: dia(40) })).body;
    // A session tomorrow: the pack that expires today does not cover it; of the others, the one expiring first.
    const cita = await api.completada(pac, 26);
    await alDia(srv);
    expect(await cargo(srv, admin, cita)).to.include({ estado: 'CUBIERTO_BONO', idBono: cercano.idBono });
    const estados = Object.fromEntries((await bonos()).map((x) => [x.idBono, [x.usadas, x.estado]]));
    expect(estados[caduca.idBono]).to.deep.equal([0, 'ACTIVO']);
    expect(estados[deOtro.idBono]).to.deep.equal([0, 'ACTIVO']);
    expect(estados[lejano.idBono]).to.deep.equal([0, 'ACTIVO']);
    expect(estados[cercano.idBono]).to.deep.equal([1, 'ACTIVO']);
    clock.advance(2 * 86_400_000);
    for (const p of [pac, psi]) p.token = await srv.login(p.email, p.password);
    admin = await srv.adminToken();
    expect((await bonos()).find((x) => x.idBono === caduca.idBono)!.estado).to.equal('CADUCADO');
  });

  it('gives a pack\'s last session to one of two sessions racing for it; the other is charged', async () => {
    // A patient with one pack of one session, and two of their appointments completed at once (two completions
    // handed straight to the charges reactor, as two instances would after a replay).
    const pac2 = await registrarPaciente(srv);
    await asignar(srv, admin, pac2.idPaciente, psi.idPsicologo);
    const ultimo = (await vender({ sesiones: 1, precioCentimos: 6000, validoHasta: dia(100), idServicio }, admin, pac2.idPaciente)).body;
    const [x, y] = [await api.reservar(pac2, 30), await api.reservar(pac2, 31)];
    for (const id of [x.idCita, y.idCita]) {
      expect((await api.req('PUT', `/api/psicologo/citas/${id}`, psi.token, { estado: 'CONFIRMADA' })).status).to.equal(200);
    }
    await alDia(srv);
    const completada = (idCita: number) => ({
      type: 'CitaCompletada', data: { idCita }, revision: 0, position: '0',
      metadata: { eventId: `carrera-${idCita}`, occurredAt: clock.now().toISOString(), actor: null, correlationId: 'c', causationId: null },
    }) as unknown as StoredEvent;
    const reactor = cargosReactor({ store: srv.deps.store, practiceTimezone: ZONE, lateCancelHours: 24, lateCancelFeeCents: FEE });
    await Promise.all([x.idCita, y.idCita].map((id) => srv.deps.knex.transaction((trx) => reactor.react(trx, completada(id)))));
    await alDia(srv);
    const estados = [(await cargo(srv, admin, x.idCita)).estado, (await cargo(srv, admin, y.idCita)).estado].sort();
    expect(estados).to.deep.equal(['CUBIERTO_BONO', 'PENDIENTE_FACTURAR']);
    expect((await srv.deps.store.readStream(`bono-${ultimo.idBono}`)).filter((e) => e.type === 'BonoSesionUsada')).to.have.length(1);
    const suyos = (await api.req('GET', `/api/pacientes/${pac2.idPaciente}/bonos`, pac2.token)).body;
    expect(suyos).to.have.length(1);
    expect(suyos[0]).to.include({ idBono: ultimo.idBono, usadas: 1, restantes: 0, estado: 'AGOTADO' });
  });
});
